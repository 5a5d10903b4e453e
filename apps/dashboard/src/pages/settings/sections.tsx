import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { NotFound } from '../not-found.tsx';

// Each page is fetched when first opened.
const Taxes = lazy(() => import('./taxes.tsx').then((m) => ({ default: m.Taxes })));
const Shipping = lazy(() => import('./shipping.tsx').then((m) => ({ default: m.Shipping })));
const Coupons = lazy(() => import('./coupons.tsx').then((m) => ({ default: m.Coupons })));
const OAuthApps = lazy(() => import('./oauth-apps.tsx').then((m) => ({ default: m.OAuthApps })));
const Sso = lazy(() => import('./sso.tsx').then((m) => ({ default: m.Sso })));
const Mailbox = lazy(() => import('./mailbox.tsx').then((m) => ({ default: m.Mailbox })));
const SignInSettings = lazy(() => import('./sign-in.tsx').then((m) => ({ default: m.SignInSettings })));

/** The pages under /settings/ beside the site's own settings (the router's Suspense shows loading). */
export function SettingsSections() {
  return (
    <Routes>
      <Route path="taxes" element={<Taxes />} />
      <Route path="shipping" element={<Shipping />} />
      <Route path="coupons" element={<Coupons />} />
      <Route path="oauth-apps" element={<OAuthApps />} />
      <Route path="sso" element={<Sso />} />
      <Route path="mailbox" element={<Mailbox />} />
      <Route path="sign-in" element={<SignInSettings />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

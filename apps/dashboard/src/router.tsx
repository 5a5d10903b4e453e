import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { useSession } from './api/session.ts';
import { Shell } from './components/shell.tsx';
import { ErrorState, Loading } from './components/states.tsx';
import { Home } from './pages/home.tsx';
import { NotFound } from './pages/not-found.tsx';
import { SignIn } from './pages/sign-in.tsx';

// Home comes with the first load; the other sections are fetched when first opened.
const Orders = lazy(() => import('./pages/orders.tsx').then((m) => ({ default: m.Orders })));
const OrderPage = lazy(() => import('./pages/order.tsx').then((m) => ({ default: m.OrderPage })));
const Products = lazy(() => import('./pages/products.tsx').then((m) => ({ default: m.Products })));
const ProductPage = lazy(() => import('./pages/product.tsx').then((m) => ({ default: m.ProductPage })));
const Collections = lazy(() => import('./pages/collections.tsx').then((m) => ({ default: m.Collections })));
const Inventory = lazy(() => import('./pages/inventory.tsx').then((m) => ({ default: m.Inventory })));
const Plans = lazy(() => import('./pages/plans.tsx').then((m) => ({ default: m.Plans })));
const Memberships = lazy(() => import('./pages/memberships.tsx').then((m) => ({ default: m.Memberships })));
const Members = lazy(() => import('./pages/members.tsx').then((m) => ({ default: m.Members })));
const MemberPage = lazy(() => import('./pages/member.tsx').then((m) => ({ default: m.MemberPage })));
const Events = lazy(() => import('./pages/events.tsx').then((m) => ({ default: m.Events })));
const EventPage = lazy(() => import('./pages/event.tsx').then((m) => ({ default: m.EventPage })));
const EventFormPage = lazy(() =>
  import('./pages/event-form.tsx').then((m) => ({ default: m.EventFormPage })),
);
const Settings = lazy(() => import('./pages/settings.tsx').then((m) => ({ default: m.Settings })));
const SettingsSections = lazy(() =>
  import('./pages/settings/sections.tsx').then((m) => ({ default: m.SettingsSections })),
);
const Webhooks = lazy(() => import('./pages/webhooks.tsx').then((m) => ({ default: m.Webhooks })));
const WebhookPage = lazy(() => import('./pages/webhook.tsx').then((m) => ({ default: m.WebhookPage })));
const Bookings = lazy(() => import('./pages/bookings/index.tsx').then((m) => ({ default: m.Bookings })));

const TITLES: Array<[RegExp, string]> = [
  [/^\/orders\/.+/, 'Order'],
  [/^\/orders/, 'Orders'],
  [/^\/products\/new$/, 'New product'],
  [/^\/products\/.+/, 'Product'],
  [/^\/products/, 'Products'],
  [/^\/collections/, 'Collections'],
  [/^\/inventory/, 'Inventory'],
  [/^\/plans/, 'Plans'],
  [/^\/memberships/, 'Memberships'],
  [/^\/members\/.+/, 'Member'],
  [/^\/members/, 'Members'],
  [/^\/events\/new$/, 'New event'],
  [/^\/events\/.+\/edit$/, 'Edit event'],
  [/^\/events\/.+/, 'Event'],
  [/^\/events/, 'Events'],
  [/^\/settings\/taxes/, 'Taxes'],
  [/^\/settings\/shipping/, 'Shipping'],
  [/^\/settings\/coupons/, 'Coupons'],
  [/^\/settings\/oauth-apps/, 'OAuth apps'],
  [/^\/settings\/sso/, 'SSO connections'],
  [/^\/settings\/mailbox/, 'Mailbox'],
  [/^\/settings\/sign-in/, 'Sign-in'],
  [/^\/settings/, 'Settings'],
  [/^\/webhooks\/.+/, 'Webhook endpoint'],
  [/^\/webhooks/, 'Webhooks'],
  [/^\/bookings\/services\/.+/, 'Service'],
  [/^\/bookings\/services/, 'Services'],
  [/^\/bookings\/staff\/.+/, 'Staff member'],
  [/^\/bookings\/staff/, 'Staff'],
  [/^\/bookings\/approvals/, 'Approvals'],
  [/^\/bookings/, 'Calendar'],
  [/^\/$/, 'Home'],
];

/** A page title per section, and focus on the new page's content for keyboard and screen-reader users. */
function PageChange() {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Not found';
    document.title = `${title} · Plaza dashboard`;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

function Signed() {
  const session = useSession();
  if (session.isPending) return <Loading label="Opening the dashboard…" />;
  if (session.isError) return <ErrorState error={session.error} retry={() => void session.refetch()} />;
  if (!session.data) return <SignIn />;
  return (
    // A new site is a new dashboard: nothing of the previous one stays on screen.
    <Shell key={session.data.site.id} session={session.data}>
      <PageChange />
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<Home />} />
          <Route path="orders" element={<Orders />} />
          <Route path="orders/:id" element={<OrderPage />} />
          <Route path="products" element={<Products />} />
          <Route path="products/:id" element={<ProductPage />} />
          <Route path="collections" element={<Collections />} />
          <Route path="inventory" element={<Inventory />} />
          <Route path="plans" element={<Plans />} />
          <Route path="memberships" element={<Memberships />} />
          <Route path="members" element={<Members />} />
          <Route path="members/:id" element={<MemberPage />} />
          <Route path="events" element={<Events />} />
          <Route path="events/:id" element={<EventPage />} />
          <Route path="events/new" element={<EventFormPage />} />
          <Route path="events/:id/edit" element={<EventFormPage />} />
          <Route path="settings" element={<Settings />} />
          <Route path="settings/*" element={<SettingsSections />} />
          <Route path="webhooks" element={<Webhooks />} />
          <Route path="webhooks/:id" element={<WebhookPage />} />
          <Route path="bookings/*" element={<Bookings />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </Shell>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter basename="/dashboard">
      <Signed />
    </BrowserRouter>
  );
}

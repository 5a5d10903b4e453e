import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Loading } from './components/status.tsx';
import { loadPlans } from './data/plans.ts';
import { loadExamples, loadInstalledApps } from './data/setup.ts';
import { loadProducts } from './data/store.ts';
import { registerPrefetch } from './lib/prefetch.ts';
import { HomePage } from './routes/home/home-page.tsx';

/**
 * Every route of the app. Home is in the main bundle; the others are split with `lazy()` and
 * prefetched (code and data) when a link to them nears the viewport (lib/prefetch.ts).
 *
 * | path | page |
 * |---|---|
 * | `/` | examples list, installed / not installed |
 * | `/store` | products, cart, checkout (Stores) |
 * | `/subscriptions` | public plans, each bought on the hosted checkout page (Pricing Plans) |
 * | `/booking`, `/tickets` | the other apps' examples (not installed until Plaza serves them) |
 * | `/login-callback` | end of the hosted sign-in (code + state → member tokens) |
 */
const loadStorePage = () => import('./routes/store/store-page.tsx');
const loadSubscriptionsPage = () => import('./routes/subscriptions/subscriptions-page.tsx');
const loadAppExample = () => import('./routes/examples/app-example.tsx');
const loadLoginCallback = () => import('./routes/members/login-callback.tsx');
const loadNotFound = () => import('./routes/not-found.tsx');

const StorePage = lazy(loadStorePage);
const SubscriptionsPage = lazy(loadSubscriptionsPage);
const AppExamplePage = lazy(loadAppExample);
const LoginCallback = lazy(loadLoginCallback);
const NotFound = lazy(loadNotFound);

const quietly = (task: Promise<unknown>) => void task.catch(() => {});

registerPrefetch('/', () => {
  quietly(loadExamples());
  quietly(loadInstalledApps());
});
registerPrefetch('/store', () => {
  quietly(loadStorePage());
  quietly(loadInstalledApps().then(() => loadProducts()));
});
registerPrefetch('/subscriptions', () => {
  quietly(loadSubscriptionsPage());
  quietly(loadInstalledApps().then(() => loadPlans()));
});
for (const path of ['/booking', '/tickets']) {
  registerPrefetch(path, () => {
    quietly(loadAppExample());
    quietly(loadInstalledApps());
  });
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="store" element={<StorePage />} />
        <Route path="booking" element={<AppExamplePage name="booking" />} />
        <Route path="tickets" element={<AppExamplePage name="tickets" />} />
        <Route path="subscriptions" element={<SubscriptionsPage />} />
        <Route path="login-callback" element={<LoginCallback />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

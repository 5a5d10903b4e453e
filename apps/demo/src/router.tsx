import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Loading } from './components/status.tsx';
import { loadServices } from './data/bookings.ts';
import { loadPlans } from './data/plans.ts';
import { loadExamples, loadInstalledApps } from './data/setup.ts';
import { loadCart, loadProducts } from './data/store.ts';
import { loadEvents } from './data/tickets.ts';
import { registerPrefetch, whenIdle } from './lib/prefetch.ts';
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
 * | `/tickets` | upcoming events, an event's tickets, reserved and paid on the hosted page (Events) |
 * | `/booking` | services, a service's slots for the next 24 hours, booked on the hosted checkout (Bookings) |
 * | `/login-callback` | end of the hosted sign-in (code + state → member tokens) |
 * | `/install/:app` | how the site owner installs a missing app |
 */
const loadStorePage = () => import('./routes/store/store-page.tsx');
const loadSubscriptionsPage = () => import('./routes/subscriptions/subscriptions-page.tsx');
const loadBookingPage = () => import('./routes/booking/booking-page.tsx');
const loadTicketsPage = () => import('./routes/tickets/tickets-page.tsx');
const loadLoginCallback = () => import('./routes/members/login-callback.tsx');
const loadNotFound = () => import('./routes/not-found.tsx');
const loadInstallPage = () => import('./routes/install/install-page.tsx');

const StorePage = lazy(loadStorePage);
const SubscriptionsPage = lazy(loadSubscriptionsPage);
const BookingPage = lazy(loadBookingPage);
const TicketsPage = lazy(loadTicketsPage);
const LoginCallback = lazy(loadLoginCallback);
const NotFound = lazy(loadNotFound);
const InstallPage = lazy(loadInstallPage);

const quietly = (task: Promise<unknown>) => void task.catch(() => {});

registerPrefetch('/', () => {
  quietly(loadExamples());
  // The header's home link is on every page: detection waits until the page's own reads are out.
  whenIdle(() => quietly(loadInstalledApps()));
});
registerPrefetch('/store', () => {
  quietly(loadStorePage());
  quietly(loadProducts());
  quietly(loadCart());
});
registerPrefetch('/subscriptions', () => {
  quietly(loadSubscriptionsPage());
  quietly(loadInstalledApps().then(() => loadPlans()));
});
registerPrefetch('/tickets', () => {
  quietly(loadTicketsPage());
  quietly(loadInstalledApps().then(() => loadEvents()));
});
registerPrefetch('/booking', () => {
  quietly(loadBookingPage());
  quietly(loadInstalledApps().then(() => loadServices()));
});

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading delayed />}>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="store" element={<StorePage />} />
        <Route path="booking" element={<BookingPage />} />
        <Route path="tickets" element={<TicketsPage />} />
        <Route path="subscriptions" element={<SubscriptionsPage />} />
        <Route path="login-callback" element={<LoginCallback />} />
        <Route path="install/:app" element={<InstallPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

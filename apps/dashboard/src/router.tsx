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

const TITLES: Array<[RegExp, string]> = [
  [/^\/orders\/.+/, 'Order'],
  [/^\/orders/, 'Orders'],
  [/^\/products/, 'Products'],
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

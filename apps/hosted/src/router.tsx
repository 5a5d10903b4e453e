import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Loading } from './components/page.tsx';
import { AuthEntry } from './routes/identity/auth.tsx';
import { ForgotPassword } from './routes/identity/forgot-password.tsx';
import { Logout } from './routes/identity/logout.tsx';
import { ResetPassword } from './routes/identity/reset-password.tsx';
import { SignIn } from './routes/identity/sign-in.tsx';
import { SignUp } from './routes/identity/sign-up.tsx';
import { Verify } from './routes/identity/verify.tsx';
import { NotFound } from './routes/not-found.tsx';

// The checkout is its own chunk: the sign-in pages do not download it.
const loadCheckoutPages = () => import('./routes/ecom/pages.ts');
const Checkout = lazy(() => loadCheckoutPages().then((pages) => ({ default: pages.Checkout })));
const ThankYou = lazy(() => loadCheckoutPages().then((pages) => ({ default: pages.ThankYou })));
// The booking page is its own chunk, as is the member account.
const Book = lazy(() => import('./routes/bookings/book.tsx').then((page) => ({ default: page.Book })));
const Account = lazy(() =>
  import('./routes/account/account.tsx').then((page) => ({ default: page.Account })),
);

/**
 * Every hosted page, by URL. The API's redirect sessions send visitors to `/hosted/auth`,
 * `/hosted/login` and `/hosted/logout` (`?session=<id>`); recovery e-mails link to
 * `/hosted/reset-password?token=…`; `ecomCheckout` sessions to `/hosted/checkout` (then
 * `/hosted/checkout/thank-you`); `membersAccount` sessions to `/hosted/account`; `bookingsBook`
 * sessions to `/hosted/book` (then the checkout of the slot picked). Declarative
 * routing: the pages load no route data, and this keeps React Router's data-router code (about
 * 18 kB gzipped) out of the bundle.
 */
export function AppRouter() {
  return (
    <BrowserRouter basename="/hosted">
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route path="auth" element={<AuthEntry />} />
          <Route path="login" element={<SignIn />} />
          <Route path="sign-in" element={<SignIn />} />
          <Route path="sign-up" element={<SignUp />} />
          <Route path="verify" element={<Verify />} />
          <Route path="forgot-password" element={<ForgotPassword />} />
          <Route path="reset-password" element={<ResetPassword />} />
          <Route path="logout" element={<Logout />} />
          <Route path="checkout" element={<Checkout />} />
          <Route path="checkout/thank-you" element={<ThankYou />} />
          <Route path="account" element={<Account />} />
          <Route path="book" element={<Book />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}

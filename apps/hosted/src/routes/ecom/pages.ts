/** The checkout pages, loaded on demand (one chunk) so the sign-in pages stay small. */
export { Checkout } from './checkout.tsx';
export { ThankYou } from './thank-you.tsx';

/**
 * The hosted checkout: the `ecomCheckout: {checkoutId}` redirect intent (its page is
 * `${PUBLIC_URL}/hosted/checkout?session=<id>`), the intents other domains sell through it
 * (`linesCheckoutIntent`), and the public calls that page makes with the session id: read the
 * checkout, change buyer details, pay, read the thank-you data.
 */
import type { Caller } from '../../http/access.ts';
import { invalidField } from '../../lib/errors.ts';
import { type RedirectIntent, type RedirectSessionRecord, redirectsErrors } from '../redirects/index.ts';
import { checkAddress } from './checkout/address.ts';
import { type PayInput, payCheckout } from './checkout/pay.ts';
import {
  type CheckoutDetails,
  changeCheckoutDetails,
  checkoutFor,
  createCheckoutFromLines,
  view,
} from './checkout/service.ts';
import type { EcomDeps } from './context.ts';
import { ecomErrors } from './errors.ts';
import type { StoredOrder } from './orders.ts';
import { receiptOf } from './receipt.ts';

/** The redirects hook: the caller must be the buyer of an open checkout. */
export function ecomCheckoutIntent(deps: EcomDeps): RedirectIntent {
  return {
    page: 'checkout',
    async check(caller: Caller, value: unknown) {
      const checkoutId = (value as { checkoutId?: unknown } | undefined)?.checkoutId;
      if (typeof checkoutId !== 'string' || checkoutId === '')
        throw invalidField('ecomCheckout.checkoutId', 'is required', 'REQUIRED_FIELD');
      const checkout = await checkoutFor(deps, caller.siteId, checkoutId, caller);
      if (checkout.completed) throw ecomErrors.checkoutCompleted(checkout.id, checkout.orderId);
      return { checkoutId };
    },
  };
}

/** The lines a domain's redirect intent sells, and the buyer's e-mail when the intent names it. */
export interface IntentLines {
  lines: Parameters<typeof createCheckoutFromLines>[2];
  email?: string;
}

/**
 * A redirect intent of another selling domain (`bookingsCheckout {slotAvailability}`, `eventsCheckout
 * {reservationId}`, `paidPlansCheckout {planId}`): `linesOf` turns the intent object into lines, or
 * refuses it with a field violation; the session then opens the hosted checkout page on a checkout of
 * those lines alone (the caller's cart is left as it is).
 */
export function linesCheckoutIntent(
  deps: EcomDeps,
  linesOf: (caller: Caller, value: unknown) => Promise<IntentLines>,
): RedirectIntent {
  return {
    page: 'checkout',
    async check(caller: Caller, value: unknown) {
      const { lines, email } = await linesOf(caller, value);
      const { checkoutId } = await createCheckoutFromLines(deps, caller, lines, email ? { email } : {});
      return { checkoutId };
    },
  };
}

async function openSession(deps: EcomDeps, id: string, options: { live: boolean }) {
  const session = await deps.redirects.get(id);
  const checkoutId = session?.request.intentData?.checkoutId;
  if (!session) throw redirectsErrors.notFound(id);
  // Only checkout intents (ecomCheckout, linesCheckoutIntent) keep a checkout id with their session.
  if (typeof checkoutId !== 'string') throw ecomErrors.notCheckoutSession(id);
  const expired = session.expiresDate <= deps.clock.now().toISOString();
  if (options.live && expired) throw ecomErrors.sessionExpired(id);
  return { session, checkoutId, expired };
}

const links = (session: RedirectSessionRecord) => ({
  ...(session.request.postFlowUrl ? { postFlowUrl: session.request.postFlowUrl } : {}),
  ...(session.request.thankYouPageUrl ? { thankYouPageUrl: session.request.thankYouPageUrl } : {}),
});

function hostedView(checkout: Awaited<ReturnType<typeof checkoutFor>>, session: RedirectSessionRecord) {
  const publicView = view(checkout);
  return {
    checkout: publicView,
    paymentMethods: (publicView.paymentMethods as string[] | undefined) ?? [],
    ...links(session),
  };
}

/**
 * The checkout the page shows. Past the session's hour the buyer's details are no longer handed to
 * whoever holds the link: an open checkout answers REDIRECT_SESSION_EXPIRED, a paid one only that it
 * is (the page then sends the buyer to the thank-you).
 */
export async function getHostedCheckout(deps: EcomDeps, sessionId: string) {
  const { session, checkoutId, expired } = await openSession(deps, sessionId, { live: false });
  const checkout = await checkoutFor(deps, session.siteId, checkoutId);
  if (!expired) return hostedView(checkout, session);
  if (!checkout.completed) throw ecomErrors.sessionExpired(sessionId);
  return {
    checkout: {
      id: checkout.id,
      completed: true,
      ...(checkout.orderId ? { orderId: checkout.orderId } : {}),
    },
    paymentMethods: [],
    ...links(session),
  };
}

export async function updateHostedCheckout(deps: EcomDeps, sessionId: string, details: CheckoutDetails) {
  checkAddress(details.shippingAddress, 'shippingAddress');
  checkAddress(details.billingAddress, 'billingAddress');
  const { session, checkoutId } = await openSession(deps, sessionId, { live: true });
  const checkout = await checkoutFor(deps, session.siteId, checkoutId);
  return hostedView(
    await changeCheckoutDetails(deps, session.siteId, checkout, details, 'selectedShippingOption'),
    session,
  );
}

export async function payHostedCheckout(deps: EcomDeps, sessionId: string, input: PayInput) {
  const { session, checkoutId } = await openSession(deps, sessionId, { live: true });
  const checkout = await checkoutFor(deps, session.siteId, checkoutId);
  const answer = await payCheckout(deps, session.siteId, checkout, input);
  await deps.redirects.complete(sessionId, deps.clock.now().toISOString());
  return answer;
}

/**
 * The thank-you page's data: the order, its items, delivery and card (receipt.ts); past the session's
 * hour without what is the buyer's own to know (the e-mail, the address, the card's digits).
 */
export async function getHostedThankYou(deps: EcomDeps, sessionId: string) {
  const { session, checkoutId, expired } = await openSession(deps, sessionId, { live: false });
  const checkout = await checkoutFor(deps, session.siteId, checkoutId);
  if (!checkout.orderId) throw ecomErrors.noOrderYet(checkoutId);
  const order = await deps.store.orders.forSite(session.siteId).get<StoredOrder>(checkout.orderId);
  if (!order) throw ecomErrors.orderNotFound(checkout.orderId);
  const { items, delivery, card } = receiptOf(order);
  return {
    orderId: order.id,
    orderNumber: order.number,
    total: order.priceSummary.total!,
    paymentStatus: order.paymentStatus,
    items,
    ...(delivery
      ? { delivery: expired ? { method: delivery.method, pickup: delivery.pickup } : delivery }
      : {}),
    ...(card && !expired ? { card } : {}),
    ...(order.buyerInfo.email && !expired ? { buyerEmail: order.buyerInfo.email } : {}),
    ...links(session),
  };
}

/**
 * Work that follows a committed change and must never turn it into an error: it runs as jobs
 * (jobs/README.md), enqueued in the change's transaction where there is one, retried until done.
 * - `ecom.order-canceled-mail`: the buyer's cancellation e-mail, asked for by the cancel's transaction.
 * - `ecom.cart-checkout`: a cart told of the checkout made from it, when telling it at once failed.
 */
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { Jobs } from '../../jobs/loop.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { StoredCart } from './cart/state.ts';
import type { EcomDeps } from './context.ts';
import type { Order, StoredOrder } from './orders.ts';

const CANCELED_MAIL = 'ecom.order-canceled-mail';
const CART_CHECKOUT = 'ecom.cart-checkout';

interface CanceledMail {
  orderId: string;
  customMessage?: string;
}

interface CartCheckout {
  cartId: string;
  checkoutId: string;
}

/** Asks, in the cancel's transaction, for the buyer to be told (once per order). */
export function enqueueCancellationMail(
  deps: Pick<EcomDeps, 'clock'>,
  trx: Kysely<Schema>,
  siteId: string,
  payload: CanceledMail,
) {
  const job = { kind: CANCELED_MAIL, siteId, key: `${siteId}:${payload.orderId}`, payload };
  return enqueueJob(trx, job, deps.clock.now());
}

/**
 * Tells the cart of its checkout later. Best effort: should even this fail, the checkout still stands,
 * and a cart without the link is only merged at sign-in as any other cart.
 */
export async function linkCartLater(deps: EcomDeps, siteId: string, payload: CartCheckout) {
  const job = { kind: CART_CHECKOUT, siteId, key: payload.checkoutId, payload };
  await enqueueJob(deps.store.db, job, deps.clock.now()).catch(() => false);
}

async function sendCancellation(deps: EcomDeps, siteId: string, order: Order, customMessage?: string) {
  const to = order.buyerInfo.email;
  if (!to) return;
  const refunded = order.paymentStatus === 'FULLY_REFUNDED' || order.paymentStatus === 'VOIDED';
  await deps.mail.send({
    siteId,
    to,
    subject: `Order #${order.number} canceled`,
    text: [
      `Your order #${order.number} was canceled.`,
      ...(refunded ? ['Your payment was returned.'] : []),
      ...(customMessage?.trim() ? ['', customMessage.trim()] : []),
    ].join('\n'),
  });
}

/** Registers the handlers of ecom's jobs (deps.ts). */
export function handleEcomJobs(jobs: Jobs, deps: EcomDeps) {
  jobs.handle<CanceledMail>(
    CANCELED_MAIL,
    async ({ siteId, payload }) => {
      const order = siteId && (await deps.store.orders.forSite(siteId).get<StoredOrder>(payload.orderId));
      if (order) await sendCancellation(deps, siteId, order, payload.customMessage);
    },
    { backoffMs: 30_000 },
  );
  jobs.handle<CartCheckout>(CART_CHECKOUT, async ({ siteId, payload }) => {
    if (!siteId) return;
    const carts = deps.store.carts.forSite(siteId);
    const cart = await carts.get<StoredCart>(payload.cartId);
    // A cart spent since (its checkout paid) or linked to a later checkout is left as it is.
    if (!cart || cart.checkoutId) return;
    await carts.update<StoredCart>(payload.cartId, { checkoutId: payload.checkoutId });
    deps.rendered.forget(siteId, cart.ownerKey);
  });
}

/**
 * Paying a checkout places its order. With an idempotency key (header `Idempotency-Key` or field
 * `idempotencyKey`) the outcome of the first request that reached the payment provider (an order,
 * a decline, a refusal after the charge was given back) is kept and replayed to retries of the same
 * request; the key used again with another request is refused (IDEMPOTENCY_KEY_REUSED). A refusal
 * before the provider was asked (details missing, the total changed) keeps nothing: the same key
 * retried after the buyer fixed it pays. Without a key a paid checkout still refuses a second order
 * (one order per checkout, unique in SQL).
 *
 * One pay of a checkout runs at a time (its payment claim, ecom/claims.ts): a concurrent pay under
 * another key, or none, is refused with CHECKOUT_PAYMENT_IN_PROGRESS before any charge.
 *
 * Sequence: every line's catalog is served here (else refused) → the card saved when a line renews
 * (a subscription) → provider charge (a decline stops here: no order, no stock change) → one
 * transaction: the next order number, each catalog's commit of
 * its lines (stock taken, holds confirmed), the coupon use, the order insert, the checkout completion
 * and the cart's removal (what
 * was added to it since the checkout moves to a new cart) →
 * confirmation e-mail.
 * If the transaction fails (stock ran out, coupon used up) the charge is refunded.
 */
import { createHash } from 'node:crypto';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError, ValidationError } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { recordEntityEvent } from '../../../outbox/outbox.ts';
import { type LineSnapshot, linesNotOrdered, orderedLines } from '../cart/lines.ts';
import type { StoredCart } from '../cart/state.ts';
import { staleBefore, withPaymentClaim } from '../claims.ts';
import { catalogContextOf, type EcomDeps } from '../context.ts';
import { ecomErrors } from '../errors.ts';
import { formatMoney } from '../money.ts';
import { buildOrder, type Order, type StoredOrder, sendConfirmation } from '../orders.ts';
import type { CardInput, ChargeResult } from '../payments/index.ts';
import { rulesOf, type StoreRules } from '../settings.ts';
import {
  type Checkout,
  checkoutFor,
  checkoutTotals,
  missingForPayment,
  requireCheckoutCurrency,
  type StoredCheckout,
  saveCheckout,
  withoutLapsedCoupon,
} from './service.ts';

export interface PayInput {
  paymentMethod: 'test' | 'offline';
  card?: CardInput | undefined;
  idempotencyKey?: string | undefined;
}

export interface PayAnswer {
  order: Order;
  transaction: { provider: string; status: string };
}

interface StoredAnswer {
  ok: boolean;
  answer?: PayAnswer;
  error?: {
    status: number;
    code: string;
    message: string;
    description: string;
    data: Record<string, unknown>;
  };
}

function replay(stored: string): PayAnswer {
  const parsed = JSON.parse(stored) as StoredAnswer;
  if (parsed.ok) return parsed.answer!;
  const e = parsed.error!;
  throw new AppError(e.status, e.code, e.message, e.description, e.data);
}

/** Refusals that say nothing of how this key's payment ends: not kept, so a retry with the key pays. */
const UNSETTLED = new Set(['PAYMENT_IN_PROGRESS', 'CHECKOUT_PAYMENT_IN_PROGRESS']);

/**
 * What a key stands for: the way to pay and the card, as a digest of what may be kept of a card (its
 * last four digits and expiry, never its number or security code, not even digested: a card number's
 * digest is undone by trying every number). Another card of the same last four digits and expiry under
 * the same key replays the first one's outcome; it charges nothing.
 */
export const requestHashOf = ({ paymentMethod, card }: Pick<PayInput, 'paymentMethod' | 'card'>) =>
  createHash('sha256')
    .update(JSON.stringify([paymentMethod, card?.number.replace(/\D/g, '').slice(-4), card?.expiry.trim()]))
    .digest('base64url');

export async function payCheckout(deps: EcomDeps, siteId: string, checkout: Checkout, input: PayInput) {
  const rules = await rulesOf(deps, siteId);
  const key = input.idempotencyKey;
  if (key) {
    const requestHash = requestHashOf(input);
    const seen = await deps.store.claimAttempt(siteId, key, checkout.id, requestHash, staleBefore(deps));
    if (seen) {
      if (seen.checkoutId !== checkout.id) throw ecomErrors.idempotencyKeyReused(key);
      // Attempts recorded before requests were told apart have no digest: answered as before.
      if (seen.requestHash !== null && seen.requestHash !== requestHash)
        throw ecomErrors.idempotencyKeyOtherRequest(key);
      if (seen.status === 'IN_PROGRESS' || !seen.response) throw ecomErrors.paymentInProgress(key);
      return replay(seen.response);
    }
  }
  const progress = { providerAsked: false };
  try {
    if (!rules.payments[input.paymentMethod]) throw ecomErrors.paymentMethodNotEnabled(input.paymentMethod);
    const answer = await withPaymentClaim(
      deps,
      siteId,
      'checkout',
      checkout.id,
      () => ecomErrors.checkoutPaymentInProgress(checkout.id),
      // Read again under the claim: a pay that held it before us may have completed the checkout.
      async () => placeOrder(deps, siteId, await checkoutFor(deps, siteId, checkout.id), input, progress),
    );
    if (key) await deps.store.finishAttempt(siteId, key, 'SUCCEEDED', JSON.stringify({ ok: true, answer }));
    return answer;
  } catch (error) {
    if (key) {
      if (
        progress.providerAsked &&
        error instanceof AppError &&
        error.status < 500 &&
        !UNSETTLED.has(error.code)
      ) {
        const { status, code, message, description, data } = error;
        const stored: StoredAnswer = { ok: false, error: { status, code, message, description, data } };
        await deps.store.finishAttempt(siteId, key, 'FAILED', JSON.stringify(stored));
      } else await deps.store.dropAttempt(siteId, key);
    }
    throw error;
  }
}

/**
 * The checkout's terms as they stand now: its frozen lines, its coupon while still usable, the site's
 * current tax and shipping rules. Only the total the buyer was shown is charged: when it moved since
 * (the owner changed a rule, the coupon lapsed) the checkout is brought up to date and the payment
 * refused, for the buyer to see the new total and pay again.
 */
async function termsToCharge(deps: EcomDeps, siteId: string, checkout: Checkout, rules: StoreRules) {
  const { internal, lapsed } = await withoutLapsedCoupon(deps, siteId, checkout.internal);
  const totals = checkoutTotals(internal, rules);
  if (totals.total === checkout.internal.total) return { internal, totals };
  await saveCheckout(deps, siteId, checkout, internal, rules, totals);
  const rulesMoved = !lapsed || checkoutTotals(checkout.internal, rules).total !== checkout.internal.total;
  const reasons = [
    ...(lapsed ? [lapsed.description] : []),
    ...(rulesMoved ? ['The store changed its tax or shipping rates.'] : []),
  ];
  const shown = (minor: number) => formatMoney(minor, rules.money.currency, rules.money.digits);
  throw ecomErrors.totalChanged(
    checkout.id,
    shown(checkout.internal.total),
    shown(totals.total),
    reasons.join(' '),
  );
}

/** Whether an order other than `except` was placed from `cartId` (through another of its checkouts). */
async function orderedFrom(
  deps: EcomDeps,
  siteId: string,
  cartId: string,
  trx?: Parameters<EcomDeps['store']['orders']['forSite']>[1],
  except?: string,
) {
  const filter = except ? { cartId, id: { $ne: except } } : { cartId };
  return (await deps.store.orders.forSite(siteId, trx).count(filter)) > 0;
}

/**
 * The cart is spent once its order exists (as on the platform). Removing it also takes its row lock:
 * of two checkouts of one cart paid at once, the second finds it gone and the order of the first.
 * What the buyer added after making the checkout is not lost: it moves to a new cart of theirs.
 */
async function spendCart(
  deps: EcomDeps,
  siteId: string,
  trx: Parameters<EcomDeps['store']['carts']['forSite']>[1],
  cartId: string,
  ordered: readonly LineSnapshot[],
  orderId: string,
) {
  const carts = deps.store.carts.forSite(siteId, trx);
  const spent = await carts.take<StoredCart>(cartId);
  if (!spent) {
    if (await orderedFrom(deps, siteId, cartId, trx, orderId)) throw ecomErrors.cartAlreadyOrdered(cartId);
    return;
  }
  const left = linesNotOrdered(spent.lineItems, ordered);
  if (left.length === 0) return;
  // Where the buyer ships to and how stays theirs; the coupon, the owner's discounts and the note
  // went with the order.
  const { contactInfo, selectedShippingOption, businessLocationId, overrideCheckoutUrl } = spent;
  await carts.create<StoredCart>({
    ownerKey: spent.ownerKey,
    buyerInfo: spent.buyerInfo,
    lineItems: left,
    purchaseFlowId: newId(),
    ...(contactInfo ? { contactInfo } : {}),
    ...(selectedShippingOption ? { selectedShippingOption } : {}),
    ...(businessLocationId ? { businessLocationId } : {}),
    ...(overrideCheckoutUrl ? { overrideCheckoutUrl } : {}),
  });
}

async function placeOrder(
  deps: EcomDeps,
  siteId: string,
  checkout: Checkout,
  input: PayInput,
  /** Told when the provider is asked: from then on, the outcome is the key's to replay. */
  progress: { providerAsked: boolean },
): Promise<PayAnswer> {
  if (checkout.completed) throw ecomErrors.checkoutCompleted(checkout.id, checkout.orderId);
  const rules = await rulesOf(deps, siteId);
  requireCheckoutCurrency(checkout, rules);
  const { internal, totals } = await termsToCharge(deps, siteId, checkout, rules);
  const missing = missingForPayment(internal, totals, rules);
  if (missing.length > 0) throw ecomErrors.checkoutIncomplete(missing);
  // Before any charge; the order's transaction checks again for payers racing each other.
  const { cartId } = checkout;
  if (
    cartId &&
    !(await deps.store.carts.forSite(siteId).getRaw(cartId)) &&
    (await orderedFrom(deps, siteId, cartId))
  )
    throw ecomErrors.cartAlreadyOrdered(cartId);
  // A line whose catalog is not served here (a rolling deploy, an app removed) is never skipped.
  deps.catalogs.requireServed(internal.lines.map((line) => line.catalogReference));
  const provider = deps.payments[input.paymentMethod];
  const now = deps.clock.now();
  // A subscription's renewals charge the card later: it is kept even when nothing is due now (a free
  // trial). Otherwise a card is checked only when there is something to charge it.
  const renews = internal.lines.some((line) => line.subscription?.subscriptionSettings.autoRenewal);
  const problems = totals.total === 0 && !renews ? [] : provider.check(input.card, now);
  if (problems.length > 0) throw new ValidationError(problems);
  progress.providerAsked = true;
  const saved = renews ? await provider.saveMethod({ siteId, card: input.card, now }) : undefined;
  if (saved?.declineCode) throw ecomErrors.paymentDeclined(saved.declineCode);
  // Nothing to pay (a coupon took it all): no provider is asked, and the order is paid.
  const charge: ChargeResult =
    totals.total === 0
      ? { status: 'CAPTURED' }
      : await provider.charge({
          siteId,
          checkoutId: checkout.id,
          amount: totals.total,
          currency: rules.money.currency,
          card: input.card,
          idempotencyKey: input.idempotencyKey,
          now,
        });
  if (charge.status === 'DECLINED') throw ecomErrors.paymentDeclined(charge.declineCode ?? 'declined');

  let order: Order;
  try {
    order = await deps.store.transaction(async (trx) => {
      const number = await deps.store.nextOrderNumber(trx, siteId);
      const orderId = newId();
      // Each catalog makes the lines the order's (stock taken, a hold confirmed) or refuses them all.
      await deps.catalogs.commit(
        catalogContextOf(deps, siteId, internal.ownerKey, checkout.buyerInfo),
        orderedLines(internal.lines),
        {
          id: orderId,
          number: String(number),
          paid: charge.status === 'CAPTURED',
          authorized: charge.status === 'AUTHORIZED',
          payment: {
            provider: provider.id,
            ...(saved?.savedMethodId ? { savedMethodId: saved.savedMethodId } : {}),
            ...(saved?.card ? { card: saved.card } : {}),
          },
        },
        trx,
      );
      const coupon = internal.coupon;
      // A coupon that took nothing off (its items are not in the cart) is not a use.
      const used = totals.discounts.some((d) => d.coupon && d.amount > 0);
      if (coupon && used && !(await deps.store.useCoupon(trx, siteId, coupon.id)))
        throw ecomErrors.couponExhausted(coupon.code);
      const document = buildOrder({
        checkout: { ...checkout, internal },
        totals,
        rules,
        number,
        provider,
        charge,
        now: now.toISOString(),
      });
      const created = await deps.store.orders
        .forSite(siteId, trx)
        .create<StoredOrder>(document, { id: orderId });
      if (created.paymentStatus === 'PAID') await recordEntityEvent(trx, siteId, 'order', 'paid', created);
      await deps.store.checkouts
        .forSite(siteId, trx)
        .update<StoredCheckout>(
          checkout.id,
          { completed: true, orderId: created.id },
          { expectedRevision: checkout.revision },
        );
      if (cartId) await spendCart(deps, siteId, trx, cartId, internal.lines, created.id);
      return created;
    });
  } catch (error) {
    if (charge.transactionId) await provider.refund(charge.transactionId);
    const raced =
      isUniqueViolation(error) || (error instanceof AppError && error.code === 'REVISION_MISMATCH');
    if (!raced) throw error;
    const now = await deps.store.checkouts.forSite(siteId).get<StoredCheckout>(checkout.id);
    if (now?.completed) throw ecomErrors.checkoutCompleted(checkout.id, now.orderId);
    throw error;
  }
  try {
    await sendConfirmation(deps, siteId, order, rules.money);
  } catch {
    // The order stands without its e-mail; the mailbox is best effort.
  }
  return { order, transaction: { provider: provider.id, status: charge.status } };
}

/**
 * Orders, modelled on the platform's eCom Orders: built from a paid checkout, then owned by the
 * site owner (search, get, mark paid, cancel with restock). Order statuses: APPROVED, CANCELED;
 * payment statuses: NOT_PAID (offline), AUTHORIZED, PAID, FULLY_REFUNDED, VOIDED.
 */
import type { SystemFields } from '../../db/documents.ts';
import type { Caller } from '../../http/access.ts';
import { newId } from '../../lib/ids.ts';
import { rawJson, wrapRawList } from '../../lib/raw-json.ts';
import { recordEntityEvent } from '../../outbox/outbox.ts';
import { NEWEST_FIRST, withDefaultSort, withFieldOperands } from '../../query/index.ts';
import { enqueueCancellationMail } from './after-commit.ts';
import { orderedLines, renderLine } from './cart/lines.ts';
import { addressWithContact, type Checkout } from './checkout/service.ts';
import { withPaymentClaim } from './claims.ts';
import { catalogContextOf, type EcomDeps, orderOwnerKey } from './context.ts';
import { ecomErrors } from './errors.ts';
import { type MoneyFormat, microsToRate, price } from './money.ts';
import type { ChargeResult, PaymentProvider } from './payments/index.ts';
import { receiptMailLines, receiptOf } from './receipt.ts';
import type { ShippingRule, StoreRules } from './settings.ts';
import { jurisdictionOf, taxNameOf } from './tax.ts';
import type { Totals } from './totals.ts';

export type PaymentStatus = 'NOT_PAID' | 'AUTHORIZED' | 'PAID' | 'FULLY_REFUNDED' | 'VOIDED';

export interface OrderLine {
  id: string;
  catalogReference: { appId: string; catalogItemId: string; options?: Record<string, unknown> };
  variantId?: string;
  quantity: number;
  [field: string]: unknown;
}

export interface StoredOrder {
  number: string;
  checkoutId: string;
  status: 'APPROVED' | 'CANCELED';
  paymentStatus: PaymentStatus;
  currency: string;
  buyerInfo: { visitorId?: string; memberId?: string; email?: string };
  lineItems: OrderLine[];
  priceSummary: Record<string, { amount: string; formattedAmount: string }>;
  payments: Array<{
    id: string;
    provider: string;
    status: string;
    transactionId?: string;
    amount: { amount: string; formattedAmount: string };
    createdDate: string;
  }>;
  activities: Array<{ type: string; createdDate: string }>;
  appliedDiscounts?: Array<{ coupon?: { id: string; code: string; amount: { amount: string } } }>;
  [field: string]: unknown;
}

export type Order = StoredOrder & SystemFields;

const PAYMENT_STATUS: Record<ChargeResult['status'], PaymentStatus> = {
  CAPTURED: 'PAID',
  AUTHORIZED: 'AUTHORIZED',
  PENDING: 'NOT_PAID',
  DECLINED: 'NOT_PAID',
};

/** The order document of a checkout paid with `charge`. */
export function buildOrder(input: {
  checkout: Checkout;
  totals: Totals;
  rules: StoreRules;
  number: number;
  provider: PaymentProvider;
  charge: ChargeResult;
  now: string;
}): StoredOrder {
  const { checkout, totals, rules, now, charge } = input;
  const internal = checkout.internal;
  const p = (minor: number) => price(minor, rules.money);
  const buyer = checkout.buyerInfo;
  const shipping = totals.selectedShipping;
  return {
    number: String(input.number),
    checkoutId: checkout.id,
    ...(checkout.cartId ? { cartId: checkout.cartId } : {}),
    ...(typeof checkout.purchaseFlowId === 'string' ? { purchaseFlowId: checkout.purchaseFlowId } : {}),
    status: 'APPROVED',
    paymentStatus: PAYMENT_STATUS[charge.status],
    fulfillmentStatus: 'NOT_FULFILLED',
    archived: false,
    currency: rules.money.currency,
    weightUnit: rules.weightUnit,
    taxIncludedInPrices: rules.taxIncludedInPrices,
    channelInfo: { type: checkout.channelType },
    buyerInfo: {
      ...(buyer.visitorId ? { visitorId: buyer.visitorId } : {}),
      ...(buyer.memberId ? { memberId: buyer.memberId } : {}),
      // Kept lower case, as the owner's searches compare it: e-mail addresses are matched in any case.
      ...(internal.email ? { email: internal.email.toLowerCase() } : {}),
    },
    lineItems: internal.lines.map((line, i) => {
      const t = totals.lines[i]!;
      const wire = renderLine(line, rules);
      return {
        id: line.id,
        productName: wire.productName,
        catalogReference: wire.catalogReference,
        ...(line.variantId ? { variantId: line.variantId } : {}),
        quantity: line.quantity,
        price: p(line.unitPrice),
        fullPrice: p(line.fullPrice),
        priceBeforeDiscounts: p(line.unitPrice),
        totalDiscount: p(t.discount),
        totalPriceBeforeTax: p(t.beforeTax),
        totalPriceAfterTax: p(t.afterTax),
        taxDetails: { taxRate: microsToRate(t.rate.micros), totalTax: p(t.tax) },
        descriptionLines: wire.descriptionLines,
        ...(wire.image ? { image: wire.image } : {}),
        physicalProperties: wire.physicalProperties,
        itemType: wire.itemType,
        // How this order is paid, whatever the site's default.
        paymentOption: input.provider.id === 'offline' ? 'FULL_PAYMENT_OFFLINE' : 'FULL_PAYMENT_ONLINE',
      };
    }),
    priceSummary: {
      subtotal: p(totals.subtotal),
      shipping: p(totals.shipping),
      tax: p(totals.tax),
      discount: p(totals.itemDiscount + totals.shippingDiscount),
      total: p(totals.total),
    },
    // Each rate applied, as the platform's orders list them.
    taxInfo: {
      totalTax: p(totals.tax),
      taxBreakdown: totals.taxBreakdown.map(({ rule, tax }) => ({
        taxName: taxNameOf(rule),
        ...jurisdictionOf(rule),
        rate: microsToRate(rule.micros),
        aggregatedTaxAmount: p(tax),
      })),
    },
    ...(shipping
      ? {
          shippingInfo: {
            carrierId: shipping.rule.carrierId,
            code: shipping.rule.code,
            title: shipping.rule.title,
            ...logisticsOf(shipping.rule, rules),
            cost: { price: p(shipping.price), totalDiscount: p(totals.shippingDiscount) },
          },
        }
      : {}),
    ...(internal.shippingAddress || internal.shippingContact
      ? { recipientInfo: addressWithContact(internal.shippingAddress, internal.shippingContact) }
      : {}),
    ...(internal.billingAddress || internal.billingContact
      ? { billingInfo: addressWithContact(internal.billingAddress, internal.billingContact) }
      : {}),
    appliedDiscounts: totals.discounts.map((d) => ({
      discountType: d.discountType,
      ...(d.coupon ? { coupon: { id: d.coupon.id, code: d.coupon.code, amount: p(d.amount) } } : {}),
      ...(d.merchantDiscount ? { merchantDiscount: { amount: p(d.amount) } } : {}),
      lineItemIds: d.lineItemIds,
    })),
    paymentMethod: input.provider.id,
    payments: [
      {
        id: newId(),
        provider: input.provider.id,
        status: charge.status,
        ...(charge.transactionId ? { transactionId: charge.transactionId } : {}),
        ...(charge.card ? { card: charge.card } : {}),
        amount: p(totals.total),
        createdDate: now,
      },
    ],
    activities: [{ type: 'ORDER_PLACED', createdDate: now }],
    purchasedDate: now,
  };
}

/** When it arrives, or where the buyer collects it (the receipt and the e-mail say so). */
function logisticsOf(rule: ShippingRule, rules: StoreRules) {
  const pickupAt = rule.type === 'STORE_PICKUP' ? (rule.pickupAddress ?? rules.businessAddress) : undefined;
  if (!rule.deliveryTime && !pickupAt) return {};
  return {
    logistics: {
      ...(rule.deliveryTime ? { deliveryTime: rule.deliveryTime } : {}),
      ...(pickupAt ? { pickupDetails: { pickupMethod: 'STORE_PICKUP', address: pickupAt } } : {}),
    },
  };
}

/** What the buyer reads about the money, by payment status. */
const PAYMENT_WORDS: Partial<Record<PaymentStatus, string>> = {
  NOT_PAID: 'Payment: awaiting your offline payment.',
  PAID: 'Payment: received.',
  AUTHORIZED: 'Payment: authorised on your card; it is taken when the store confirms your order.',
};

type Described = {
  name: { original: string };
  plainText?: { original: string };
  colorInfo?: { original: string };
};
type Money = { formattedAmount: string; amount: string };

/** `2 × Ceramic Mug (Color: Sage), $14.00 each`. */
function lineText(line: OrderLine): string {
  const name = (line.productName as { original: string }).original;
  const options = ((line.descriptionLines ?? []) as Described[])
    .map((d) => `${d.name.original}: ${(d.plainText ?? d.colorInfo)?.original ?? ''}`)
    .join(', ');
  const each = (line.price as Money).formattedAmount;
  return `${line.quantity} × ${name}${options ? ` (${options})` : ''}, ${each} each`;
}

/** The order confirmation: its lines, then every amount that makes up the total. */
export async function sendConfirmation(deps: EcomDeps, siteId: string, order: Order, format: MoneyFormat) {
  const to = order.buyerInfo.email;
  if (!to) return;
  const summary = order.priceSummary;
  const shipping = order.shippingInfo as { title?: string } | undefined;
  const nonZero = (money: Money | undefined) => money !== undefined && Number(money.amount) !== 0;
  await deps.mail.send({
    siteId,
    to,
    subject: `Order #${order.number} confirmed`,
    text: [
      `Thank you for your order #${order.number}.`,
      '',
      ...order.lineItems.map(lineText),
      '',
      `Subtotal: ${summary.subtotal!.formattedAmount}`,
      ...(nonZero(summary.discount) ? [`Discount: −${summary.discount!.formattedAmount}`] : []),
      ...(shipping ? [`${shipping.title ?? 'Shipping'}: ${summary.shipping!.formattedAmount}`] : []),
      ...(nonZero(summary.tax)
        ? [`${order.taxIncludedInPrices ? 'Tax included' : 'Tax'}: ${summary.tax!.formattedAmount}`]
        : []),
      `Total: ${summary.total!.formattedAmount} (${format.currency})`,
      PAYMENT_WORDS[order.paymentStatus] ??
        `Payment: ${order.paymentStatus.toLowerCase().replace(/_/g, ' ')}.`,
      ...receiptMailLines(receiptOf(order)),
    ].join('\n'),
  });
}

// --- owner calls -------------------------------------------------------------------------------

/**
 * A page of the site's orders, newest first unless sorted otherwise, 100 by default (as the platform's
 * orders package documents). `search` answers its paging as `metadata` (the platform's
 * SearchOrdersResponse, which the official package reads), `query` as `pagingMetadata`.
 */
const lowerCase = (value: string) => value.toLowerCase();

export async function searchOrders(
  deps: EcomDeps,
  caller: Caller,
  query: unknown,
  fieldPrefix: 'search' | 'query',
) {
  const page = await deps.store.orders
    .forSite(caller.siteId)
    .query(withFieldOperands(withDefaultSort(query, NEWEST_FIRST), 'buyerInfo.email', lowerCase), {
      fieldPrefix,
      defaultLimit: 100,
    });
  const paging = fieldPrefix === 'search' ? 'metadata' : 'pagingMetadata';
  return wrapRawList('orders', page.items, { [paging]: page.metadata });
}

export async function getOrder(deps: EcomDeps, caller: Caller, id: string) {
  const doc = await deps.store.orders.forSite(caller.siteId).getRaw(id);
  if (doc === undefined) throw ecomErrors.orderNotFound(id);
  return rawJson(`{"order":${doc}}`);
}

async function requireOrder(
  deps: EcomDeps,
  siteId: string,
  id: string,
  trx?: Parameters<EcomDeps['store']['orders']['forSite']>[1],
) {
  const order = await deps.store.orders.forSite(siteId, trx).get<StoredOrder>(id);
  if (!order) throw ecomErrors.orderNotFound(id);
  return order;
}

/**
 * Marks an order paid, capturing its authorisation first. The order's payment claim (ecom/claims.ts),
 * also held by cancel, makes this the only change to the order's money while it runs: the state is
 * read under it, so racing calls capture nothing, and a cancel cannot void what is being captured.
 * A failed capture writes nothing: the order stays AUTHORIZED and can be marked paid again.
 */
export async function markOrderAsPaid(deps: EcomDeps, caller: Caller, id: string) {
  const { siteId } = caller;
  return withPaymentClaim(deps, siteId, 'order', id, orderBusy(id), async () => {
    const order = await requireOrder(deps, siteId, id);
    if (order.status === 'CANCELED') throw ecomErrors.orderState(id, 'A canceled order cannot be paid.');
    if (order.paymentStatus !== 'NOT_PAID' && order.paymentStatus !== 'AUTHORIZED')
      throw ecomErrors.orderState(
        id,
        `The order is ${order.paymentStatus}; only NOT_PAID or AUTHORIZED orders can be marked paid.`,
      );
    const payment = order.payments[0];
    if (order.paymentStatus === 'AUTHORIZED' && payment?.transactionId)
      await deps.payments[payment.provider as PaymentProvider['id']].capture(payment.transactionId);
    const now = deps.clock.now().toISOString();
    const updated = await deps.store.transaction(async (trx) => {
      const paid = await deps.store.orders.forSite(siteId, trx).update<StoredOrder>(
        id,
        {
          paymentStatus: 'PAID',
          payments: order.payments.map((p, i) => (i === 0 ? { ...p, status: 'CAPTURED' } : p)),
          activities: [...order.activities, { type: 'ORDER_PAID', createdDate: now }],
        },
        // Only mark-as-paid and cancel write an order, both under the claim: the revision read
        // above still holds; the guard stays as a last defence.
        { expectedRevision: order.revision },
      );
      await recordEntityEvent(trx, siteId, 'order', 'paid', paid);
      return paid;
    });
    return { order: updated };
  });
}

const orderBusy = (id: string) => () => ecomErrors.orderPaymentInProgress(id);

/** A payment's status once a cancellation gives its money back. */
const RETURNED: Record<string, string> = { CAPTURED: 'REFUNDED', AUTHORIZED: 'VOIDED' };

export async function cancelOrder(
  deps: EcomDeps,
  caller: Caller,
  id: string,
  options: { restock: boolean; tellBuyer: boolean; customMessage?: string | undefined },
) {
  const { restock } = options;
  const now = deps.clock.now().toISOString();
  // Under the order's payment claim: a mark-as-paid running now is refused, or finishes first and
  // this reads the order PAID (refunded below) rather than voiding an authorisation being captured.
  const write = () =>
    deps.store.transaction(async (trx) => {
      const order = await requireOrder(deps, caller.siteId, id, trx);
      if (order.status === 'CANCELED') throw ecomErrors.orderState(id, 'The order is already canceled.');
      // Always: a seat or a slot is freed whatever `restock` says; goods go back to stock only with it.
      await deps.catalogs.cancel(
        catalogContextOf(deps, caller.siteId, orderOwnerKey(order.buyerInfo), order.buyerInfo),
        orderedLines(order.lineItems),
        { id: order.id, number: order.number },
        trx,
        { restock },
      );
      // The one use pay counted (a coupon that took something off): the coupon may be used again.
      const used = new Set(
        (order.appliedDiscounts ?? []).flatMap(({ coupon }) =>
          coupon && Number(coupon.amount.amount) > 0 ? [coupon.id] : [],
        ),
      );
      for (const couponId of used) await deps.store.returnCoupon(trx, caller.siteId, couponId);
      const paymentStatus: PaymentStatus =
        order.paymentStatus === 'PAID'
          ? 'FULLY_REFUNDED'
          : order.paymentStatus === 'AUTHORIZED'
            ? 'VOIDED'
            : order.paymentStatus;
      // The e-mail as a job of this transaction: once the cancel commits, nothing after it can fail it.
      if (options.tellBuyer)
        await enqueueCancellationMail(deps, trx, caller.siteId, {
          orderId: id,
          ...(options.customMessage ? { customMessage: options.customMessage } : {}),
        });
      return deps.store.orders.forSite(caller.siteId, trx).update<StoredOrder>(
        id,
        {
          status: 'CANCELED',
          paymentStatus,
          // The payment records say what became of the money too.
          payments: order.payments.map((payment) => {
            const returned = paymentStatus !== order.paymentStatus && RETURNED[payment.status];
            return returned ? { ...payment, status: returned } : payment;
          }),
          activities: [...order.activities, { type: 'ORDER_CANCELED', createdDate: now }],
        },
        { expectedRevision: order.revision },
      );
    });
  // The money goes back while the claim is held too: nothing else reaches the provider for this
  // order between the cancellation's commit and its refund.
  const updated = await withPaymentClaim(deps, caller.siteId, 'order', id, orderBusy(id), async () => {
    const canceled = await write();
    const payment = canceled.payments[0];
    if (payment?.transactionId && (payment.status === 'REFUNDED' || payment.status === 'VOIDED'))
      await deps.payments[payment.provider as PaymentProvider['id']].refund(payment.transactionId);
    return canceled;
  });
  return { order: updated };
}

/**
 * Plans as ecom sells them (ecom/catalog-provider.ts): a plan line is a DIGITAL subscription line of
 * quantity 1, for members only. At pay, `commit` records a plan order per line in the order's
 * transaction; `cancel` cancels them.
 *
 * Maximum purchases per buyer: a capacity counter per plan and member (db/capacity.ts) whose capacity
 * is the plan's limit. `commit` takes one unit with a hold it confirms at once: the hold is one
 * conditional UPDATE of the counter row, so of two orders of the same member paying at once the second
 * waits for the first and then finds the counter full (a count of plan orders would let both through
 * under PostgreSQL's read committed). `cancel` releases the hold, which gives the purchase back.
 */
import type { Kysely } from 'kysely';
import { release } from '../../db/capacity.ts';
import type { Schema } from '../../db/schema.ts';
import { formatMoney, toDecimalString } from '../../lib/money.ts';
import {
  type CatalogContext,
  type CatalogItem,
  type CatalogLookup,
  type CatalogProvider,
  ecomErrors,
  type LookUpRequest,
  type OrderedLine,
  type OrderRef,
  type SubscriptionInfo,
} from '../ecom/index.ts';
import type { PausePeriod } from './cycles.ts';
import { hasTrial, purchasesLeft, recordPlanOrder } from './order-writes.ts';
import { type Duration, isFree, priceToMinor, type StoredPlan, type StoredPricing } from './plan-input.ts';
import type { PlansDeps } from './service.ts';
import { siteMoney } from './service.ts';

/** Map 17: Wix Pricing Plans. */
export const PLANS_APP_ID = '1522827f-c56c-a5c9-2ac9-00f9e6ae12d3';

export type PlanOrderStatus = 'DRAFT' | 'PENDING' | 'ACTIVE' | 'PAUSED' | 'ENDED' | 'CANCELED';

/** A purchase of a plan, modelled on the official plan orders (`@wix/pricing-plans` Order). */
export interface PlanOrder {
  planId: string;
  planName: string;
  planDescription?: string;
  planPrice: string;
  buyer: { memberId: string };
  /** OFFLINE: ordered by the owner for a member (createOfflineOrder), paid outside Plaza. */
  type: 'ONLINE' | 'OFFLINE';
  status: PlanOrderStatus;
  /** FAILED: a renewal was declined and waits for its retry. */
  lastPaymentStatus: 'PAID' | 'UNPAID' | 'NOT_APPLICABLE' | 'FAILED';
  startDate: string;
  freeTrialDays?: number;
  /** The plan's pricing when bought: later changes of the plan do not change it. */
  pricing: StoredPricing;
  /** The ecom order that bought it; '' for an order made without ecom (an offline or free order). */
  orderId: string;
  orderNumber: string;
  cancellation?: {
    requestedDate: string;
    cause: 'OWNER_ACTION' | 'MEMBER_ACTION' | 'PAYMENT_FAILURE';
    effectiveAt: 'IMMEDIATELY' | 'NEXT_PAYMENT_DATE';
  };
  /** How it was bought, and the method its renewals charge (renewals.ts). */
  payment?: OrderRef['payment'];
  /** The last cycle charged, or left awaiting payment (0: only the free trial so far). */
  billedCycle?: number;
  /** The renewal of `cycle` was declined: when it is tried again. */
  renewalFailure?: RenewalFailure;
  /** When it ends (cycles.ts), kept for the end-of-term sweep; absent while it runs until cancelled. */
  endDate?: string;
  autoRenewCanceled?: boolean;
  pausePeriods?: PausePeriod[];
  /** Cancelled at the end of a period: the last cycle it runs. */
  endsAfterCycle?: number;
  /** What postponing the end added to it, in milliseconds. */
  postponedMs?: number;
}

export interface RenewalFailure {
  cycle: number;
  attempts: number;
  firstFailedDate: string;
  nextAttemptDate: string;
  declineCode: string;
}

export { purchasesKey } from './order-writes.ts';

const lasting = ({ count, unit }: Duration) => `${count} ${unit.toLowerCase()}${count === 1 ? '' : 's'}`;

/**
 * What a plan line says of its price beyond the subscription terms it carries (`subscriptionOptionInfo`,
 * which pages render as "Billed monthly", "Free trial: 7 days", "Single payment"): how long a single
 * payment lasts. Saying the billing again in words would show the buyer the same terms twice.
 */
export function priceNoteOf(pricing: StoredPricing): string | undefined {
  if (pricing.subscription) return undefined;
  if (pricing.singlePaymentForDuration) return `Valid for ${lasting(pricing.singlePaymentForDuration)}`;
  return 'Never expires';
}

/** When the trial of an order starting at `start` ends: its first charge. */
const trialEnd = (pricing: StoredPricing, start: string) =>
  new Date(Date.parse(start) + (pricing.freeTrialDays ?? 0) * 86_400_000);

const dayText = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);

function subscriptionOf(plan: StoredPlan, startDate: string | undefined): SubscriptionInfo {
  const { pricing } = plan;
  const cycle = pricing.subscription?.cycleDuration ?? pricing.singlePaymentForDuration;
  const settings: SubscriptionInfo['subscriptionSettings'] = {
    frequency: cycle?.unit ?? 'UNDEFINED',
    interval: cycle?.count ?? 1,
    // A free subscription is never charged: nothing renews, and no card is kept for it.
    autoRenewal: pricing.subscription !== undefined && !isFree({ pricing }),
    enableCustomerCancellation: plan.buyerCanCancel,
  };
  const cycles = pricing.subscription ? pricing.subscription.cycleCount : 1;
  if (cycles > 0) settings.billingCycles = cycles;
  if (pricing.freeTrialDays) settings.freeTrialPeriod = { frequency: 'DAY', interval: pricing.freeTrialDays };
  if (startDate) settings.startDate = startDate;
  return { subscriptionSettings: settings, title: plan.name, description: plan.description ?? '' };
}

/**
 * The start the buyer chose (`options.startDate`, a date or date-time, today or later), undefined for
 * "now", or false when the plan does not allow it or it is not a date.
 */
function startDateOf(
  plan: StoredPlan,
  options: LookUpRequest['options'],
  now: Date,
): string | undefined | false {
  const given = options.startDate;
  if (given === undefined || given === null || given === '') return undefined;
  if (!plan.allowFutureStartDate || typeof given !== 'string') return false;
  const time = Date.parse(given);
  if (Number.isNaN(time) || time < Date.parse(now.toISOString().slice(0, 10))) return false;
  return new Date(time).toISOString();
}

export function plansCatalog(deps: PlansDeps): CatalogProvider {
  const notFound = (catalogItemId: string): CatalogLookup => ({
    catalogItemId,
    availability: { status: 'NOT_FOUND' },
  });
  const refused = (line: OrderedLine, reason: 'NOT_FOUND' | 'NOT_FOR_SALE') =>
    ecomErrors.insufficientStock([{ catalogItemId: line.catalogItemId, requested: line.quantity, reason }]);

  async function commitLine(
    context: CatalogContext,
    line: OrderedLine,
    order: OrderRef,
    trx: Kysely<Schema>,
  ) {
    const { siteId, now } = context;
    const memberId = context.buyer.memberId;
    if (!memberId || line.quantity !== 1) throw refused(line, 'NOT_FOR_SALE');
    const plan = await deps.store.plans.forSite(siteId, trx).get<StoredPlan>(line.catalogItemId);
    if (!plan) throw refused(line, 'NOT_FOUND');
    const startDate = startDateOf(plan, line.options, now);
    if (plan.archived || !plan.public || startDate === false) throw refused(line, 'NOT_FOR_SALE');
    const written = await recordPlanOrder(
      deps,
      trx,
      siteId,
      {
        plan,
        memberId,
        ownerKey: context.buyer.ownerKey,
        startDate,
        paid: order.paid !== false,
        type: 'ONLINE',
        ecomOrder: { id: order.id, number: order.number },
        ...(order.payment ? { payment: order.payment } : {}),
      },
      now,
    );
    if (!written) throw refused(line, 'NOT_FOR_SALE');
  }

  return {
    appIds: [PLANS_APP_ID],

    async lookUp({ siteId, buyer, now }, { catalogItemId, options }) {
      const plan = await deps.store.plans.forSite(siteId).get<StoredPlan>(catalogItemId);
      // Hidden plans are not for visitors and members to choose, archived ones never again.
      if (!plan || plan.archived || !plan.public) return notFound(catalogItemId);
      const startDate = startDateOf(plan, options, now);
      if (startDate === false) return notFound(catalogItemId);
      const money = await siteMoney(deps, siteId);
      const minor = priceToMinor(plan.pricing.price.value, money, 'price');
      if (typeof minor !== 'number') return notFound(catalogItemId);
      const moneyOf = (amount: number) => ({
        amount,
        currency: money.currency,
        decimal: toDecimalString(amount, money.digits),
        formatted: formatMoney(amount, money.currency, money.digits),
      });
      // A free trial costs nothing now: the line is what is due now, the price falls due at its end.
      const trial = hasTrial(plan.pricing);
      const price = moneyOf(trial ? 0 : minor);
      const firstCharge = trial ? trialEnd(plan.pricing, startDate || now.toISOString()) : undefined;
      // A plan belongs to a member: a visitor (or the owner's key) signs in before it can be bought.
      const left = buyer.memberId ? await purchasesLeft(deps.store.db, siteId, plan, buyer.memberId, now) : 0;
      const note = priceNoteOf(plan.pricing);
      const item: CatalogItem = {
        catalogItemId,
        name: plan.name,
        price,
        fullPrice: price,
        descriptionLines: [
          ...(firstCharge
            ? [{ name: 'Due later', value: `${moneyOf(minor).formatted} on ${dayText(firstCharge)}` }]
            : []),
          ...(plan.perks.values.length > 0
            ? [{ name: 'Includes', value: plan.perks.values.join(', ') }]
            : []),
        ],
        availability:
          left === 0 ? { status: 'NOT_AVAILABLE', quantityAvailable: 0 } : { status: 'AVAILABLE' },
        itemType: 'DIGITAL',
        maxQuantity: 1,
        membersOnly: true,
        paymentOption: 'FULL_PAYMENT_ONLINE',
        ...(note ? { priceDescription: note } : {}),
        ...(plan.termsAndConditions
          ? { policies: [{ title: 'Terms and conditions', content: plan.termsAndConditions }] }
          : {}),
        subscription: subscriptionOf(plan, startDate),
        version: `${plan.revision}|${left ?? 'unlimited'}|${money.currency}|${firstCharge ?? ''}`,
      };
      return item;
    },

    // One line per plan: adding the plan again finds its line, which holds one at most.
    lineKey: ({ catalogItemId }) => `plan:${catalogItemId}`,

    async commit(context, lines, order, trx) {
      for (const line of lines) await commitLine(context, line, order, trx);
    },

    async cancel({ siteId, now }, _lines, order, trx) {
      const orders = deps.store.orders.forSite(siteId, trx);
      for (const id of await deps.store.ordersOf(siteId, order.id, trx)) {
        const planOrder = await orders.get<PlanOrder>(id);
        if (!planOrder || planOrder.status === 'CANCELED') continue;
        await orders.update(id, {
          status: 'CANCELED',
          cancellation: {
            requestedDate: now.toISOString(),
            cause: 'OWNER_ACTION',
            effectiveAt: 'IMMEDIATELY',
          },
          endDate: now.toISOString(),
        });
        // Unlimited plans took no hold: nothing to give back then.
        await release(trx, siteId, id, now);
      }
    },
  };
}

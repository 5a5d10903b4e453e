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
import { availability, confirm, hold, release, setCapacity } from '../../db/capacity.ts';
import type { Schema } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
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
import { type PausePeriod, scheduleOf } from './cycles.ts';
import { type Duration, priceToMinor, type StoredPlan, type StoredPricing } from './plan-input.ts';
import type { Plan, PlansDeps } from './service.ts';
import { siteMoney } from './service.ts';

/** Map 17: Wix Pricing Plans. */
export const PLANS_APP_ID = '1522827f-c56c-a5c9-2ac9-00f9e6ae12d3';

/** How long the hold of a purchase lives before `commit` confirms it, in the same transaction. */
const HOLD_MS = 60_000;

export type PlanOrderStatus = 'DRAFT' | 'PENDING' | 'ACTIVE' | 'PAUSED' | 'ENDED' | 'CANCELED';

/** A purchase of a plan, modelled on the official plan orders (`@wix/pricing-plans` Order). */
export interface PlanOrder {
  planId: string;
  planName: string;
  planDescription?: string;
  planPrice: string;
  buyer: { memberId: string };
  type: 'ONLINE';
  status: PlanOrderStatus;
  lastPaymentStatus: 'PAID' | 'UNPAID' | 'NOT_APPLICABLE';
  startDate: string;
  freeTrialDays?: number;
  /** The plan's pricing when bought: later changes of the plan do not change it. */
  pricing: StoredPricing;
  /** The ecom order that bought it. */
  orderId: string;
  orderNumber: string;
  cancellation?: {
    requestedDate: string;
    cause: 'OWNER_ACTION' | 'MEMBER_ACTION';
    effectiveAt: 'IMMEDIATELY' | 'NEXT_PAYMENT_DATE';
  };
  /** When it ends (cycles.ts), kept for the end-of-term sweep; absent while it runs until cancelled. */
  endDate?: string;
  autoRenewCanceled?: boolean;
  pausePeriods?: PausePeriod[];
  /** Cancelled at the end of a period: the last cycle it runs. */
  endsAfterCycle?: number;
  /** What postponing the end added to it, in milliseconds. */
  postponedMs?: number;
}

/** The counter of one member's purchases of one plan. */
export const purchasesKey = (planId: string, memberId: string) => `plan-buyer:${planId}:${memberId}`;

const plural = (count: number, unit: string) =>
  count === 1 ? unit.toLowerCase() : `${count} ${unit.toLowerCase()}s`;
const every = ({ count, unit }: Duration) => `every ${plural(count, unit)}`;
const lasting = ({ count, unit }: Duration) => `${count} ${plural(1, unit)}${count === 1 ? '' : 's'}`;

/** "Every month, until cancelled; 7-day free trial", "One payment, valid for 3 months". */
export function billingOf(pricing: StoredPricing): { text: string; short: string } {
  if (pricing.subscription) {
    const { cycleDuration, cycleCount } = pricing.subscription;
    const span =
      cycleCount === 0
        ? 'until cancelled'
        : `for ${lasting({ ...cycleDuration, count: cycleCount * cycleDuration.count })}`;
    const trial = pricing.freeTrialDays ? `; ${pricing.freeTrialDays}-day free trial` : '';
    const period = every(cycleDuration);
    return { text: `${period[0]!.toUpperCase()}${period.slice(1)}, ${span}${trial}`, short: period };
  }
  if (pricing.singlePaymentForDuration)
    return {
      text: `One payment, valid for ${lasting(pricing.singlePaymentForDuration)}`,
      short: `for ${lasting(pricing.singlePaymentForDuration)}`,
    };
  return { text: 'One payment, valid until cancelled', short: 'once' };
}

function subscriptionOf(plan: StoredPlan, startDate: string | undefined): SubscriptionInfo {
  const { pricing } = plan;
  const cycle = pricing.subscription?.cycleDuration ?? pricing.singlePaymentForDuration;
  const settings: SubscriptionInfo['subscriptionSettings'] = {
    frequency: cycle?.unit ?? 'UNDEFINED',
    interval: cycle?.count ?? 1,
    autoRenewal: pricing.subscription !== undefined,
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

  /** Purchases `memberId` may still make of `plan`; undefined when unlimited. */
  async function purchasesLeft(
    siteId: string,
    plan: Plan,
    memberId: string,
    now: Date,
    trx?: Kysely<Schema>,
  ) {
    if (plan.maxPurchasesPerBuyer === 0) return undefined;
    const counter = await availability(trx ?? deps.store.db, siteId, purchasesKey(plan.id, memberId), now);
    return Math.max(0, plan.maxPurchasesPerBuyer - (counter ? counter.held + counter.confirmed : 0));
  }

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
    const orders = deps.store.orders.forSite(siteId, trx);
    const planOrderId = newId();
    if (plan.maxPurchasesPerBuyer > 0) {
      const resourceKey = purchasesKey(plan.id, memberId);
      await setCapacity(trx, siteId, resourceKey, plan.maxPurchasesPerBuyer);
      const held = await hold(trx, siteId, {
        resourceKey,
        quantity: 1,
        ownerKey: context.buyer.ownerKey,
        now,
        expiresAt: new Date(now.getTime() + HOLD_MS),
        holdId: planOrderId,
      });
      if (held.status !== 'held') throw refused(line, 'NOT_FOR_SALE');
      await confirm(trx, siteId, planOrderId, now);
    }
    const free = /^0+(\.0+)?$/.test(plan.pricing.price.value);
    const paid = order.paid !== false;
    const planOrder: PlanOrder = {
      planId: plan.id,
      planName: plan.name,
      ...(plan.description ? { planDescription: plan.description } : {}),
      planPrice: plan.pricing.price.value,
      buyer: { memberId },
      type: 'ONLINE',
      status: paid ? 'ACTIVE' : 'PENDING',
      lastPaymentStatus: free ? 'NOT_APPLICABLE' : paid ? 'PAID' : 'UNPAID',
      startDate: startDate || now.toISOString(),
      ...(plan.pricing.freeTrialDays ? { freeTrialDays: plan.pricing.freeTrialDays } : {}),
      pricing: plan.pricing,
      orderId: order.id,
      orderNumber: order.number,
    };
    const { endDate } = scheduleOf(planOrder, now);
    if (endDate) planOrder.endDate = endDate;
    await orders.create(planOrder, { id: planOrderId, now: now.toISOString() });
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
      const price = {
        amount: minor,
        currency: money.currency,
        decimal: toDecimalString(minor, money.digits),
        formatted: formatMoney(minor, money.currency, money.digits),
      };
      // A plan belongs to a member: a visitor (or the owner's key) signs in before it can be bought.
      const left = buyer.memberId ? await purchasesLeft(siteId, plan, buyer.memberId, now) : 0;
      const billing = billingOf(plan.pricing);
      const item: CatalogItem = {
        catalogItemId,
        name: plan.name,
        price,
        fullPrice: price,
        descriptionLines: [
          { name: 'Billing', value: billing.text },
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
        priceDescription: billing.short,
        ...(plan.termsAndConditions
          ? { policies: [{ title: 'Terms and conditions', content: plan.termsAndConditions }] }
          : {}),
        subscription: subscriptionOf(plan, startDate),
        version: `${plan.revision}|${left ?? 'unlimited'}|${money.currency}`,
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

/**
 * The plans section (SUBSCRIPTIONS) of a member's hosted account: the member's plan orders in words
 * (with what their benefits have left), and which of them the member may cancel now. A member cancels only what the plan lets its buyers
 * cancel (`buyerCanCancel`): a subscription at the end of the period it is in, anything else at once.
 */

import type { Caller } from '../../http/access.ts';
import { currencyDigits, formatMoney } from '../../lib/money.ts';
import type { CardInput } from '../ecom/payments/index.ts';
import { benefitWords } from './benefits/service.ts';
import type { PlanOrder } from './catalog-provider.ts';
import { cancelOrder, type EffectiveAt, memberListOrders, type viewOf } from './orders.ts';
import { pendingFailure, replaceOrderCard } from './payment-method.ts';
import type { StoredPlan } from './plan-input.ts';
import type { PlansDeps } from './service.ts';

type OrderView = ReturnType<typeof viewOf>;

const memberCaller = (siteId: string, memberId: string): Caller => ({
  siteId,
  kind: 'member',
  subjectId: memberId,
  clientId: undefined,
  accessToken: undefined,
});

const UNIT_WORDS: Record<string, [one: string, every: string]> = {
  DAY: ['day', 'Daily'],
  WEEK: ['week', 'Weekly'],
  MONTH: ['month', 'Monthly'],
  YEAR: ['year', 'Yearly'],
};

/** "$30.00" from a decimal string of the currency (never through a float). */
function priceText(value: string, currency: string) {
  const digits = currencyDigits(currency);
  const [whole = '0', fraction = ''] = value.split('.');
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || 0);
  return formatMoney(minor, currency, digits);
}

function billingText(order: OrderView, free: boolean) {
  if (free) return 'Free';
  const { subscription, singlePaymentForDuration } = order.pricing;
  if (subscription) {
    const { count, unit } = subscription.cycleDuration;
    const words = UNIT_WORDS[unit] ?? [unit.toLowerCase(), unit];
    return count === 1 ? words[1] : `Every ${count} ${words[0]}s`;
  }
  if (singlePaymentForDuration) {
    const { count, unit } = singlePaymentForDuration;
    const word = UNIT_WORDS[unit]?.[0] ?? unit.toLowerCase();
    return `Single payment for ${count} ${word}${count === 1 ? '' : 's'}`;
  }
  return 'Single payment';
}

function cancellable(order: OrderView, plan: StoredPlan | undefined): EffectiveAt | undefined {
  if (!plan?.buyerCanCancel) return undefined;
  if (order.pricing.subscription)
    return order.status === 'ACTIVE' && !order.autoRenewCanceled ? 'NEXT_PAYMENT_DATE' : undefined;
  return order.status === 'ACTIVE' || order.status === 'PENDING' ? 'IMMEDIATELY' : undefined;
}

/** The member's plans, newest first (the 50 latest). */
export async function memberAccountPlans(deps: PlansDeps, siteId: string, memberId: string) {
  const caller = memberCaller(siteId, memberId);
  const { orders } = await memberListOrders(deps, caller, { limit: 50 });
  const benefits = await benefitWords(deps, caller);
  const plans = deps.store.plans.forSite(siteId);
  const byId = new Map<string, StoredPlan | undefined>();
  for (const order of orders)
    if (!byId.has(order.planId)) byId.set(order.planId, await plans.get<StoredPlan>(order.planId));
  const failing = new Map<string, PlanOrder>();
  for (const order of orders) {
    if (order.lastPaymentStatus !== 'FAILED') continue;
    const stored = await deps.store.orders.forSite(siteId).get<PlanOrder>(order.id);
    if (stored) failing.set(order.id, stored);
  }
  return orders.map((order) => {
    const stored = failing.get(order.id);
    const failure = stored && pendingFailure(stored);
    const { total: value, currency } = order.pricing.prices[0]!.price;
    const free = Number(value) === 0;
    const canCancel = cancellable(order, byId.get(order.planId));
    return {
      id: order.id,
      planName: order.planName,
      status: order.status,
      price: priceText(value, currency),
      billing: billingText(order, free),
      startDate: order.startDate,
      ...(order.endDate ? { endDate: order.endDate } : {}),
      ...(order.nextChargeDate ? { nextChargeDate: order.nextChargeDate } : {}),
      autoRenewCanceled: order.autoRenewCanceled === true,
      ...(canCancel ? { canCancel } : {}),
      ...(benefits.has(order.id) ? { benefits: benefits.get(order.id) } : {}),
      ...(failure
        ? {
            paymentFailed: {
              declineCode: failure.declineCode,
              nextAttemptDate: failure.nextAttemptDate,
              ...(stored.payment?.card ? { card: stored.payment.card } : {}),
            },
          }
        : {}),
    };
  });
}

/**
 * The member cancels one of their plans the way `memberAccountPlans` offers: another member's plan is
 * NOT_FOUND, a plan that does not let its buyers cancel is refused (orders.ts).
 */
export async function cancelMemberAccountPlan(
  deps: PlansDeps,
  siteId: string,
  memberId: string,
  orderId: string,
) {
  const caller = memberCaller(siteId, memberId);
  const order = await deps.store.orders.forSite(siteId).get<PlanOrder>(orderId);
  // An unknown order goes on to cancelOrder, which answers it NOT_FOUND.
  const effectiveAt: EffectiveAt = order?.pricing.subscription ? 'NEXT_PAYMENT_DATE' : 'IMMEDIATELY';
  await cancelOrder(deps, caller, orderId, effectiveAt, true);
  return memberAccountPlans(deps, siteId, memberId);
}

/** The member replaces the card of a plan whose renewal was declined (payment-method.ts). */
export async function replaceMemberAccountPlanCard(
  deps: PlansDeps,
  siteId: string,
  memberId: string,
  orderId: string,
  card: CardInput,
) {
  await replaceOrderCard(deps, memberCaller(siteId, memberId), orderId, card);
  return memberAccountPlans(deps, siteId, memberId);
}

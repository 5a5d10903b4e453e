/**
 * What a plan gives beyond itself (Plaza calls; the platform keeps the same facts in its benefit
 * programs): benefits over bookings services (the services whose `payment.pricingPlanIds` name the
 * plan) and over event tickets. A benefit is `LIMITED` with `creditAmount` credits per cycle of the
 * plan order, or `UNLIMITED` (the seed's Benefit type). A member spends credits by booking with the
 * payment option `MEMBERSHIP` or by naming a `paidPlanBenefit` at an events checkout; balances are the
 * ecom memberships' `credits {total, remaining}` of each of the member's valid plan orders.
 */
import { Type } from '@sinclair/typebox';
import { Id, Timestamp } from './common.ts';
import { defineCall } from './define.ts';

const app = 'pricing-plans' as const;
const plansAt = (suffix: string) =>
  [
    `/pricing-plans/v2/plans${suffix}`,
    `/_api/pricing-plans/v2/plans${suffix}`,
    `/_api/paid-plans/v2/plans${suffix}`,
  ] as const;
const balancesAt = [
  '/pricing-plans/v2/benefit-balances',
  '/_api/pricing-plans/v2/benefit-balances',
  '/_api/paid-plans/v2/benefit-balances',
] as const;

/** Map 17: the catalogs a benefit can be spent on. */
export const BENEFIT_APPS = {
  bookings: '13d21c63-b5ec-5912-8397-c3a5ddb27a97',
  events: '140603ad-af8d-84a5-2c80-a0f60cb47351',
} as const;

export const BenefitType = Type.Union([Type.Literal('LIMITED'), Type.Literal('UNLIMITED')]);
const AppDefId = Type.Union([Type.Literal(BENEFIT_APPS.bookings), Type.Literal(BENEFIT_APPS.events)], {
  description: 'Bookings (the services naming the plan in `payment.pricingPlanIds`) or Events (tickets).',
});
const Percent = Type.String({
  pattern: '^(100(\\.0{1,2})?|[1-9]?[0-9](\\.[0-9]{1,2})?)$',
  maxLength: 6,
  description: 'Events: the discount on each covered ticket, 0.01–100 ("100": free tickets).',
});

export const PlanBenefitInput = Type.Object({
  id: Type.Optional(Id),
  appDefId: AppDefId,
  benefitType: BenefitType,
  creditAmount: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100_000,
      description: 'LIMITED: credits per cycle (a booking spends one per participant, a ticket one).',
    }),
  ),
  resourceIds: Type.Optional(
    Type.Array(Id, {
      maxItems: 100,
      description: 'Events: the events covered (none: every event of the site). Unused for bookings.',
    }),
  ),
  percentDiscount: Type.Optional(Percent),
});

export const PlanBenefit = Type.Object({
  id: Id,
  appDefId: Type.String(),
  benefitType: BenefitType,
  creditAmount: Type.Optional(Type.Integer()),
  resourceIds: Type.Array(Type.String()),
  percentDiscount: Type.Optional(Type.String()),
});

/** One benefit of one valid plan order, as ecom's memberships name a balance. */
export const BenefitBalance = Type.Object({
  planOrderId: Id,
  planId: Id,
  planName: Type.String(),
  memberId: Type.String(),
  benefit: PlanBenefit,
  /** The plan order's current cycle (1 for a single payment). */
  cycle: Type.Integer(),
  /** LIMITED only: this cycle's credits. */
  credits: Type.Optional(Type.Object({ total: Type.Integer(), remaining: Type.Integer() })),
  /** When these credits lapse: the cycle's end, or the order's. */
  expirationDate: Type.Optional(Timestamp),
});

export const getPlanBenefits = defineCall({
  name: 'getPlanBenefits',
  method: 'GET',
  paths: plansAt('/{planId}/benefits'),
  access: 'anyone',
  app,
  summary: "A plan's benefits: any plan's for the owner, a public plan's (not archived) for anyone.",
  request: Type.Object({ planId: Id }),
  response: Type.Object({ benefits: Type.Array(PlanBenefit) }),
});

export const setPlanBenefits = defineCall({
  name: 'setPlanBenefits',
  method: 'PUT',
  paths: plansAt('/{planId}/benefits'),
  access: 'admin',
  app,
  summary:
    "Replaces a plan's benefits (one per app at most). A benefit sent with its `id` keeps it; orders already bought spend by the benefits as they are now.",
  request: Type.Object({ planId: Id, benefits: Type.Array(PlanBenefitInput, { maxItems: 2 }) }),
  response: Type.Object({ benefits: Type.Array(PlanBenefit) }),
});

export const listBenefitBalances = defineCall({
  name: 'listBenefitBalances',
  method: 'GET',
  paths: balancesAt,
  access: 'member',
  app,
  summary:
    "The balances of the benefits of valid (ACTIVE, started, not ended) plan orders: a member's own; for the owner any member's (`memberId`) or order's (`orderId`).",
  request: Type.Object({
    orderId: Type.Optional(Id),
    memberId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  }),
  response: Type.Object({ balances: Type.Array(BenefitBalance) }),
});

export const planBenefitCallList = [getPlanBenefits, setPlanBenefits, listBenefitBalances] as const;

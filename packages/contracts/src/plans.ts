/**
 * Pricing plans v2 (API map 12): the public reads any caller makes and the owner's plan management,
 * under `/pricing-plans/v2/plans` (custom host `/_api/pricing-plans`, alias `/_api/paid-plans`).
 */
import { type TSchema, Type } from '@sinclair/typebox';
import { Empty, Id, Paging, PagingMetadata, Sorting, Timestamp } from './common.ts';
import { defineCall } from './define.ts';
import { planBenefitCallList } from './plans-benefits.ts';
import { planCheckoutCallList } from './plans-checkout.ts';
import { planOrderCallList } from './plans-orders.ts';

const plansAt = (suffix = '') =>
  [
    `/pricing-plans/v2/plans${suffix}`,
    `/_api/pricing-plans/v2/plans${suffix}`,
    `/_api/paid-plans/v2/plans${suffix}`,
  ] as const;
const app = 'pricing-plans' as const;

// The official client passes what its caller gives, `null` included, for the fields it types `| null`.
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PeriodUnit = Type.Union(
  ['UNDEFINED', 'DAY', 'WEEK', 'MONTH', 'YEAR'].map((unit) => Type.Literal(unit)),
  { description: 'UNDEFINED is refused in a plan; it exists because the official types list it.' },
);

const DurationInput = Type.Object({
  count: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2000 }))),
  unit: Type.Optional(PeriodUnit),
});
const MoneyInput = Type.Object({
  value: Type.Optional(Type.String({ maxLength: 30, description: 'Decimal string, e.g. "19.99".' })),
  currency: Type.Optional(Type.String({ maxLength: 3, description: "The site's currency (ISO-4217)." })),
});

const PricingInput = Type.Object(
  {
    subscription: Type.Optional(
      Type.Object({
        cycleDuration: Type.Optional(DurationInput),
        cycleCount: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 2000 }))),
      }),
    ),
    singlePaymentForDuration: Type.Optional(DurationInput),
    singlePaymentUnlimited: Type.Optional(Nullable(Type.Boolean())),
    price: Type.Optional(MoneyInput),
    freeTrialDays: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 999 }))),
  },
  {
    description:
      'Exactly one of subscription (recurring; cycleCount 0 = until cancelled), singlePaymentForDuration, singlePaymentUnlimited (true); a missing or zero price is a free plan (not for subscriptions).',
  },
);

/** A plan as the owner writes it; read-only fields (`archived`, `primary`, `hasOrders`, dates) are ignored. */
export const PlanInput = Type.Object({
  id: Type.Optional(Id),
  name: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 450 }))),
  perks: Type.Optional(
    Type.Object({
      values: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 1400 }), { maxItems: 500 })),
    }),
  ),
  pricing: Type.Optional(PricingInput),
  public: Type.Optional(Nullable(Type.Boolean())),
  slug: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  maxPurchasesPerBuyer: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000 }))),
  allowFutureStartDate: Type.Optional(Nullable(Type.Boolean())),
  buyerCanCancel: Type.Optional(Nullable(Type.Boolean())),
  termsAndConditions: Type.Optional(Nullable(Type.String({ maxLength: 3000 }))),
  formId: Type.Optional(Nullable(Id)),
});

const Duration = Type.Object({ count: Type.Integer(), unit: PeriodUnit });
export const PlanPricing = Type.Object({
  subscription: Type.Optional(Type.Object({ cycleDuration: Duration, cycleCount: Type.Integer() })),
  singlePaymentForDuration: Type.Optional(Duration),
  singlePaymentUnlimited: Type.Optional(Type.Boolean()),
  price: Type.Object({ value: Type.String(), currency: Type.String() }),
  freeTrialDays: Type.Optional(Type.Integer()),
});

const planFields = {
  id: Id,
  name: Type.String(),
  description: Type.Optional(Type.String()),
  perks: Type.Object({ values: Type.Array(Type.String()) }),
  pricing: PlanPricing,
  primary: Type.Boolean(),
  createdDate: Timestamp,
  updatedDate: Timestamp,
  slug: Type.String(),
  maxPurchasesPerBuyer: Type.Integer({ description: '0: no limit.' }),
  allowFutureStartDate: Type.Boolean(),
  buyerCanCancel: Type.Boolean(),
  termsAndConditions: Type.Optional(Type.String()),
  formId: Type.Optional(Type.String()),
};

/** A plan as the owner sees it. */
export const Plan = Type.Object({
  ...planFields,
  revision: Type.String({ description: 'Bumped by every change; events carry it.' }),
  public: Type.Boolean(),
  archived: Type.Boolean(),
  hasOrders: Type.Boolean({ description: 'Whether any order (paid or pending) bought the plan.' }),
});

/** A plan as visitors and members see it in public lists. */
export const PublicPlan = Type.Object(planFields);

const PlanAnswer = Type.Object({ plan: Plan });
const PlanIds = Type.Array(Id, { maxItems: 100 });
const ListLimit = Type.Integer({ minimum: 1, maximum: 100 });
const Offset = Type.Integer({ minimum: 0, maximum: 1_000_000 });

export const listPublicPlans = defineCall({
  name: 'listPublicPlans',
  method: 'GET',
  paths: plansAt('/public'),
  access: 'anyone',
  app,
  summary: 'Public plans (visible and not archived), in the order they were created; `planIds` narrows them.',
  request: Type.Object({
    limit: Type.Optional(ListLimit),
    offset: Type.Optional(Offset),
    planIds: Type.Optional(PlanIds),
  }),
  response: Type.Object({ plans: Type.Array(PublicPlan), pagingMetadata: PagingMetadata }),
});

export const queryPublicPlans = defineCall({
  name: 'queryPublicPlans',
  method: 'POST',
  paths: plansAt('/public/query'),
  access: 'anyone',
  app,
  summary:
    'Filters, sorts and pages the public plans (offset paging; default order createdDate ASC). Fields with columns: id, slug, primary, createdDate, updatedDate.',
  request: Type.Object({
    query: Type.Optional(
      Type.Object({
        filter: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
        sort: Type.Optional(Type.Array(Sorting, { maxItems: 10 })),
        paging: Type.Optional(Paging),
      }),
    ),
  }),
  response: Type.Object({ plans: Type.Array(PublicPlan), pagingMetadata: PagingMetadata }),
});

export const getPlanStats = defineCall({
  name: 'getPlanStats',
  method: 'GET',
  paths: plansAt('/stats'),
  access: 'admin',
  app,
  summary: 'How many plans the site has, archived and hidden ones included.',
  request: Empty,
  response: Type.Object({ totalPlans: Type.Integer() }),
});

export const getPlan = defineCall({
  name: 'getPlan',
  method: 'GET',
  paths: plansAt('/{id}'),
  access: 'anyone',
  app,
  summary: 'One plan: any of the site for the owner, public ones (not archived) for visitors and members.',
  request: Type.Object({ id: Id }),
  response: PlanAnswer,
});

export const listPlans = defineCall({
  name: 'listPlans',
  method: 'GET',
  paths: plansAt(),
  access: 'admin',
  app,
  summary:
    'Plans by archive state (default ACTIVE) and visibility (default PUBLIC_AND_HIDDEN), in the order they were created.',
  request: Type.Object({
    archived: Type.Optional(
      Type.Union([Type.Literal('ACTIVE'), Type.Literal('ARCHIVED'), Type.Literal('ARCHIVED_AND_ACTIVE')]),
    ),
    public: Type.Optional(
      Type.Union([Type.Literal('PUBLIC_AND_HIDDEN'), Type.Literal('PUBLIC'), Type.Literal('HIDDEN')]),
    ),
    limit: Type.Optional(ListLimit),
    offset: Type.Optional(Offset),
    planIds: Type.Optional(PlanIds),
  }),
  response: Type.Object({ plans: Type.Array(Plan), pagingMetadata: PagingMetadata }),
});

export const createPlan = defineCall({
  name: 'createPlan',
  method: 'POST',
  paths: plansAt(),
  access: 'admin',
  app,
  summary:
    'Creates a plan (public unless `public` is false); its slug comes from its name unless given, unique in the site.',
  request: Type.Object({ plan: PlanInput }),
  response: PlanAnswer,
});

export const updatePlan = defineCall({
  name: 'updatePlan',
  method: 'PATCH',
  paths: plansAt('/{plan.id}'),
  access: 'admin',
  app,
  summary:
    'Changes a plan: the fields `fieldMask` names (comma-separated paths), or without one every field sent. An archived plan cannot be made public.',
  request: Type.Object({
    plan: Type.Object({ ...PlanInput.properties, id: Id }),
    fieldMask: Type.Optional(Type.String({ maxLength: 2000 })),
  }),
  response: PlanAnswer,
});

export const setPlanVisibility = defineCall({
  name: 'setPlanVisibility',
  method: 'PUT',
  paths: plansAt('/{id}/visibility'),
  access: 'admin',
  app,
  summary: 'Shows a plan to visitors and members, or hides it (an archived plan stays hidden).',
  request: Type.Object({ id: Id, visible: Type.Boolean() }),
  response: PlanAnswer,
});

export const makePlanPrimary = defineCall({
  name: 'makePlanPrimary',
  method: 'POST',
  paths: plansAt('/{id}/make-primary'),
  access: 'admin',
  app,
  summary: 'Makes the plan the primary one; the plan that was primary no longer is (one per site).',
  request: Type.Object({ id: Id }),
  response: PlanAnswer,
});

export const clearPrimary = defineCall({
  name: 'clearPrimary',
  method: 'POST',
  paths: plansAt('/clear-primary'),
  access: 'admin',
  app,
  summary: 'Leaves the site without a primary plan.',
  request: Empty,
  response: Empty,
});

export const archivePlan = defineCall({
  name: 'archivePlan',
  method: 'POST',
  paths: plansAt('/{id}/archive'),
  access: 'admin',
  app,
  summary:
    'Archives a plan for good: hidden, no longer primary, never bought again; what members bought stays theirs.',
  request: Type.Object({ id: Id }),
  response: PlanAnswer,
});

export const plansCalls = [
  listPublicPlans,
  queryPublicPlans,
  getPlanStats,
  getPlan,
  listPlans,
  createPlan,
  updatePlan,
  setPlanVisibility,
  makePlanPrimary,
  clearPrimary,
  archivePlan,
  ...planOrderCallList,
  ...planCheckoutCallList,
  ...planBenefitCallList,
] as const;

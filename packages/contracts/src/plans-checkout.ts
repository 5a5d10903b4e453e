/**
 * Plan orders made without the ecom checkout, as the official `@wix/pricing-plans` `orders` module
 * sends them (its checkout service, `/pricing-plans/v2/checkout/orders/…`, custom host
 * `/_api/pricing-plans`, alias `/_api/paid-plans`): the owner's offline order for a member, a member's
 * order of a free plan, the previews of both, and a plan's price preview. Paid plans are bought online
 * through ecom (`paidPlansCheckout`, or a cart line).
 */
import { Type } from '@sinclair/typebox';
import { Id, Timestamp } from './common.ts';
import { defineCall } from './define.ts';
import { PlanOrder } from './plans-orders.ts';

const checkoutAt = (suffix: string) =>
  [
    `/pricing-plans/v2/checkout${suffix}`,
    `/_api/pricing-plans/v2/checkout${suffix}`,
    `/_api/paid-plans/v2/checkout${suffix}`,
  ] as const;
const app = 'pricing-plans' as const;

const StartDate = Type.Optional(
  Type.Union([Timestamp, Type.Null()], {
    description:
      'When the order starts (today or later, when the plan allows a future start); now when absent.',
  }),
);
const CouponCode = Type.Optional(
  Type.Union([Type.String({ minLength: 1, maxLength: 20 }), Type.Null()], {
    description: 'Coupons apply through the ecom checkout: a code sent here is refused.',
  }),
);
const SpannedPrice = Type.Object({
  duration: Type.Object({ cycleFrom: Type.Integer(), numberOfCycles: Type.Optional(Type.Integer()) }),
  price: Type.Object({
    subtotal: Type.String(),
    discount: Type.String(),
    total: Type.String(),
    currency: Type.String(),
  }),
});
const Preview = Type.Object({
  order: Type.Optional(PlanOrder),
  purchaseLimitExceeded: Type.Boolean(),
});

export const createOnlineOrder = defineCall({
  name: 'createOnlineOrder',
  method: 'POST',
  paths: checkoutAt('/orders/online'),
  access: 'member',
  app,
  summary:
    'Orders a free public plan for the calling member (ACTIVE at once); a paid plan is bought through the ecom checkout.',
  request: Type.Object({
    planId: Id,
    startDate: StartDate,
    couponCode: CouponCode,
    submissionId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  }),
  response: Type.Object({ order: PlanOrder }),
});

export const createOfflineOrder = defineCall({
  name: 'createOfflineOrder',
  method: 'POST',
  paths: checkoutAt('/orders/offline'),
  access: 'admin',
  app,
  summary:
    'Orders a plan for a member, paid outside Plaza: ACTIVE when `paid`, else PENDING until marked paid; renewals are left awaiting payment.',
  request: Type.Object({
    planId: Id,
    memberId: Id,
    startDate: StartDate,
    paid: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    couponCode: CouponCode,
    submissionId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  }),
  response: Type.Object({ order: PlanOrder }),
});

export const getOnlineOrderPreview = defineCall({
  name: 'getOnlineOrderPreview',
  method: 'POST',
  paths: checkoutAt('/orders/preview-online'),
  access: 'member',
  app,
  summary:
    'The order the calling member would get for a public plan, not written; none when they reached its purchase limit.',
  request: Type.Object({ planId: Id, startDate: StartDate, couponCode: CouponCode }),
  response: Preview,
});

export const getOfflineOrderPreview = defineCall({
  name: 'getOfflineOrderPreview',
  method: 'POST',
  paths: checkoutAt('/orders/preview-offline'),
  access: 'admin',
  app,
  summary:
    'The offline order a member would get for a plan, not written, and whether it passes their purchase limit.',
  request: Type.Object({ planId: Id, memberId: Id, startDate: StartDate, couponCode: CouponCode }),
  response: Preview,
});

export const getPricePreview = defineCall({
  name: 'getPricePreview',
  method: 'POST',
  paths: checkoutAt('/orders/price-preview'),
  access: 'anyone',
  app,
  summary: "A public plan's prices over its cycles (the owner sees hidden plans too).",
  request: Type.Object({ planId: Id, couponCode: CouponCode }),
  response: Type.Object({ prices: Type.Array(SpannedPrice) }),
});

/** Listed in `plansCalls` (plans.ts): the same domain, module and routes. */
export const planCheckoutCallList = [
  createOnlineOrder,
  createOfflineOrder,
  getOnlineOrderPreview,
  getOfflineOrderPreview,
  getPricePreview,
] as const;

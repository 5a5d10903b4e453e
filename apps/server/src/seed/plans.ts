/**
 * Demo pricing plans: a free community tier, a monthly studio pass (the primary plan) and a yearly
 * plan, all public, in the site currency. The pass gives 8 class credits a month, the yearly plan
 * unlimited classes (the classes name both plans: seed/bookings.ts).
 */
import type { Platform } from '../deps.ts';
import { BOOKINGS_APP_ID } from '../domains/bookings/index.ts';
import { createPlan, makePlanPrimary, setPlanBenefits } from '../domains/plans/index.ts';
import type { Caller } from '../http/access.ts';

/** Fixed ids, in the order plans are listed (created in the same instant, they sort by id). */
export const DEMO_PLAN_IDS = [
  'a1c0f3e2-5b7d-4c19-8e21-000000000001',
  'a1c0f3e2-5b7d-4c19-8e21-000000000002',
  'a1c0f3e2-5b7d-4c19-8e21-000000000003',
] as const;

/** The plans that pay for classes: the Studio Pass (8 a month) and Yearly Unlimited. */
export const CLASS_PLAN_IDS = [DEMO_PLAN_IDS[1], DEMO_PLAN_IDS[2]] as const;

export const DEMO_PLANS = [
  {
    name: 'Community',
    description: 'Stay in touch with the studio.',
    perks: { values: ['Member newsletter', 'Community events'] },
    pricing: { singlePaymentUnlimited: true },
  },
  {
    name: 'Studio Pass',
    description: 'Classes every week, billed monthly.',
    perks: { values: ['8 classes a month', 'Member prices in the shop'] },
    pricing: {
      subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 },
      price: { value: '49.00' },
      freeTrialDays: 7,
    },
    maxPurchasesPerBuyer: 1,
    buyerCanCancel: true,
  },
  {
    name: 'Yearly Unlimited',
    description: 'Every class for a year, one payment.',
    perks: { values: ['Unlimited classes', 'Member prices in the shop', 'A guest pass a month'] },
    pricing: { singlePaymentForDuration: { count: 1, unit: 'YEAR' }, price: { value: '490.00' } },
    allowFutureStartDate: true,
    termsAndConditions: 'The plan starts on the date you choose and lasts one year.',
  },
] as const;

export async function seedPlans(platform: Platform, siteId: string) {
  const owner: Caller = {
    siteId,
    kind: 'admin',
    subjectId: 'seed',
    clientId: undefined,
    accessToken: undefined,
  };
  for (const [i, plan] of DEMO_PLANS.entries()) {
    const id = DEMO_PLAN_IDS[i]!;
    await createPlan(platform.plans, owner, structuredClone(plan) as never, { id });
    if (plan.name === 'Studio Pass') await makePlanPrimary(platform.plans, owner, id);
  }
  const classes = (benefit: { benefitType: 'LIMITED' | 'UNLIMITED'; creditAmount?: number }) => [
    { appDefId: BOOKINGS_APP_ID, ...benefit },
  ];
  await setPlanBenefits(
    platform.plans,
    owner,
    CLASS_PLAN_IDS[0],
    classes({ benefitType: 'LIMITED', creditAmount: 8 }),
  );
  await setPlanBenefits(platform.plans, owner, CLASS_PLAN_IDS[1], classes({ benefitType: 'UNLIMITED' }));
}

export { cancelMemberAccountPlan, memberAccountPlans, replaceMemberAccountPlanCard } from './account.ts';
export { type BookingCredits, bookingCredits, eventCredits } from './benefits/credits.ts';
export { setPlanBenefits } from './benefits/service.ts';
export {
  PLANS_APP_ID,
  type PlanOrder,
  type PlanOrderStatus,
  plansCatalog,
  purchasesKey,
} from './catalog-provider.ts';
export { plansErrors } from './errors.ts';
export { paidPlansCheckoutIntent } from './intent.ts';
export { endDueOrders, planOrdersConsumer, scheduleOrderEndings } from './order-endings.ts';
export type { PlanFields, StoredPlan } from './plan-input.ts';
export { handleRenewals, RENEWAL_JOB, RETRY_DAYS, renewOrder } from './renewals.ts';
export { plansRoutes } from './routes.ts';
export { createPlan, makePlanPrimary, type Plan, type PlansDeps, type PlanView } from './service.ts';
export { type PlansStore, plansStore } from './store.ts';

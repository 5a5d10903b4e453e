import type {
  archivePlan,
  clearPrimary,
  createPlan,
  getPlan,
  getPlanStats,
  listPlans,
  listPublicPlans,
  makePlanPrimary,
  queryPublicPlans,
  setPlanVisibility,
  updatePlan,
} from '@plaza/contracts';
import { call } from '../core/calls.ts';
import { plansCalls } from '../generated/calls.ts';
import { queryCall } from '../query/query-call.ts';

/** Pricing plans: the public ones for any caller, their management for the owner. */
export const plans = {
  /**
   * Public plans, in the order they were created. Any caller.
   * @example
   * const { plans: listed } = await client.plans.listPublicPlans({ limit: 10 });
   */
  listPublicPlans: call<typeof listPublicPlans>(plansCalls, 'listPublicPlans'),
  /**
   * A query builder over the public plans; `find()` sends it. Any caller.
   * @example
   * const page = await client.plans.queryPublicPlans().eq('primary', true).find();
   */
  queryPublicPlans: queryCall<typeof queryPublicPlans, 'plans'>(plansCalls, 'queryPublicPlans', {
    items: 'plans',
  }),
  /** One plan: any for the owner, a public one for everyone else. */
  getPlan: call<typeof getPlan>(plansCalls, 'getPlan'),
  /** Plans by archive state and visibility. Admin only. */
  listPlans: call<typeof listPlans>(plansCalls, 'listPlans'),
  /** How many plans the site has. Admin only. */
  getPlanStats: call<typeof getPlanStats>(plansCalls, 'getPlanStats'),
  /**
   * Creates a plan. Admin only.
   * @example
   * await admin.plans.createPlan({
   *   plan: { name: 'Monthly', pricing: { subscription: { cycleDuration: { count: 1, unit: 'MONTH' } }, price: { value: '20' } } },
   * });
   */
  createPlan: call<typeof createPlan>(plansCalls, 'createPlan'),
  /** Changes a plan (the fields sent, or those `fieldMask` names). Admin only. */
  updatePlan: call<typeof updatePlan>(plansCalls, 'updatePlan'),
  /** Shows or hides a plan. Admin only. */
  setPlanVisibility: call<typeof setPlanVisibility>(plansCalls, 'setPlanVisibility'),
  /** Makes a plan the site's one primary plan. Admin only. */
  makePlanPrimary: call<typeof makePlanPrimary>(plansCalls, 'makePlanPrimary'),
  /** Leaves the site without a primary plan. Admin only. */
  clearPrimary: call<typeof clearPrimary>(plansCalls, 'clearPrimary'),
  /** Archives a plan for good. Admin only. */
  archivePlan: call<typeof archivePlan>(plansCalls, 'archivePlan'),
};

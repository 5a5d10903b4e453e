import type {
  archivePlan,
  cancelPlanOrder,
  clearPrimary,
  createOfflineOrder,
  createOnlineOrder,
  createPlan,
  getOfflineOrderPreview,
  getOnlineOrderPreview,
  getOrdersStats,
  getPlan,
  getPlanBenefits,
  getPlanStats,
  getPricePreview,
  listBenefitBalances,
  listPlans,
  listPublicPlans,
  makePlanPrimary,
  managementGetOrder,
  managementListOrders,
  markPlanOrderAsPaid,
  memberGetOrder,
  memberListOrders,
  pausePlanOrder,
  postponeEndDate,
  queryPublicPlans,
  replacePlanOrderCard,
  requestCancellation,
  resumePlanOrder,
  setPlanBenefits,
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
  /**
   * The calling member's plan orders (memberships), with their current cycle, next charge and end.
   * @example
   * const { orders } = await member.plans.memberListOrders({ orderStatuses: ['ACTIVE'] });
   */
  memberListOrders: call<typeof memberListOrders>(plansCalls, 'memberListOrders'),
  /** One of the calling member's plan orders. */
  memberGetOrder: call<typeof memberGetOrder>(plansCalls, 'memberGetOrder'),
  /** Cancels the member's own order, now or at the end of the period, when its plan allows it. */
  requestCancellation: call<typeof requestCancellation>(plansCalls, 'requestCancellation'),
  /** Replaces the card of the member's subscription whose renewal was declined, and pays that cycle with it. */
  replacePlanOrderCard: call<typeof replacePlanOrderCard>(plansCalls, 'replacePlanOrderCard'),
  /** The site's plan orders by buyer, plan, status and payment. Admin only. */
  managementListOrders: call<typeof managementListOrders>(plansCalls, 'managementListOrders'),
  /** One plan order of the site. Admin only. */
  managementGetOrder: call<typeof managementGetOrder>(plansCalls, 'managementGetOrder'),
  /** Cancels a plan order now or at the end of the period. Admin only. */
  cancelPlanOrder: call<typeof cancelPlanOrder>(plansCalls, 'cancelPlanOrder'),
  /** Pauses an active plan order. Admin only. */
  pausePlanOrder: call<typeof pausePlanOrder>(plansCalls, 'pausePlanOrder'),
  /** Resumes a paused plan order; its dates move by the time paused. Admin only. */
  resumePlanOrder: call<typeof resumePlanOrder>(plansCalls, 'resumePlanOrder'),
  /** Moves the end of a plan order to a later date. Admin only. */
  postponeEndDate: call<typeof postponeEndDate>(plansCalls, 'postponeEndDate'),
  /** Marks an offline order, or a renewal left awaiting payment, paid. Admin only. */
  markPlanOrderAsPaid: call<typeof markPlanOrderAsPaid>(plansCalls, 'markPlanOrderAsPaid'),
  /** How many plan orders the site has, and how many are ACTIVE. Admin only. */
  getOrdersStats: call<typeof getOrdersStats>(plansCalls, 'getOrdersStats'),
  /**
   * Orders a free public plan for the calling member (a paid one is bought through the checkout).
   * @example
   * const { order } = await member.plans.createOnlineOrder({ planId });
   */
  createOnlineOrder: call<typeof createOnlineOrder>(plansCalls, 'createOnlineOrder'),
  /** Orders a plan for a member, paid outside Plaza (`paid`), else pending until marked paid. Admin only. */
  createOfflineOrder: call<typeof createOfflineOrder>(plansCalls, 'createOfflineOrder'),
  /** The order the calling member would get for a public plan, not written. */
  getOnlineOrderPreview: call<typeof getOnlineOrderPreview>(plansCalls, 'getOnlineOrderPreview'),
  /** The offline order a member would get, not written. Admin only. */
  getOfflineOrderPreview: call<typeof getOfflineOrderPreview>(plansCalls, 'getOfflineOrderPreview'),
  /** A plan's prices over its cycles. Any caller. */
  getPricePreview: call<typeof getPricePreview>(plansCalls, 'getPricePreview'),
  /** A plan's benefits (class credits, ticket discounts). Any caller, for a public plan. */
  getPlanBenefits: call<typeof getPlanBenefits>(plansCalls, 'getPlanBenefits'),
  /** Replaces a plan's benefits. Admin only. */
  setPlanBenefits: call<typeof setPlanBenefits>(plansCalls, 'setPlanBenefits'),
  /**
   * The credits left on the calling member's valid plan orders (any member's for the owner).
   * @example
   * const { balances } = await member.plans.listBenefitBalances({});
   */
  listBenefitBalances: call<typeof listBenefitBalances>(plansCalls, 'listBenefitBalances'),
};

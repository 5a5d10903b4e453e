import { plansCalls } from '@plaza/contracts';
import { callModule } from '../../http/calls.ts';
import * as benefits from './benefits/service.ts';
import * as checkout from './checkout.ts';
import * as orders from './orders.ts';
import { replaceOrderCard } from './payment-method.ts';
import type { PlansDeps } from './service.ts';
import * as plans from './service.ts';

export function plansRoutes(deps: PlansDeps) {
  return callModule('plans', plansCalls, {
    listPublicPlans: (input, { caller }) => plans.listPublicPlans(deps, caller, input),
    queryPublicPlans: ({ query }, { caller }) => plans.queryPublicPlans(deps, caller, query),
    getPlanStats: (_input, { caller }) => plans.getPlanStats(deps, caller),
    getPlan: ({ id }, { caller }) => plans.getPlan(deps, caller, id),
    listPlans: (input, { caller }) => plans.listPlans(deps, caller, input),
    createPlan: ({ plan }, { caller }) => plans.createPlan(deps, caller, plan),
    updatePlan: ({ plan, fieldMask }, { caller }) => plans.updatePlan(deps, caller, plan, fieldMask),
    setPlanVisibility: ({ id, visible }, { caller }) => plans.setPlanVisibility(deps, caller, id, visible),
    makePlanPrimary: ({ id }, { caller }) => plans.makePlanPrimary(deps, caller, id),
    clearPrimary: (_input, { caller }) => plans.clearPrimary(deps, caller),
    archivePlan: ({ id }, { caller }) => plans.archivePlan(deps, caller, id),
    memberListOrders: (input, { caller }) => orders.memberListOrders(deps, caller, input),
    memberGetOrder: ({ id }, { caller }) => orders.getOrder(deps, caller, id, true),
    requestCancellation: ({ id, effectiveAt }, { caller }) =>
      orders.cancelOrder(deps, caller, id, effectiveAt, true),
    replacePlanOrderCard: ({ id, card }, { caller }) => replaceOrderCard(deps, caller, id, card),
    managementListOrders: (input, { caller }) => orders.managementListOrders(deps, caller, input),
    managementGetOrder: ({ id }, { caller }) => orders.getOrder(deps, caller, id, false),
    cancelPlanOrder: ({ id, effectiveAt }, { caller }) =>
      orders.cancelOrder(deps, caller, id, effectiveAt, false),
    pausePlanOrder: ({ id }, { caller }) => orders.pauseOrder(deps, caller, id),
    resumePlanOrder: ({ id }, { caller }) => orders.resumeOrder(deps, caller, id),
    postponeEndDate: ({ id, endDate }, { caller }) => orders.postponeEndDate(deps, caller, id, endDate),
    markPlanOrderAsPaid: ({ id }, { caller }) => orders.markAsPaid(deps, caller, id),
    getOrdersStats: (_input, { caller }) => orders.getOrdersStats(deps, caller),
    createOnlineOrder: (input, { caller }) => checkout.createOrder(deps, caller, input),
    createOfflineOrder: (input, { caller }) => checkout.createOrder(deps, caller, input),
    getOnlineOrderPreview: (input, { caller }) => checkout.previewOrder(deps, caller, input),
    getOfflineOrderPreview: (input, { caller }) => checkout.previewOrder(deps, caller, input),
    getPricePreview: (input, { caller }) => checkout.pricePreview(deps, caller, input),
    getPlanBenefits: ({ planId }, { caller }) => benefits.getPlanBenefits(deps, caller, planId),
    setPlanBenefits: ({ planId, benefits: input }, { caller }) =>
      benefits.setPlanBenefits(deps, caller, planId, input),
    listBenefitBalances: (input, { caller }) => benefits.listBenefitBalances(deps, caller, input),
  });
}

import type {
  cancelHostedAccountPlan,
  getHostedAccount,
  replaceHostedAccountPlanCard,
} from '@plaza/contracts';
import { call } from '../core/calls.ts';
import { accountCalls } from '../generated/calls.ts';

/**
 * For the hosted member account page of a `membersAccount` redirect session (create one with
 * `client.redirects.createRedirectSession({ membersAccount: { section: 'SUBSCRIPTIONS' } })` as a
 * signed-in member, then send the browser to its `fullUrl`).
 */
export const account = {
  /**
   * The session's member, with their orders, event tickets and plans.
   * @example const { account } = await client.account.getHostedAccount({ redirectSessionId });
   */
  getHostedAccount: call<typeof getHostedAccount>(accountCalls, 'getHostedAccount'),
  /**
   * Cancels one of the member's plans, when its plan lets buyers cancel; answers the plans.
   * @example const { plans } = await client.account.cancelHostedAccountPlan({ redirectSessionId, planOrderId });
   */
  cancelHostedAccountPlan: call<typeof cancelHostedAccountPlan>(accountCalls, 'cancelHostedAccountPlan'),
  /**
   * Replaces the card of a plan whose renewal was declined and pays that cycle with it; answers the plans.
   * @example const { plans } = await client.account.replaceHostedAccountPlanCard({ redirectSessionId, planOrderId, card });
   */
  replaceHostedAccountPlanCard: call<typeof replaceHostedAccountPlanCard>(
    accountCalls,
    'replaceHostedAccountPlanCard',
  ),
};

/**
 * The `membersAccount {section?}` redirect intent and the hosted account page's calls. The session is
 * made with a member's access token and acts for that member alone while it lasts (one hour); the
 * page reads the member's profile and whatever sections the site's domains serve (`AccountSources`,
 * registered in deps.ts), and cancels a plan through the plans domain's rules.
 */

import type { getHostedAccount as getHostedAccountCall, MembersAccountSection } from '@plaza/contracts';
import { accountCalls } from '@plaza/contracts';
import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../http/access.ts';
import { callModule } from '../../http/calls.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { redirectsErrors } from './errors.ts';
import type { RedirectIntent, RedirectsDeps } from './service.ts';

type Section = Static<typeof MembersAccountSection>;
type Account = Static<(typeof getHostedAccountCall)['response']>['account'];
type Answer<K extends keyof Account> = NonNullable<Account[K]>;

const SECTIONS: readonly Section[] = ['ACCOUNT_INFO', 'BOOKINGS', 'ORDERS', 'SUBSCRIPTIONS', 'EVENTS'];

/** What each domain tells of a member; a section whose domain gives nothing is not shown. */
export interface AccountSources {
  profile(siteId: string, memberId: string): Promise<{ email: string; name?: string } | undefined>;
  orders?(siteId: string, memberId: string): Promise<Answer<'orders'>>;
  bookings?(siteId: string, memberId: string): Promise<Answer<'bookings'>>;
  tickets?(siteId: string, memberId: string): Promise<Answer<'tickets'>>;
  plans?(siteId: string, memberId: string): Promise<Answer<'plans'>>;
  cancelPlan?(siteId: string, memberId: string, planOrderId: string): Promise<Answer<'plans'>>;
  replacePlanCard?(
    siteId: string,
    memberId: string,
    planOrderId: string,
    card: { number: string; expiry: string; cvc: string },
  ): Promise<Answer<'plans'>>;
}

const memberRequired = () =>
  new AppError(
    403,
    'MEMBER_SIGN_IN_REQUIRED',
    'Sign in to open the member account',
    "The account is a member's: sign the visitor in first (a redirect session with `login` or `auth`), then create the membersAccount session with the member's access token.",
  );

export function membersAccountIntent(): RedirectIntent {
  return {
    page: 'account',
    async check(caller: Caller, value: unknown) {
      const given = (typeof value === 'object' && value !== null ? value : {}) as { section?: unknown };
      const section = given.section ?? 'ACCOUNT_INFO';
      if (typeof section !== 'string' || !(SECTIONS as readonly string[]).includes(section))
        throw invalidField(
          'membersAccount.section',
          `must be one of: ${SECTIONS.join(', ')}`,
          'INVALID_ENUM_VALUE',
        );
      if (caller.kind !== 'member') throw memberRequired();
      return { section };
    },
  };
}

/** The session's member, while the session is a live `membersAccount` one. */
async function open(deps: RedirectsDeps, sessionId: string) {
  const session = await deps.store.get(sessionId);
  if (!session) throw redirectsErrors.notFound(sessionId);
  if (session.intent !== 'membersAccount')
    throw redirectsErrors.wrongIntent(sessionId, session.intent, 'membersAccount');
  if (session.expiresDate <= deps.identity.clock.now().toISOString())
    throw redirectsErrors.expired(sessionId);
  const section = String(session.request.intentData?.section ?? 'ACCOUNT_INFO') as Section;
  return { session, siteId: session.siteId, memberId: session.callerId, section };
}

export async function getHostedAccount(
  deps: RedirectsDeps,
  sessionId: string,
): Promise<{ account: Account }> {
  const { session, siteId, memberId, section } = await open(deps, sessionId);
  const sources = deps.account;
  const profile = await sources?.profile(siteId, memberId);
  // The member left the site since: the account is gone with them.
  if (!sources || !profile) throw redirectsErrors.notFound(sessionId);
  const [orders, bookings, tickets, plans] = await Promise.all([
    sources.orders?.(siteId, memberId),
    sources.bookings?.(siteId, memberId),
    sources.tickets?.(siteId, memberId),
    sources.plans?.(siteId, memberId),
  ]);
  const served: Section[] = ['ACCOUNT_INFO'];
  if (bookings) served.push('BOOKINGS');
  if (orders) served.push('ORDERS');
  if (plans) served.push('SUBSCRIPTIONS');
  if (tickets) served.push('EVENTS');
  return {
    account: {
      member: { id: memberId, email: profile.email, ...(profile.name ? { name: profile.name } : {}) },
      section: served.includes(section) ? section : 'ACCOUNT_INFO',
      sections: served,
      ...(orders ? { orders } : {}),
      ...(bookings ? { bookings } : {}),
      ...(tickets ? { tickets } : {}),
      ...(plans ? { plans } : {}),
      ...(session.request.postFlowUrl ? { postFlowUrl: session.request.postFlowUrl } : {}),
    },
  };
}

export async function cancelHostedAccountPlan(deps: RedirectsDeps, sessionId: string, planOrderId: string) {
  const { siteId, memberId } = await open(deps, sessionId);
  const cancel = deps.account?.cancelPlan;
  if (!cancel) throw redirectsErrors.intentNotSupported('membersAccount', []);
  return { plans: await cancel(siteId, memberId, planOrderId) };
}

export async function replaceHostedAccountPlanCard(
  deps: RedirectsDeps,
  sessionId: string,
  planOrderId: string,
  card: { number: string; expiry: string; cvc: string },
) {
  const { siteId, memberId } = await open(deps, sessionId);
  const replace = deps.account?.replacePlanCard;
  if (!replace) throw redirectsErrors.intentNotSupported('membersAccount', []);
  return { plans: await replace(siteId, memberId, planOrderId, card) };
}

export function accountRoutes(deps: RedirectsDeps) {
  return callModule('account', accountCalls, {
    getHostedAccount: ({ redirectSessionId }) => getHostedAccount(deps, redirectSessionId),
    cancelHostedAccountPlan: ({ redirectSessionId, planOrderId }) =>
      cancelHostedAccountPlan(deps, redirectSessionId, planOrderId),
    replaceHostedAccountPlanCard: ({ redirectSessionId, planOrderId, card }) =>
      replaceHostedAccountPlanCard(deps, redirectSessionId, planOrderId, card),
  });
}

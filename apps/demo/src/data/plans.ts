/**
 * The subscriptions example's reads and writes: the public plans, and buying one on the hosted
 * checkout page through a `paidPlansCheckout` redirect session, as the original example does.
 */
import { type Client, client } from '../api.ts';
import { cache } from '../lib/cache.ts';
import { errorCode } from '../lib/errors.ts';
import { loading } from '../lib/loading.ts';
import { encodePendingPlan, readPendingPlan } from '../lib/plans.ts';
import { session } from '../lib/storage.ts';
import { startLogin } from './session.ts';

export type Plan = Awaited<ReturnType<ReturnType<Client['plans']['queryPublicPlans']>['find']>>['items'][number];

export const PLANS_KEY = 'plans';
const PLANS_MAX_AGE_MS = 60_000;

/**
 * The public plans (the query's first page of 50), in the site's order. Installed-app detection
 * runs this same read, so the page opens on plans already loaded.
 */
export const loadPlans = (): Promise<Plan[]> =>
  cache.load(PLANS_KEY, async () => (await client.plans.queryPublicPlans().find()).items, PLANS_MAX_AGE_MS);

/** Where the plan a visitor chose waits while they sign in (this tab only). */
export const PENDING_PLAN_KEY = 'plaza-demo.pendingPlan';

/** The plan chosen before sign-in, if recent; taken once, so a reload does not buy it again. */
export function takePendingPlan(): string | undefined {
  const planId = readPendingPlan(session.getItem(PENDING_PLAN_KEY), Date.now());
  session.removeItem(PENDING_PLAN_KEY);
  return planId;
}

/** The browser is on its way to another page: keep the overlay up until it has left. */
const leaving = () => new Promise<void>((resolve) => setTimeout(resolve, 10_000));

async function signInFirst(planId: string) {
  session.setItem(PENDING_PLAN_KEY, encodePendingPlan(planId, Date.now()));
  await startLogin();
  await leaving();
}

/**
 * Sends the browser to the hosted checkout of `planId`, which comes back to this page
 * (`postFlowUrl`) afterwards. A plan belongs to a member: a visitor goes through the hosted sign-in
 * first, and the page it returns to continues with `takePendingPlan`. `afterSignIn` marks that
 * continuation, which must not send the member to sign in once more. Rejects with the API's error.
 */
export async function buyPlan(planId: string, { afterSignIn = false } = {}): Promise<void> {
  await loading.track(
    (async () => {
      if (!client.auth.loggedIn()) return signInFirst(planId);
      let fullUrl: string;
      try {
        ({
          redirectSession: { fullUrl },
        } = await client.redirects.createRedirectSession({
          paidPlansCheckout: { planId },
          callbacks: { postFlowUrl: window.location.href },
        }));
      } catch (error) {
        // The member session ended on the server while the cookie still says member.
        if (errorCode(error) === 'MEMBER_SIGN_IN_REQUIRED' && !afterSignIn) return signInFirst(planId);
        throw error;
      }
      window.location.href = fullUrl;
      await leaving();
    })(),
  );
}

import type { Jobs } from '../../../jobs/loop.ts';
import { identityErrors } from '../errors.ts';
import { type IdentityContext, MINUTE, nowIso } from './context.ts';

/**
 * The sign-in throttle: failed sign-ins slow down further attempts, per member (their e-mail) and per
 * client address, without ever locking anyone out.
 *
 * Each key gets a few free failures; after that every attempt waits a delay that doubles with each
 * further failure, up to a cap. Only one attempt is taken per delay (the row is updated conditionally,
 * so several processes agree), so parallel guesses gain nothing. A success forgets the member's
 * failures; a day without failures forgets any key's.
 *
 * Someone guessing a member's password from elsewhere must not keep the member out: the member's own
 * throttle does not apply from an address they signed in from in the last weeks (the address's throttle
 * still does), so the real member signs in at once from home while the guesser waits out the doubling
 * delays. From a new address the member waits at most the cap.
 */
export const ACCOUNT_FREE_FAILURES = 5;
/** Higher: many people may share one address behind a NAT. */
export const ADDRESS_FREE_FAILURES = 20;
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15 * MINUTE;
export const FORGET_FAILURES_MS = 24 * 60 * MINUTE;
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE;

/** The wait after `failures` failures of a key that allows `free` of them. */
export function throttleDelayMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(failures - free, 30), MAX_DELAY_MS);
}

interface ThrottledKey {
  key: string;
  free: number;
}

const accountKey = (siteId: string, email: string): ThrottledKey => ({
  key: `account:${siteId}:${email}`,
  free: ACCOUNT_FREE_FAILURES,
});
const addressKey = (siteId: string, address: string): ThrottledKey => ({
  key: `address:${siteId}:${address}`,
  free: ADDRESS_FREE_FAILURES,
});

const at = (ms: number) => new Date(ms).toISOString();
const waitSeconds = (untilMs: number, nowMs: number) => Math.max(1, Math.ceil((untilMs - nowMs) / 1000));

/**
 * Lets a sign-in attempt through or refuses it with 429 (`retryAfterSeconds`, sent as `Retry-After`).
 * An attempt on a throttled key takes that key's next slot: until it fails or succeeds, parallel
 * attempts on the key wait.
 */
export async function checkThrottle(ctx: IdentityContext, siteId: string, email: string, address: string) {
  const { throttle } = ctx.store;
  const nowMs = ctx.clock.now().getTime();
  const forgetBefore = at(nowMs - FORGET_FAILURES_MS);
  const keys = [accountKey(siteId, email), addressKey(siteId, address)];
  const states = await Promise.all(keys.map(({ key }) => throttle.get(key)));
  const throttled: { key: string; nextDelayMs: number }[] = [];
  for (const [index, { key, free }] of keys.entries()) {
    const state = states[index];
    if (!state || state.lastFailureDate <= forgetBefore || state.failures < free) continue;
    if (index === 0 && (await knownAddress(ctx, siteId, email, address, nowMs))) continue;
    if (state.blockedUntil && Date.parse(state.blockedUntil) > nowMs)
      throw identityErrors.rateLimited(waitSeconds(Date.parse(state.blockedUntil), nowMs));
    throttled.push({ key, nextDelayMs: throttleDelayMs(state.failures + 1, free) });
  }
  for (const { key, nextDelayMs } of throttled) {
    if (!(await throttle.take(key, at(nowMs), at(nowMs + nextDelayMs))))
      throw identityErrors.rateLimited(waitSeconds(nowMs + nextDelayMs, nowMs));
  }
}

function knownAddress(ctx: IdentityContext, siteId: string, email: string, address: string, nowMs: number) {
  return ctx.store.throttle.isKnownAddress(siteId, email, address, at(nowMs - KNOWN_ADDRESS_MS));
}

/** Counts a failed sign-in for the member and the address, and sets the wait each has earned. */
export async function recordFailure(ctx: IdentityContext, siteId: string, email: string, address: string) {
  const { throttle } = ctx.store;
  const nowMs = ctx.clock.now().getTime();
  for (const { key, free } of [accountKey(siteId, email), addressKey(siteId, address)]) {
    const failures = await throttle.addFailure(key, at(nowMs), at(nowMs - FORGET_FAILURES_MS));
    const delay = throttleDelayMs(failures, free);
    if (delay > 0) await throttle.block(key, at(nowMs + delay));
  }
}

/** A successful sign-in: the member's failures are forgotten and the address becomes one of theirs. */
export async function recordSuccess(ctx: IdentityContext, siteId: string, email: string, address: string) {
  await clearFailures(ctx, siteId, email);
  await ctx.store.throttle.rememberAddress(siteId, email, address, nowIso(ctx));
}

/**
 * Drops, every `intervalMs` (an hour) once across processes, what the throttle has forgotten anyway:
 * keys without a failure for a day (and no wait left), addresses not signed in from for 30 days.
 */
export function scheduleThrottleRetention(jobs: Jobs, ctx: IdentityContext, intervalMs = 3_600_000): void {
  jobs.every('identity.throttle-retention', intervalMs, async () => {
    const nowMs = ctx.clock.now().getTime();
    await ctx.store.throttle.prune(at(nowMs - FORGET_FAILURES_MS), at(nowMs));
    await ctx.store.throttle.pruneAddresses(at(nowMs - KNOWN_ADDRESS_MS));
  });
}

/** Forgets the member's failures (a success, a password recovered). */
export const clearFailures = (ctx: IdentityContext, siteId: string, email: string) =>
  ctx.store.throttle.clear(accountKey(siteId, email).key);

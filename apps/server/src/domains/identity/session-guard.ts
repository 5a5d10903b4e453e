import type { Clock } from '../../lib/clock.ts';
import type { refreshTokenStore } from './store/grants.ts';

/** Whether a member session (refresh token) is still alive. */
export interface SessionGuard {
  isActive(sessionId: string): Promise<boolean>;
  /** The remembered answer of `isActive`, without waiting; undefined when it must be asked. */
  isActiveCached?(sessionId: string): boolean | undefined;
}

const CACHE_MS = 30_000;
const CACHE_LIMIT = 10_000;

/**
 * Member access tokens carry their session id; a signed-out, revoked (password change, block) or
 * expired session ends them at once in this process, and within 30 seconds in the others.
 */
export function sessionGuard(store: ReturnType<typeof refreshTokenStore>, clock: Clock): SessionGuard {
  const cache = new Map<string, { active: boolean; until: number }>();
  store.onRevoke(() => cache.clear());
  return {
    isActiveCached(sessionId) {
      const hit = cache.get(sessionId);
      return hit && hit.until > clock.nowMs() ? hit.active : undefined;
    },
    async isActive(sessionId) {
      const now = clock.nowMs();
      const hit = cache.get(sessionId);
      if (hit && hit.until > now) return hit.active;
      const row = await store.findById(sessionId);
      const active = !!row && !row.revoked_date && row.expires_date > new Date(now).toISOString();
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      cache.set(sessionId, { active, until: now + CACHE_MS });
      return active;
    },
  };
}

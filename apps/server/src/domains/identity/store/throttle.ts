import { type Kysely, sql } from 'kysely';
import type { Schema } from '../../../db/schema.ts';

export interface ThrottleState {
  failures: number;
  lastFailureDate: string;
  blockedUntil: string | null;
}

/**
 * The sign-in throttle's rows (migration 0038). Every change is one statement, so that several server
 * processes count the same failures and only one of them can take a throttled key's next attempt.
 */
export function throttleStore(db: Kysely<Schema>) {
  return {
    async get(key: string): Promise<ThrottleState | undefined> {
      const row = await db
        .selectFrom('sign_in_throttles')
        .select(['failures', 'last_failure_date', 'blocked_until'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row
        ? {
            failures: Number(row.failures),
            lastFailureDate: row.last_failure_date,
            blockedUntil: row.blocked_until,
          }
        : undefined;
    },

    /**
     * Takes a throttled key's next attempt: sets its wait to `until` when the previous wait is over.
     * False when another attempt (here or in another process) took it first, or it is still waiting.
     */
    async take(key: string, now: string, until: string): Promise<boolean> {
      const result = await db
        .updateTable('sign_in_throttles')
        .set({ blocked_until: until })
        .where('key', '=', key)
        .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Counts a failure (starting again from one when the last was before `forgetBefore`) and returns
     * the count; the caller then sets the wait it earns.
     */
    async addFailure(key: string, now: string, forgetBefore: string): Promise<number> {
      const row = await db
        .insertInto('sign_in_throttles')
        .values({ key, failures: 1, last_failure_date: now, blocked_until: null })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            failures: sql<number>`case when sign_in_throttles.last_failure_date <= ${forgetBefore} then 1 else sign_in_throttles.failures + 1 end`,
            last_failure_date: now,
          }),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      return Number(row.failures);
    },

    /** Makes the key's next attempt wait until `until` (never shortening a longer wait). */
    async block(key: string, until: string): Promise<void> {
      await db
        .updateTable('sign_in_throttles')
        .set({ blocked_until: until })
        .where('key', '=', key)
        .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', until)]))
        .execute();
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('sign_in_throttles').where('key', '=', key).execute();
    },

    /** Drops what is forgotten anyway: keys whose last failure is older than `before`, with no wait left at `now`. */
    async prune(before: string, now: string): Promise<number> {
      const result = await db
        .deleteFrom('sign_in_throttles')
        .where('last_failure_date', '<', before)
        .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Forgets the addresses no member signed in from since `before`. */
    async pruneAddresses(before: string): Promise<number> {
      const result = await db
        .deleteFrom('sign_in_addresses')
        .where('signed_in_date', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async rememberAddress(siteId: string, email: string, address: string, now: string): Promise<void> {
      await db
        .insertInto('sign_in_addresses')
        .values({ site_id: siteId, email, address, signed_in_date: now })
        .onConflict((conflict) =>
          conflict.columns(['site_id', 'email', 'address']).doUpdateSet({ signed_in_date: now }),
        )
        .execute();
    },

    /** Whether the member signed in from `address` since `since`. */
    async isKnownAddress(siteId: string, email: string, address: string, since: string): Promise<boolean> {
      const row = await db
        .selectFrom('sign_in_addresses')
        .select('signed_in_date')
        .where('site_id', '=', siteId)
        .where('email', '=', email)
        .where('address', '=', address)
        .executeTakeFirst();
      return row !== undefined && row.signed_in_date >= since;
    },
  };
}

export type ThrottleStore = ReturnType<typeof throttleStore>;

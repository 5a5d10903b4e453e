/**
 * The sweep of holds past their expiry (db/capacity.ts): frees their capacity and records a
 * `capacity_hold` `expired` event for each, in the same transaction, so that the domain the hold stood
 * for (a ticket reservation, a slot) can turn it into its own (RESERVATION_EXPIRED) and tell the owner.
 * A hold that a sale found expired first is freed by that sale, which reports it to its domain instead.
 */
import { expireDue, type Hold } from '../db/capacity.ts';
import type { Database } from '../db/connect.ts';
import type { Clock } from '../lib/clock.ts';
import { recordDomainEvent } from '../outbox/outbox.ts';
import type { Jobs } from './loop.ts';

/** How often the sweep runs: a hold is freed at most this long after it expired (a sale frees it at once). */
export const HOLD_SWEEP_MS = 15_000;
const BATCH = 500;

/** The event of an expired hold: what it held, for whom. */
export const holdExpiredPayload = (hold: Hold) => ({
  hold: {
    id: hold.holdId,
    resourceKey: hold.resourceKey,
    ownerKey: hold.ownerKey,
    quantity: hold.quantity,
    expiresAt: hold.expiresAt,
  },
});

/** Frees every hold due at the clock's now, a batch per transaction; answers how many. */
export async function expireHolds(database: Database, clock: Clock): Promise<number> {
  let freed = 0;
  for (;;) {
    const now = clock.now();
    const batch = await database.db.transaction().execute(async (trx) => {
      const expired = await expireDue(trx, now, BATCH);
      for (const hold of expired)
        await recordDomainEvent(trx, {
          siteId: hold.siteId,
          entityKind: 'capacity_hold',
          entityId: hold.holdId,
          event: 'expired',
          payload: holdExpiredPayload(hold),
          occurredDate: now.toISOString(),
        });
      return expired.length;
    });
    freed += batch;
    if (batch < BATCH) return freed;
  }
}

export function scheduleHoldExpiry(jobs: Jobs, database: Database, clock: Clock) {
  jobs.every('capacity-hold-expiry', HOLD_SWEEP_MS, async () => {
    await expireHolds(database, clock);
  });
}

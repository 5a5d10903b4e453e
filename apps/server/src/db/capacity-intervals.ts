/**
 * Interval holds (db/capacity.ts): one staff member's appointments, of any length, held under the
 * resource's lock with an overlap check in the same transaction, where counters cannot say it.
 */
import {
  checkRequest,
  type Executor,
  freeExpired,
  HELD,
  type Hold,
  type HoldRequest,
  type HoldRow,
  holdOf,
  insertHold,
  inTransaction,
  isPostgres,
  newRow,
} from './capacity-rows.ts';

/** An interval hold has quantity 1 and takes no units from the counter. */
export interface IntervalRequest extends Omit<HoldRequest, 'quantity'> {
  startsAt: Date;
  endsAt: Date;
}

export type IntervalResult =
  | { status: 'held'; hold: Hold; expired: Hold[] }
  | { status: 'conflict'; conflicts: Hold[]; expired: Hold[] };

/**
 * Makes the transaction the only one working on `resourceKey` until it ends, creating its counter row
 * (capacity 0) when missing. PostgreSQL locks that row; the insert comes first, so that of two making
 * it at once one waits for the other's commit and then finds it. SQLite transactions here begin
 * IMMEDIATE (connect.ts): the transaction already holds the database's write lock.
 */
export async function lockResource(trx: Executor, siteId: string, resourceKey: string): Promise<void> {
  if (!trx.isTransaction) throw new Error('lockResource: the lock lasts for a transaction; pass one');
  await trx
    .insertInto('capacity_counters')
    .values({ site_id: siteId, resource_key: resourceKey, capacity: 0, held: 0, confirmed: 0 })
    .onConflict((oc) => oc.columns(['site_id', 'resource_key']).doNothing())
    .execute();
  if (!isPostgres(trx)) return;
  await trx
    .selectFrom('capacity_counters')
    .select('site_id')
    .where('site_id', '=', siteId)
    .where('resource_key', '=', resourceKey)
    .forUpdate()
    .execute();
}

/**
 * Holds [startsAt, endsAt) of `resourceKey` (a staff member) when no live hold of it overlaps, under
 * the resource's lock; else answers the holds in the way. Expired holds of the resource are freed
 * first, so that none of them can later be confirmed over the new one without being checked again.
 */
export function holdInterval(
  db: Executor,
  siteId: string,
  request: IntervalRequest,
): Promise<IntervalResult> {
  checkRequest({ ...request, quantity: 1 });
  if (!(request.startsAt < request.endsAt)) throw new RangeError('startsAt must be before endsAt');
  return inTransaction(db, async (trx) => {
    const row = newRow(siteId, { ...request, quantity: 1 }, request);
    const { conflicts, expired } = await intervalFree(trx, row, row.created_date);
    if (conflicts.length > 0) return { status: 'conflict', conflicts, expired };
    await insertHold(trx, row);
    return { status: 'held', hold: holdOf(row), expired };
  });
}

/**
 * Under the resource's lock, its expired holds freed: the live holds (CONFIRMED, or HELD and unexpired)
 * other than `hold` that overlap its interval.
 */
export async function intervalFree(trx: Executor, hold: HoldRow, now: string) {
  await lockResource(trx, hold.site_id, hold.resource_key);
  const expired = await freeExpired(trx, hold, now);
  const rows = await trx
    .selectFrom('capacity_holds')
    .selectAll()
    .where('site_id', '=', hold.site_id)
    .where('resource_key', '=', hold.resource_key)
    .where('ends_at', '>', hold.starts_at!)
    .where('starts_at', '<', hold.ends_at!)
    .where((eb) =>
      eb.or([eb('state', '=', 'CONFIRMED'), eb.and([eb('state', '=', HELD), eb('expires_at', '>', now)])]),
    )
    .where('hold_id', '!=', hold.hold_id)
    .orderBy('starts_at')
    .execute();
  return { conflicts: rows.map(holdOf), expired };
}

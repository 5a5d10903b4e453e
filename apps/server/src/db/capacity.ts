/**
 * Capacity that no domain owns: tickets, class and course seats, plan purchase limits (counted holds)
 * and one staff member's appointments (interval holds). Every function runs in the caller's
 * transaction (or in one of its own when given the database), so a hold, its confirmation or its
 * release commits or rolls back with the domain's own writes, and every statement carries the site.
 *
 * A counted hold takes units from its resource's counter with one conditional UPDATE; the counter
 * says how many units HELD and CONFIRMED holds have. A hold past `expiresAt` keeps its units until it
 * is freed (state EXPIRED): by the sweep (`expireDue`), or at once by a `hold` that finds the resource
 * short, so an expired hold never blocks a sale. Holds freed along the way are answered (`expired`), as
 * the sweep answers its own, so that their owners can be told.
 *
 * Answers are values, not HTTP errors: each domain turns "short" or "conflict" into its own code.
 * On PostgreSQL, a transaction that takes holds on several resources should take them in one order
 * (e.g. by resource key), or two such transactions can deadlock (409 CONCURRENT_CHANGE).
 */
import { sql } from 'kysely';
import { intervalFree } from './capacity-intervals.ts';
import {
  checkCount,
  checkRequest,
  counted,
  type Executor,
  HELD,
  type Hold,
  type HoldRequest,
  type HoldRow,
  holdOf,
  insertHold,
  inTransaction,
  iso,
  isPostgres,
  moveState,
  newRow,
  type Resource,
  shift,
  take,
} from './capacity-rows.ts';

export {
  holdInterval,
  type IntervalRequest,
  type IntervalResult,
  lockResource,
} from './capacity-intervals.ts';
export type { Hold, HoldRequest } from './capacity-rows.ts';
export type { HoldState } from './schema.ts';

export interface Availability {
  capacity: number;
  /** Units of holds still live at `now` (holds past their expiry not counted). */
  held: number;
  confirmed: number;
  available: number;
}

/** `expired`: holds of the resource this call found past their expiry and freed. */
export type HoldResult =
  | { status: 'held'; hold: Hold; expired: Hold[] }
  | { status: 'short'; available: number; expired: Hold[] }
  /** No capacity was ever set for the resource. */
  | { status: 'unknown' };

export type ConfirmResult =
  /** `retaken`: the hold had expired and been freed, and its capacity was taken again. */
  | { status: 'confirmed'; hold: Hold; retaken: boolean; expired: Hold[] }
  /** Freed, and its units (or its interval: `available` 0) taken meanwhile. The hold stays EXPIRED. */
  | { status: 'lapsed'; hold: Hold; available: number; expired: Hold[] }
  | { status: 'released'; hold: Hold }
  | { status: 'missing' };

export type ReleaseResult =
  | { status: 'released'; hold: Hold; from: 'HELD' | 'CONFIRMED' }
  /** Released or expired before: nothing to give back. */
  | { status: 'unchanged'; hold: Hold }
  | { status: 'missing' };

/** Sets a resource's capacity, making its counter when missing. Holds already made stay when it shrinks. */
export async function setCapacity(db: Executor, siteId: string, resourceKey: string, capacity: number) {
  checkCount(capacity, 'capacity', 0);
  await db
    .insertInto('capacity_counters')
    .values({ site_id: siteId, resource_key: resourceKey, capacity, held: 0, confirmed: 0 })
    .onConflict((oc) => oc.columns(['site_id', 'resource_key']).doUpdateSet({ capacity }))
    .execute();
}

/** What a resource has to give at `now`, holds past their expiry counted as free; undefined when unknown. */
export async function availability(
  db: Executor,
  siteId: string,
  resourceKey: string,
  now: Date,
): Promise<Availability | undefined> {
  const row = await db
    .selectFrom('capacity_counters as c')
    .select(['c.capacity', 'c.held', 'c.confirmed'])
    .select((eb) =>
      eb
        .selectFrom('capacity_holds as h')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('h.quantity'), sql.lit(0)).as('due'))
        .whereRef('h.site_id', '=', 'c.site_id')
        .whereRef('h.resource_key', '=', 'c.resource_key')
        .where('h.state', '=', HELD)
        .where('h.expires_at', '<=', iso(now))
        .where('h.starts_at', 'is', null)
        .as('due'),
    )
    .where('c.site_id', '=', siteId)
    .where('c.resource_key', '=', resourceKey)
    .executeTakeFirst();
  if (!row) return undefined;
  const capacity = Number(row.capacity);
  const held = Number(row.held) - Number(row.due ?? 0);
  const confirmed = Number(row.confirmed);
  return { capacity, held, confirmed, available: Math.max(0, capacity - held - confirmed) };
}

/**
 * `availability` of many resources in one statement (a page of ticket types, say), by resource key; a
 * key without a counter is missing from the map.
 */
export async function availabilityOf(
  db: Executor,
  siteId: string,
  resourceKeys: readonly string[],
  now: Date,
): Promise<Map<string, Availability>> {
  const found = new Map<string, Availability>();
  if (resourceKeys.length === 0) return found;
  const rows = await db
    .selectFrom('capacity_counters as c')
    .select(['c.resource_key', 'c.capacity', 'c.held', 'c.confirmed'])
    .select((eb) =>
      eb
        .selectFrom('capacity_holds as h')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('h.quantity'), sql.lit(0)).as('due'))
        .whereRef('h.site_id', '=', 'c.site_id')
        .whereRef('h.resource_key', '=', 'c.resource_key')
        .where('h.state', '=', HELD)
        .where('h.expires_at', '<=', iso(now))
        .where('h.starts_at', 'is', null)
        .as('due'),
    )
    .where('c.site_id', '=', siteId)
    .where('c.resource_key', 'in', [...new Set(resourceKeys)])
    .execute();
  for (const row of rows) {
    const capacity = Number(row.capacity);
    const held = Number(row.held) - Number(row.due ?? 0);
    const confirmed = Number(row.confirmed);
    found.set(row.resource_key, {
      capacity,
      held,
      confirmed,
      available: Math.max(0, capacity - held - confirmed),
    });
  }
  return found;
}

/** Takes `quantity` units of `resourceKey` for `ownerKey` until `expiresAt`, or says how many are left. */
export function hold(db: Executor, siteId: string, request: HoldRequest): Promise<HoldResult> {
  checkRequest(request);
  return inTransaction(db, async (trx) => {
    const row = newRow(siteId, request);
    const { taken, expired } = await take(trx, row, 'held', row.created_date);
    if (taken) {
      await insertHold(trx, row);
      return { status: 'held', hold: holdOf(row), expired };
    }
    const left = await availability(trx, siteId, row.resource_key, request.now);
    return left ? { status: 'short', available: left.available, expired } : { status: 'unknown' };
  });
}

/**
 * Turns a hold into a confirmed one (an order commits). A HELD hold is confirmed even past its expiry:
 * until it is freed its units are its own, so nobody else has them. A hold already freed (EXPIRED) is
 * confirmed only if its units, or its interval, can be taken again now, and says so (`retaken`); else
 * it stays EXPIRED and the answer is 'lapsed'. Confirming twice answers 'confirmed' again.
 */
export function confirm(db: Executor, siteId: string, holdId: string, now: Date): Promise<ConfirmResult> {
  return inTransaction(db, async (trx) => {
    const at = iso(now);
    const held = await moveState(trx, siteId, holdId, 'HELD', 'CONFIRMED', at);
    if (held) {
      await shift(trx, held, { held: -counted(held), confirmed: counted(held) });
      return { status: 'confirmed', hold: holdOf(held), retaken: false, expired: [] };
    }
    const hold = await findHold(trx, siteId, holdId);
    if (!hold) return { status: 'missing' };
    if (hold.state === 'CONFIRMED') return { status: 'confirmed', hold, retaken: false, expired: [] };
    if (hold.state === 'RELEASED') return { status: 'released', hold };
    // EXPIRED. Claimed before taking, so that of two confirmations racing only one takes capacity again.
    const claimed = await moveState(trx, siteId, holdId, 'EXPIRED', 'CONFIRMED', at);
    if (!claimed) return confirm(trx, siteId, holdId, now);
    const again = await retake(trx, claimed, at);
    if (again.taken)
      return { status: 'confirmed', hold: holdOf(claimed), retaken: true, expired: again.expired };
    await moveState(trx, siteId, holdId, 'CONFIRMED', 'EXPIRED', hold.updatedDate);
    return { status: 'lapsed', hold, available: again.available, expired: again.expired };
  });
}

/** Gives a HELD or CONFIRMED hold's capacity back (a cart line removed, an order cancelled). Idempotent. */
export function release(db: Executor, siteId: string, holdId: string, now: Date): Promise<ReleaseResult> {
  return inTransaction(db, async (trx) => {
    for (const from of ['HELD', 'CONFIRMED'] as const) {
      const row = await moveState(trx, siteId, holdId, from, 'RELEASED', iso(now));
      if (row) {
        await shift(trx, row, from === 'HELD' ? { held: -counted(row) } : { confirmed: -counted(row) });
        return { status: 'released', hold: holdOf(row), from };
      }
    }
    const hold = await findHold(trx, siteId, holdId);
    return hold ? { status: 'unchanged', hold } : { status: 'missing' };
  });
}

/**
 * Frees up to `limit` holds of any site past their expiry at `now`, oldest first, and answers them (for
 * their `expired` events). On PostgreSQL holds that another sweep (or a short `hold`) is freeing are
 * skipped, so that several processes can sweep at once.
 */
export function expireDue(db: Executor, now: Date, limit: number): Promise<Hold[]> {
  checkCount(limit, 'limit', 1);
  return inTransaction(db, async (trx) => {
    const at = iso(now);
    // Picked first, then freed: as a locking subquery of the UPDATE, PostgreSQL freed more than `limit`
    // (run again while the UPDATE goes on, it skips the rows already changed and picks further ones).
    const due = await trx
      .selectFrom('capacity_holds')
      .select(['site_id', 'hold_id'])
      .where('state', '=', HELD)
      .where('expires_at', '<=', at)
      .orderBy('expires_at')
      .limit(limit)
      .$if(isPostgres(trx), (query) => query.forUpdate().skipLocked())
      .execute();
    if (due.length === 0) return [];
    const rows = await trx
      .updateTable('capacity_holds')
      .set({ state: 'EXPIRED', updated_date: at })
      .where(({ eb, refTuple, tuple }) =>
        eb(
          refTuple('site_id', 'hold_id'),
          'in',
          due.map((row) => tuple(row.site_id, row.hold_id)),
        ),
      )
      .where('state', '=', HELD)
      .returningAll()
      .execute();
    const freed = new Map<string, { resource: Resource; units: number }>();
    for (const row of rows) {
      const key = JSON.stringify([row.site_id, row.resource_key]);
      freed.set(key, { resource: row, units: (freed.get(key)?.units ?? 0) + counted(row) });
    }
    // Counters in one order, so that two sweeps never wait for each other crosswise.
    for (const key of [...freed.keys()].sort()) {
      const { resource, units } = freed.get(key)!;
      await shift(trx, resource, { held: -units });
    }
    return rows.map(holdOf);
  });
}

/** One hold as stored, or undefined. */
export async function findHold(db: Executor, siteId: string, holdId: string): Promise<Hold | undefined> {
  const row = await db
    .selectFrom('capacity_holds')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('hold_id', '=', holdId)
    .executeTakeFirst();
  return row && holdOf(row);
}

/** Takes a freed hold's units, or its interval, again (see `confirm`). */
async function retake(trx: Executor, hold: HoldRow, now: string) {
  if (hold.starts_at === null) {
    const again = await take(trx, hold, 'confirmed', now);
    const left = again.taken
      ? undefined
      : await availability(trx, hold.site_id, hold.resource_key, new Date(now));
    return { ...again, available: left?.available ?? 0 };
  }
  const { conflicts, expired } = await intervalFree(trx, hold, now);
  return { taken: conflicts.length === 0, available: 0, expired };
}

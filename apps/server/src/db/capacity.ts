import { type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import { newId } from '../lib/ids.ts';
import type { CapacityHoldsTable, HoldState, Schema } from './schema.ts';

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

export type { HoldState } from './schema.ts';

type Executor = Kysely<Schema>;
type HoldRow = Selectable<CapacityHoldsTable>;
type Resource = Pick<HoldRow, 'site_id' | 'resource_key'>;

export interface Hold {
  siteId: string;
  holdId: string;
  resourceKey: string;
  quantity: number;
  ownerKey: string;
  state: HoldState;
  expiresAt: string;
  /** [startsAt, endsAt) of an interval hold; null for a counted hold. */
  startsAt: string | null;
  endsAt: string | null;
  createdDate: string;
  updatedDate: string;
}

export interface Availability {
  capacity: number;
  /** Units of holds still live at `now` (holds past their expiry not counted). */
  held: number;
  confirmed: number;
  available: number;
}

export interface HoldRequest {
  resourceKey: string;
  quantity: number;
  ownerKey: string;
  now: Date;
  expiresAt: Date;
  /** The caller's own id for the hold (a reservation id, say); a new UUID when absent. */
  holdId?: string;
}

/** An interval hold has quantity 1 and takes no units from the counter. */
export interface IntervalRequest extends Omit<HoldRequest, 'quantity'> {
  startsAt: Date;
  endsAt: Date;
}

/** `expired`: holds of the resource this call found past their expiry and freed. */
export type HoldResult =
  | { status: 'held'; hold: Hold; expired: Hold[] }
  | { status: 'short'; available: number; expired: Hold[] }
  /** No capacity was ever set for the resource. */
  | { status: 'unknown' };

export type IntervalResult =
  | { status: 'held'; hold: Hold; expired: Hold[] }
  | { status: 'conflict'; conflicts: Hold[]; expired: Hold[] };

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

// A literal, not a parameter: the partial indexes on live holds (migration 0012) serve a query only
// when its condition is written as theirs is.
const HELD = sql.lit<HoldState>('HELD');

const iso = (date: Date) => date.toISOString();

const isPostgres = (executor: Executor) => executor.getExecutor().adapter instanceof PostgresAdapter;

const inTransaction = <T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

function checkCount(value: number, name: string, least: number) {
  if (!Number.isSafeInteger(value) || value < least) {
    throw new RangeError(`${name} must be an integer of at least ${least}, not ${value}`);
  }
}

function checkRequest(request: HoldRequest) {
  checkCount(request.quantity, 'quantity', 1);
  if (!(request.expiresAt > request.now)) throw new RangeError('expiresAt must be after now');
}

const holdOf = (row: HoldRow): Hold => ({
  siteId: row.site_id,
  holdId: row.hold_id,
  resourceKey: row.resource_key,
  quantity: Number(row.quantity),
  ownerKey: row.owner_key,
  state: row.state,
  expiresAt: row.expires_at,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  createdDate: row.created_date,
  updatedDate: row.updated_date,
});

/** Units a hold takes from its counter: interval holds take none (the counter row is their lock). */
const counted = (row: HoldRow) => (row.starts_at === null ? Number(row.quantity) : 0);

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

function newRow(siteId: string, request: HoldRequest, interval?: { startsAt: Date; endsAt: Date }): HoldRow {
  const now = iso(request.now);
  return {
    site_id: siteId,
    hold_id: request.holdId ?? newId(),
    resource_key: request.resourceKey,
    quantity: request.quantity,
    owner_key: request.ownerKey,
    state: 'HELD',
    expires_at: iso(request.expiresAt),
    starts_at: interval ? iso(interval.startsAt) : null,
    ends_at: interval ? iso(interval.endsAt) : null,
    created_date: now,
    updated_date: now,
  };
}

/**
 * A hold id used before is refused with an error, its units given back first: on SQLite a caller that
 * caught the error and committed would otherwise keep units taken by no hold.
 */
async function insertHold(trx: Executor, row: HoldRow) {
  const result = await trx
    .insertInto('capacity_holds')
    .values(row)
    .onConflict((oc) => oc.columns(['site_id', 'hold_id']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return;
  await shift(trx, row, { held: -counted(row) });
  throw new Error(`capacity: hold ${row.hold_id} of site ${row.site_id} exists already`);
}

/** One conditional UPDATE; when it misses, the resource's expired holds are freed and it runs once more. */
async function take(trx: Executor, hold: HoldRow, column: 'held' | 'confirmed', now: string) {
  const units = Number(hold.quantity);
  const once = async () => {
    const result = await trx
      .updateTable('capacity_counters')
      .set(column, (eb) => eb(column, '+', units))
      .where('site_id', '=', hold.site_id)
      .where('resource_key', '=', hold.resource_key)
      .where(sql<number>`capacity - held - confirmed`, '>=', units)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };
  if (await once()) return { taken: true, expired: [] as Hold[] };
  const expired = await freeExpired(trx, hold, now);
  return { taken: await once(), expired };
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

/**
 * Under the resource's lock, its expired holds freed: the live holds (CONFIRMED, or HELD and unexpired)
 * other than `hold` that overlap its interval.
 */
async function intervalFree(trx: Executor, hold: HoldRow, now: string) {
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

/** Marks the resource's holds past expiry EXPIRED and gives their units back to its counter. */
async function freeExpired(trx: Executor, resource: Resource, now: string): Promise<Hold[]> {
  const rows = await trx
    .updateTable('capacity_holds')
    .set({ state: 'EXPIRED', updated_date: now })
    .where('site_id', '=', resource.site_id)
    .where('resource_key', '=', resource.resource_key)
    .where('state', '=', HELD)
    .where('expires_at', '<=', now)
    .returningAll()
    .execute();
  await shift(trx, resource, { held: -rows.reduce((sum, row) => sum + counted(row), 0) });
  return rows.map(holdOf);
}

function moveState(
  trx: Executor,
  siteId: string,
  holdId: string,
  from: HoldState,
  to: HoldState,
  at: string,
) {
  return trx
    .updateTable('capacity_holds')
    .set({ state: to, updated_date: at })
    .where('site_id', '=', siteId)
    .where('hold_id', '=', holdId)
    .where('state', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** Adds units to the resource's counters (negative: gives them back). */
async function shift(trx: Executor, resource: Resource, units: { held?: number; confirmed?: number }) {
  const { held = 0, confirmed = 0 } = units;
  if (held === 0 && confirmed === 0) return;
  await trx
    .updateTable('capacity_counters')
    .set({ held: sql`held + ${held}`, confirmed: sql`confirmed + ${confirmed}` })
    .where('site_id', '=', resource.site_id)
    .where('resource_key', '=', resource.resource_key)
    .execute();
}

/**
 * The rows behind db/capacity.ts: how a hold is stored, checked, moved between states and counted.
 * Shared by counted holds (capacity.ts) and interval holds (capacity-intervals.ts); no domain imports it.
 */
import { type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import { newId } from '../lib/ids.ts';
import type { CapacityHoldsTable, HoldState, Schema } from './schema.ts';

export type Executor = Kysely<Schema>;
export type HoldRow = Selectable<CapacityHoldsTable>;
export type Resource = Pick<HoldRow, 'site_id' | 'resource_key'>;

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

export interface HoldRequest {
  resourceKey: string;
  quantity: number;
  ownerKey: string;
  now: Date;
  expiresAt: Date;
  /** The caller's own id for the hold (a reservation id, say); a new UUID when absent. */
  holdId?: string;
}

// A literal, not a parameter: the partial indexes on live holds (migration 0012) serve a query only
// when its condition is written as theirs is.
export const HELD = sql.lit<HoldState>('HELD');

export const iso = (date: Date) => date.toISOString();

export const isPostgres = (executor: Executor) => executor.getExecutor().adapter instanceof PostgresAdapter;

export const inTransaction = <T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

export function checkCount(value: number, name: string, least: number) {
  if (!Number.isSafeInteger(value) || value < least) {
    throw new RangeError(`${name} must be an integer of at least ${least}, not ${value}`);
  }
}

export function checkRequest(request: HoldRequest) {
  checkCount(request.quantity, 'quantity', 1);
  if (!(request.expiresAt > request.now)) throw new RangeError('expiresAt must be after now');
}

export const holdOf = (row: HoldRow): Hold => ({
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
export const counted = (row: HoldRow) => (row.starts_at === null ? Number(row.quantity) : 0);

export function newRow(
  siteId: string,
  request: HoldRequest,
  interval?: { startsAt: Date; endsAt: Date },
): HoldRow {
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
export async function insertHold(trx: Executor, row: HoldRow) {
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
export async function take(trx: Executor, hold: HoldRow, column: 'held' | 'confirmed', now: string) {
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

/** Marks the resource's holds past expiry EXPIRED and gives their units back to its counter. */
export async function freeExpired(trx: Executor, resource: Resource, now: string): Promise<Hold[]> {
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

export function moveState(
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
export async function shift(trx: Executor, resource: Resource, units: { held?: number; confirmed?: number }) {
  const { held = 0, confirmed = 0 } = units;
  if (held === 0 && confirmed === 0) return;
  await trx
    .updateTable('capacity_counters')
    .set({ held: sql`held + ${held}`, confirmed: sql`confirmed + ${confirmed}` })
    .where('site_id', '=', resource.site_id)
    .where('resource_key', '=', resource.resource_key)
    .execute();
}

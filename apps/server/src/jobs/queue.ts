/**
 * The `jobs` table (migration 0014): what is written to it and how a worker takes its rows. The loop
 * that runs them is loop.ts.
 */
import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../db/connect.ts';
import type { Schema } from '../db/schema.ts';

export interface NewJob {
  kind: string;
  /** The site the job works for; absent for the platform's own work. */
  siteId?: string | null;
  /**
   * At most one job of `kind` with this key exists: enqueueing it again while one waits, runs or has
   * been given up on does nothing. The key is free again once its job has succeeded.
   */
  key?: string;
  /** When it is due; now when absent. */
  runAt?: Date;
  /** JSON the handler gets back. */
  payload?: unknown;
}

/** A job as its handler sees it. */
export interface Job<P = unknown> {
  id: string;
  kind: string;
  siteId: string | null;
  key: string | null;
  payload: P;
  /** Times it was leased to run, this run included. */
  attempts: number;
}

/** A job a worker holds: only the holder of `token` settles it. */
export interface LeasedJob extends Job {
  token: string;
}

/**
 * Adds a job in `executor`'s transaction, so that it exists exactly when the change that asked for it
 * does: a rolled-back transaction leaves no job. False when its key was taken (see `NewJob.key`).
 */
export async function enqueueJob(executor: Kysely<Schema>, job: NewJob, now: Date): Promise<boolean> {
  const result = await executor
    .insertInto('jobs')
    .values({
      id: randomUUID(),
      site_id: job.siteId ?? null,
      kind: job.kind,
      unique_key: job.key ?? null,
      run_at: (job.runAt ?? now).toISOString(),
      lease_token: null,
      leased_until: null,
      payload: JSON.stringify(job.payload ?? null),
      last_error: null,
      created_date: now.toISOString(),
      failed_date: null,
    })
    .onConflict((oc) => oc.columns(['kind', 'unique_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * `enqueueJob` for many jobs in one statement (a batch of outbox events becoming deliveries); how many
 * were added (those whose key was taken are not).
 */
export async function enqueueJobs(
  executor: Kysely<Schema>,
  jobs: readonly NewJob[],
  now: Date,
): Promise<number> {
  if (jobs.length === 0) return 0;
  const created = now.toISOString();
  const result = await executor
    .insertInto('jobs')
    .values(
      jobs.map((job) => ({
        id: randomUUID(),
        site_id: job.siteId ?? null,
        kind: job.kind,
        unique_key: job.key ?? null,
        run_at: (job.runAt ?? now).toISOString(),
        lease_token: null,
        leased_until: null,
        payload: JSON.stringify(job.payload ?? null),
        last_error: null,
        created_date: created,
        failed_date: null,
      })),
    )
    .onConflict((oc) => oc.columns(['kind', 'unique_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Due at `now`: its time has come, nobody holds it (or its holder's lease ran out), not given up on. */
const isDue = (kinds: readonly string[], now: string) => (eb: ExpressionBuilder<Schema, 'jobs'>) =>
  eb.and([
    eb('run_at', '<=', now),
    eb('failed_date', 'is', null),
    eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', now)]),
    eb('kind', 'in', kinds),
  ]);

/**
 * Leases up to `limit` due jobs of `kinds` until `leaseMs` past `nowMs`, oldest due first, counting
 * an attempt for each. One statement: two workers never lease the same job. On PostgreSQL the rows are
 * picked with SKIP LOCKED, so workers leasing at once take different jobs instead of waiting for each
 * other; SQLite runs the statement alone anyway. Nothing is written when nothing is due.
 */
export async function leaseDueJobs(
  database: Database,
  kinds: readonly string[],
  nowMs: number,
  leaseMs: number,
  limit: number,
): Promise<LeasedJob[]> {
  if (kinds.length === 0) return [];
  const now = new Date(nowMs).toISOString();
  const due = isDue(kinds, now);
  // A read first: an idle loop polls often, and on SQLite an UPDATE takes the write lock even when
  // it changes nothing.
  const any = await database.db.selectFrom('jobs').select('id').where(due).limit(1).executeTakeFirst();
  if (!any) return [];
  const token = randomUUID();
  const rows = await database.db
    .updateTable('jobs')
    .set({
      lease_token: token,
      leased_until: new Date(nowMs + leaseMs).toISOString(),
      attempts: sql`attempts + 1`,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where(due)
        .orderBy('run_at')
        .limit(limit)
        .$if(database.engine === 'postgres', (query) => query.forUpdate().skipLocked()),
    )
    // Again on the row as it is now: a row another worker leased after this statement's snapshot is
    // not due any more.
    .where(due)
    .returning(['id', 'kind', 'site_id', 'unique_key', 'payload', 'attempts', 'run_at'])
    .execute();
  return rows
    .sort((a, b) => (a.run_at < b.run_at ? -1 : a.run_at > b.run_at ? 1 : 0))
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      siteId: row.site_id,
      key: row.unique_key,
      payload: JSON.parse(row.payload) as unknown,
      attempts: Number(row.attempts),
      token,
    }));
}

/** How a run ended, for `settleJob`. */
export type JobOutcome =
  | { done: true }
  /** Due again at `runAt`; `fresh` starts its attempts over (a periodic task's next run). */
  | { runAt: number; fresh: boolean; error: string | null }
  | { failedAt: number; error: string };

/**
 * Records how the run of a leased job ended: deleted, due again, or given up on. Nothing happens when
 * the lease is no longer ours (it ran out and another worker took the job over).
 */
export async function settleJob(db: Kysely<Schema>, job: LeasedJob, outcome: JobOutcome): Promise<void> {
  if ('done' in outcome) {
    await db.deleteFrom('jobs').where('id', '=', job.id).where('lease_token', '=', job.token).execute();
    return;
  }
  const released = { lease_token: null, leased_until: null };
  const change =
    'failedAt' in outcome
      ? { ...released, failed_date: new Date(outcome.failedAt).toISOString(), last_error: outcome.error }
      : {
          ...released,
          run_at: new Date(outcome.runAt).toISOString(),
          last_error: outcome.error,
          ...(outcome.fresh ? { attempts: 0 } : {}),
        };
  await db
    .updateTable('jobs')
    .set(change)
    .where('id', '=', job.id)
    .where('lease_token', '=', job.token)
    .execute();
}

export interface QueueDepth {
  kind: string;
  /** `due`: waiting to run now; `scheduled`: due later; `failed`: given up on. Leased jobs count as due. */
  state: 'due' | 'scheduled' | 'failed';
  count: number;
}

/** How many jobs wait, per kind and state, at `now` (for the metrics). */
export async function queueDepth(executor: Kysely<Schema>, now: Date): Promise<QueueDepth[]> {
  // Grouped by position: PostgreSQL does not match the CASE of the select list (its own parameter) with a
  // GROUP BY written out again.
  const { rows } = await sql<{ kind: string; state: QueueDepth['state']; count: number | string }>`
    select kind, case when failed_date is not null then 'failed'
      when run_at <= ${now.toISOString()} then 'due' else 'scheduled' end as state, count(*) as count
    from jobs group by 1, 2`.execute(executor);
  return rows.map((row) => ({ kind: row.kind, state: row.state, count: Number(row.count) }));
}

import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import { createJobs } from '../jobs/loop.ts';
import { manualClock } from '../lib/clock.ts';
import { consumeBatch, dropConsumer, registerConsumer } from './consumers.ts';
import { pruneOutbox, scheduleOutboxRetention } from './retention.ts';

const HOUR = 3_600_000;

describe.each(engines)('outbox retention (%s)', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await freshDatabase(engine);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    await database.db.deleteFrom('outbox').execute();
    await database.db.deleteFrom('outbox_consumers').execute();
  });

  /** Records one event per date, in order. */
  const record = (dates: string[]) =>
    database.db
      .insertInto('outbox')
      .values(
        dates.map((date, i) => ({
          site_id: 'site-1',
          entity_kind: 'cart',
          entity_id: `cart-${i}`,
          event: 'updated' as const,
          payload: '{"entity":{}}',
          occurred_date: date,
        })),
      )
      .execute();
  /** Until PostgreSQL readers see every event: another test's transaction on the cluster can hold them back. */
  const settled = async () => {
    for (let waited = 0; engine === 'postgres' && waited < 30_000; waited += 20) {
      const { rows } = await sql<{ unsettled: boolean }>`select exists (select 1 from outbox
        where tx_id >= pg_snapshot_xmin(pg_current_snapshot())) as unsettled`.execute(database.db);
      if (!rows[0]!.unsettled) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const left = async () =>
    (await database.db.selectFrom('outbox').select(['seq', 'occurred_date']).orderBy('seq').execute()).map(
      (row) => ({ seq: Number(row.seq), date: row.occurred_date }),
    );

  it('drops the events older than the cut-off, in batches, and keeps the younger ones', async () => {
    await record(['2026-01-01T00:00:00.000Z', '2026-01-01T01:00:00.000Z', '2026-01-01T02:00:00.000Z']);
    await record(['2026-01-01T03:00:00.000Z', '2026-01-01T04:00:00.000Z']);
    await record(['2026-01-02T00:00:00.000Z', '2026-01-02T01:00:00.000Z']);

    expect(await pruneOutbox(database, '2026-01-01T12:00:00.000Z', 2)).toBe(5);

    expect((await left()).map((row) => row.date)).toEqual([
      '2026-01-02T00:00:00.000Z',
      '2026-01-02T01:00:00.000Z',
    ]);
    expect(await pruneOutbox(database, '2026-01-01T12:00:00.000Z', 2)).toBe(0);
  });

  it('keeps the newest event however old, so that numbers are never handed out again', async () => {
    await record(['2026-01-01T00:00:00.000Z', '2026-01-01T01:00:00.000Z', '2026-01-01T02:00:00.000Z']);
    const newest = (await left()).at(-1)!;

    expect(await pruneOutbox(database, '2026-06-01T00:00:00.000Z')).toBe(2);
    expect(await left()).toEqual([newest]);

    await record(['2026-06-02T00:00:00.000Z']);
    expect((await left()).at(-1)!.seq).toBeGreaterThan(newest.seq);
  });

  it('stops at the first younger event, even when an older one follows it', async () => {
    // The clock was set back between the second and the third write.
    await record(['2026-01-01T00:00:00.000Z', '2026-01-03T00:00:00.000Z', '2026-01-01T05:00:00.000Z']);
    await record(['2026-01-04T00:00:00.000Z']);

    expect(await pruneOutbox(database, '2026-01-02T00:00:00.000Z')).toBe(1);
    expect((await left()).map((row) => row.date)).toEqual([
      '2026-01-03T00:00:00.000Z',
      '2026-01-01T05:00:00.000Z',
      '2026-01-04T00:00:00.000Z',
    ]);
  });

  it('keeps the events a durable consumer has not read, however old, until it has read them', async () => {
    const dates = Array.from({ length: 6 }, (_, i) => `2026-01-01T0${i}:00:00.000Z`);
    await record(dates);
    await settled();
    const clock = manualClock('2026-01-01T00:00:00.000Z');
    const reader = { name: 'reader', handle: async () => {} };
    const other = { name: 'other', handle: async () => {} };
    await registerConsumer(database, reader, clock.now().toISOString());
    await registerConsumer(database, other, clock.now().toISOString());
    // `reader` reads two events, `other` four: the slower one decides.
    expect(await consumeBatch(database, reader, { clock, batchSize: 2 })).toEqual({ handled: 2 });
    expect(await consumeBatch(database, other, { clock, batchSize: 4 })).toEqual({ handled: 4 });

    expect(await pruneOutbox(database, '2026-06-01T00:00:00.000Z')).toBe(2);
    expect((await left()).map((row) => row.date)).toEqual(dates.slice(2));

    expect(await consumeBatch(database, reader, { clock, batchSize: 3 })).toEqual({ handled: 3 });
    expect(await pruneOutbox(database, '2026-06-01T00:00:00.000Z', 1)).toBe(2);
    expect((await left()).map((row) => row.date)).toEqual(dates.slice(4));

    // A consumer gone for good no longer holds events back; the newest one stays as ever.
    await dropConsumer(database, 'other');
    expect(await pruneOutbox(database, '2026-06-01T00:00:00.000Z')).toBe(1);
    expect((await left()).map((row) => row.date)).toEqual(dates.slice(5));
  });

  it('keeps unread events even when the cut-off would take them, and still stops at younger ones', async () => {
    await record(['2026-01-01T00:00:00.000Z', '2026-01-03T00:00:00.000Z', '2026-01-04T00:00:00.000Z']);
    await settled();
    const clock = manualClock('2026-01-01T00:00:00.000Z');
    const reader = { name: 'reader', handle: async () => {} };
    await registerConsumer(database, reader, clock.now().toISOString());
    expect(await pruneOutbox(database, '2026-01-02T00:00:00.000Z')).toBe(0);
    await consumeBatch(database, reader, { clock, batchSize: 10 });
    expect(await pruneOutbox(database, '2026-01-02T00:00:00.000Z')).toBe(1);
    expect(await left()).toHaveLength(2);
  });

  it('prunes, as a periodic job, what is older than the retention on its clock', async () => {
    const clock = manualClock('2026-01-10T00:00:00.000Z');
    const jobs = createJobs(database, { clock, log: { error: () => {} } });
    scheduleOutboxRetention(jobs, database, { clock, retentionMs: 72 * HOUR }, 60_000);
    await record(['2026-01-06T00:00:00.000Z', '2026-01-07T01:00:00.000Z', '2026-01-09T00:00:00.000Z']);

    await jobs.runDue();
    expect(await left()).toHaveLength(2);
    clock.advance(24 * HOUR);
    await jobs.runDue();
    expect((await left()).map((row) => row.date)).toEqual(['2026-01-09T00:00:00.000Z']);
  });
});

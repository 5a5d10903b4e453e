import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import type { Database } from '../db/connect.ts';
import { enqueueJob, leaseDueJobs, settleJob } from './queue.ts';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const now = new Date(T0);
const MINUTE = 60_000;

describe.each(engines)('job queue (%s)', (engine) => {
  let database: TestDatabase;
  let other: Database;

  beforeAll(async () => {
    database = await freshDatabase(engine, { shared: true });
    other = await database.another();
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    await database.db.deleteFrom('jobs').execute();
  });

  const jobs = () =>
    database.db
      .selectFrom('jobs')
      .select(['kind', 'unique_key', 'payload', 'attempts'])
      .orderBy('kind')
      .execute();

  it('exists exactly when the enqueuing transaction commits: a rolled-back change leaves no job', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect(await enqueueJob(trx, { kind: 'rolled-back', payload: { n: 1 } }, now)).toBe(true);
        expect(await trx.selectFrom('jobs').select('kind').execute()).toEqual([{ kind: 'rolled-back' }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobs()).toEqual([]);

    await database.db.transaction().execute(async (trx) => {
      await enqueueJob(trx, { kind: 'committed', siteId: 'site-1', payload: { n: 2 } }, now);
    });
    expect(await jobs()).toEqual([{ kind: 'committed', unique_key: null, payload: '{"n":2}', attempts: 0 }]);
  });

  it('keeps one job per kind and key until it has succeeded; jobs without a key never clash', async () => {
    expect(await enqueueJob(database.db, { kind: 'sweep', key: 'site-1' }, now)).toBe(true);
    expect(await enqueueJob(other.db, { kind: 'sweep', key: 'site-1' }, now)).toBe(false);
    expect(await enqueueJob(other.db, { kind: 'sweep', key: 'site-2', runAt: new Date(T0 + 1) }, now)).toBe(
      true,
    );
    expect(await enqueueJob(other.db, { kind: 'other', key: 'site-1' }, now)).toBe(true);
    expect(await enqueueJob(database.db, { kind: 'plain' }, now)).toBe(true);
    expect(await enqueueJob(database.db, { kind: 'plain' }, now)).toBe(true);
    expect(await jobs()).toHaveLength(5);

    const [leased] = await leaseDueJobs(database, ['sweep'], T0, MINUTE, 1);
    expect(leased!.key).toBe('site-1');
    expect(await enqueueJob(database.db, { kind: 'sweep', key: 'site-1' }, now)).toBe(false);
    await settleJob(database.db, leased!, { failedAt: T0, error: 'broken' });
    expect(await enqueueJob(database.db, { kind: 'sweep', key: 'site-1' }, now)).toBe(false);

    await database.db.updateTable('jobs').set({ failed_date: null }).execute();
    const [again] = await leaseDueJobs(database, ['sweep'], T0 + 1, MINUTE, 1);
    await settleJob(database.db, again!, { done: true });
    expect(await enqueueJob(database.db, { kind: 'sweep', key: 'site-1' }, now)).toBe(true);
  });

  it('leases only what is due, of the kinds asked for, oldest first, counting an attempt each time', async () => {
    await enqueueJob(database.db, { kind: 'a', runAt: new Date(T0 + 2000), payload: 'late' }, now);
    await enqueueJob(database.db, { kind: 'a', runAt: new Date(T0 - 1000), payload: 'early' }, now);
    await enqueueJob(database.db, { kind: 'a', payload: 'now' }, now);
    await enqueueJob(database.db, { kind: 'b', payload: 'elsewhere' }, now);

    const leased = await leaseDueJobs(database, ['a'], T0, MINUTE, 10);
    expect(leased.map((job) => [job.payload, job.attempts])).toEqual([
      ['early', 1],
      ['now', 1],
    ]);
    expect(await leaseDueJobs(other, ['a'], T0 + 1999, MINUTE, 10)).toEqual([]);
    expect((await leaseDueJobs(other, ['a'], T0 + 2000, MINUTE, 10)).map((job) => job.payload)).toEqual([
      'late',
    ]);
  });

  it('takes a job over from a worker that died once its lease ran out; the dead one settles nothing then', async () => {
    await enqueueJob(database.db, { kind: 'a' }, now);
    const [dead] = await leaseDueJobs(database, ['a'], T0, MINUTE, 10);

    expect(await leaseDueJobs(other, ['a'], T0 + MINUTE, MINUTE, 10)).toEqual([]);
    const [next] = await leaseDueJobs(other, ['a'], T0 + MINUTE + 1, MINUTE, 10);
    expect([next!.id, next!.attempts]).toEqual([dead!.id, 2]);

    await settleJob(database.db, dead!, { done: true });
    expect(await jobs()).toHaveLength(1);
    await settleJob(other.db, next!, { done: true });
    expect(await jobs()).toHaveLength(0);
  });

  it('never leases one job to two workers leasing at once', async () => {
    const rounds = engine === 'postgres' ? 20 : 3;
    for (let round = 0; round < rounds; round++) {
      await database.db.deleteFrom('jobs').execute();
      for (let i = 0; i < 30; i++) await enqueueJob(database.db, { kind: 'a', payload: i }, now);
      const taken: number[] = [];
      for (;;) {
        const batches = await Promise.all(
          Array.from({ length: 6 }, (_, i) => leaseDueJobs(i % 2 ? other : database, ['a'], T0, MINUTE, 4)),
        );
        if (batches.every((batch) => batch.length === 0)) break;
        for (const batch of batches) taken.push(...batch.map((job) => job.payload as number));
      }
      expect(taken.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    }
  });
});

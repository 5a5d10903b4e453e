import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import type { Database } from '../db/connect.ts';
import { type ManualClock, manualClock } from '../lib/clock.ts';
import { createJobs, type Jobs, type JobsDeps } from './loop.ts';
import { leaseDueJobs } from './queue.ts';

const SECOND = 1000;
const MINUTE = 60_000;

describe.each(engines)('job loop (%s)', (engine) => {
  let database: TestDatabase;
  let other: Database;
  let clock: ManualClock;
  let errors: string[];

  beforeAll(async () => {
    database = await freshDatabase(engine, { shared: true });
    other = await database.another();
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    await database.db.deleteFrom('jobs').execute();
    clock = manualClock('2026-03-01T10:00:00.000Z');
    errors = [];
  });

  const loop = (on: Database = database, options: Partial<JobsDeps> = {}) =>
    createJobs(on, { clock, log: { error: (_details, message) => errors.push(message) }, ...options });
  const rows = () =>
    database.db
      .selectFrom('jobs')
      .select(['kind', 'run_at', 'attempts', 'last_error', 'failed_date', 'lease_token'])
      .execute();
  const at = (ms: number) => new Date(Date.parse('2026-03-01T10:00:00.000Z') + ms).toISOString();

  it('runs a job once the clock reaches its time, not before, and then deletes it', async () => {
    const jobs = loop();
    const seen: unknown[] = [];
    jobs.handle<{ n: number }>('note', async (job) => {
      seen.push([job.payload.n, job.siteId, job.attempts]);
    });
    await jobs.enqueue(database.db, {
      kind: 'note',
      siteId: 'site-1',
      runAt: new Date(at(MINUTE)),
      payload: { n: 7 },
    });

    expect(await jobs.runDue()).toBe(0);
    clock.advance(MINUTE - 1);
    expect(await jobs.runDue()).toBe(0);
    expect(seen).toEqual([]);
    clock.advance(1);
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toEqual([[7, 'site-1', 1]]);
    expect(await rows()).toEqual([]);
    expect(await jobs.runDue()).toBe(0);
  });

  it('retries a failing job after a doubling wait, then gives it up and keeps it with its error', async () => {
    const jobs = loop();
    let runs = 0;
    jobs.handle(
      'flaky',
      async () => {
        runs++;
        throw new Error(`failure ${runs}`);
      },
      { maxAttempts: 3, backoffMs: 10 * SECOND },
    );
    await jobs.enqueue(database.db, { kind: 'flaky' });

    await jobs.runDue();
    expect(await rows()).toEqual([
      {
        kind: 'flaky',
        run_at: at(10 * SECOND),
        attempts: 1,
        last_error: 'failure 1',
        failed_date: null,
        lease_token: null,
      },
    ]);
    clock.advance(10 * SECOND - 1);
    await jobs.runDue();
    expect(runs).toBe(1);
    clock.advance(1);
    await jobs.runDue();
    expect(runs).toBe(2);
    expect((await rows())[0]!.run_at).toBe(at(30 * SECOND));
    clock.advance(20 * SECOND);
    await jobs.runDue();

    expect(runs).toBe(3);
    expect(await rows()).toEqual([
      {
        kind: 'flaky',
        run_at: at(30 * SECOND),
        attempts: 3,
        last_error: 'failure 3',
        failed_date: at(30 * SECOND),
        lease_token: null,
      },
    ]);
    clock.advance(24 * 60 * MINUTE);
    expect(await jobs.runDue()).toBe(0);
    expect(runs).toBe(3);
    expect(errors).toEqual(['job failed', 'job failed', 'job given up']);
  });

  it('forgets the failures of a job that then succeeds, and runs a job again when its handler asks', async () => {
    const jobs = loop();
    let runs = 0;
    jobs.handle('once-broken', async () => {
      if (++runs === 1) throw new Error('not yet');
    });
    jobs.handle('again', async () => ({ runAgainAt: new Date(clock.nowMs() + MINUTE) }));
    await jobs.enqueue(database.db, { kind: 'once-broken' });
    await jobs.enqueue(database.db, { kind: 'again' });

    await jobs.runDue();
    clock.advance(10 * SECOND);
    await jobs.runDue();
    expect(runs).toBe(2);
    expect(await rows()).toEqual([
      {
        kind: 'again',
        run_at: at(MINUTE),
        attempts: 0,
        last_error: null,
        failed_date: null,
        lease_token: null,
      },
    ]);
  });

  it('runs a job left by a worker that died once its lease runs out, and gives up a job whose workers all died', async () => {
    const jobs = loop(other, { leaseMs: MINUTE });
    const ran: number[] = [];
    jobs.handle('mail', async (job) => {
      ran.push(job.attempts);
    });
    jobs.handle('poison', async () => {}, { maxAttempts: 2 });
    await jobs.enqueue(database.db, { kind: 'mail' });
    await jobs.enqueue(database.db, { kind: 'poison' });
    // A worker takes both and dies before it settles either.
    expect(await leaseDueJobs(database, ['mail', 'poison'], clock.nowMs(), MINUTE, 10)).toHaveLength(2);

    clock.advance(MINUTE);
    expect(await jobs.runDue()).toBe(0);
    clock.advance(1);
    // The poison job's second worker dies too.
    await leaseDueJobs(database, ['poison'], clock.nowMs(), MINUTE, 10);
    expect(await jobs.runDue()).toBe(1);
    expect(ran).toEqual([2]);

    clock.advance(MINUTE + 1);
    expect(await jobs.runDue()).toBe(1);
    expect(await rows()).toEqual([
      {
        kind: 'poison',
        run_at: at(0),
        attempts: 3,
        last_error: 'its worker stopped during each of its attempts',
        failed_date: at(2 * MINUTE + 2),
        lease_token: null,
      },
    ]);
  });

  it('runs each job exactly once when two processes run due jobs at once', async () => {
    const rounds = engine === 'postgres' ? 10 : 2;
    for (let round = 0; round < rounds; round++) {
      const runs = new Map<number, string[]>();
      const worker = (name: string, on: Database) => {
        const jobs = loop(on, { batchSize: 3 });
        jobs.handle<number>('work', async (job) => {
          await new Promise((resolve) => setImmediate(resolve));
          runs.set(job.payload, [...(runs.get(job.payload) ?? []), name]);
        });
        return jobs;
      };
      const [a, b] = [worker('a', database), worker('b', other)];
      await database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 40; i++) await a.enqueue(trx, { kind: 'work', payload: i });
      });

      const counts = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);

      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(40);
      expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
      expect([...runs.values()].filter((names) => names.length !== 1)).toEqual([]);
      expect(await rows()).toEqual([]);
    }
  });

  it('runs a periodic task once per interval across two processes, a failed run included', async () => {
    let runs = 0;
    const task = async () => {
      runs++;
      if (runs === 2) throw new Error('prune failed');
    };
    const [a, b] = [loop(database), loop(other)];
    a.every('prune', 10 * MINUTE, task);
    b.every('prune', 10 * MINUTE, task);

    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    clock.advance(10 * MINUTE - 1);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    clock.advance(1);
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(runs).toBe(2);
    expect(errors).toEqual(['job failed']);
    clock.advance(10 * MINUTE - 1);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(2);
    clock.advance(1);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(3);
    expect(await rows()).toEqual([
      {
        kind: 'prune',
        run_at: at(30 * MINUTE),
        attempts: 0,
        last_error: null,
        failed_date: null,
        lease_token: null,
      },
    ]);
  });

  it('refuses a second handler for one kind', () => {
    const jobs = loop();
    jobs.handle('twice', async () => {});
    expect(() => jobs.every('twice', MINUTE, async () => {})).toThrow('registered already');
  });

  describe('in the background', () => {
    let jobs: Jobs | undefined;
    afterEach(async () => {
      await jobs?.stop();
      vi.useRealTimers();
    });

    it('runs due jobs on its timer until stopped', async () => {
      jobs = loop();
      const ran: string[] = [];
      jobs.handle<string>('note', async (job) => {
        ran.push(job.payload);
      });
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      jobs.start(SECOND);
      await jobs.enqueue(database.db, { kind: 'note', payload: 'first' });
      await vi.advanceTimersByTimeAsync(SECOND);
      await vi.waitFor(() => expect(ran).toEqual(['first']));

      await jobs.stop();
      await jobs.enqueue(database.db, { kind: 'note', payload: 'second' });
      await vi.advanceTimersByTimeAsync(5 * SECOND);
      expect(ran).toEqual(['first']);
    });
  });
});

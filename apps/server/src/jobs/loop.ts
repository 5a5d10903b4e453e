/**
 * The background job loop: handlers registered per kind, periodic tasks, and `runDue`, which leases
 * the due jobs this process can run (queue.ts), runs them and records how each ended. See README.md.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/connect.ts';
import type { Schema } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import {
  enqueueJob,
  type Job,
  type JobOutcome,
  type LeasedJob,
  leaseDueJobs,
  type NewJob,
  settleJob,
} from './queue.ts';

export type { Job, NewJob } from './queue.ts';

/** What a handler answers: nothing (the job is done and deleted), or when to run it again. */
export type JobHandler<P = unknown> = (
  job: Job<P>,
) => Promise<void> | Promise<{ runAgainAt: Date } | undefined>;

export interface JobHandlerOptions {
  /** Runs before the job is given up on (kept with `failed_date`); 10 by default. */
  maxAttempts?: number;
  /** Wait before the first retry, doubled for each one after; 10 s by default. */
  backoffMs?: number;
  /** The longest wait between retries; an hour by default. */
  maxBackoffMs?: number;
}

export interface Jobs {
  /** Registers the handler of `kind` in this process; a process leases only jobs it can run. */
  handle<P = unknown>(kind: string, handler: JobHandler<P>, options?: JobHandlerOptions): void;
  /**
   * Runs `task` every `intervalMs`, at most once per interval across every process sharing the
   * database: one job of kind `name` that runs and reschedules itself. A failed run is logged and the
   * task waits for its next interval like after a success.
   */
  every(name: string, intervalMs: number, task: () => Promise<void>): void;
  /** Adds a job in the caller's transaction (or none): see `enqueueJob`. */
  enqueue(executor: Kysely<Schema>, job: NewJob): Promise<boolean>;
  /** Runs every job due now that this process has a handler for; how many it took. */
  runDue(): Promise<number>;
  /** Calls `runDue` every `intervalMs` in the background (the timer keeps no process alive). */
  start(intervalMs?: number): void;
  /** Stops the timer and waits for the run under way. */
  stop(): Promise<void>;
}

export interface JobsDeps {
  clock: Clock;
  log: { error(details: object, message: string): void };
  /**
   * How long a worker holds the jobs it took: one that died meanwhile leaves them to others once it
   * runs out, so it must be longer than any handler takes. 5 minutes by default.
   */
  leaseMs?: number;
  /**
   * Jobs leased by one statement and run side by side; 50 by default (a burst of webhook deliveries is
   * sent 50 at a time, and a full batch is followed by the next one at once).
   */
  batchSize?: number;
}

interface Registration {
  handler: JobHandler;
  maxAttempts: number;
  backoffMs: number;
  maxBackoffMs: number;
  /** Set for a periodic task. */
  intervalMs?: number;
}

const MAX_ERROR_LENGTH = 2000;

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message || error.name : String(error)).slice(0, MAX_ERROR_LENGTH);

export function createJobs(database: Database, deps: JobsDeps): Jobs {
  const { clock, log } = deps;
  const leaseMs = deps.leaseMs ?? 5 * 60_000;
  const batchSize = deps.batchSize ?? 50;
  const registrations = new Map<string, Registration>();
  /** Periodic tasks whose job this process has yet to make sure exists. */
  const unscheduled = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const register = (kind: string, registration: Registration) => {
    if (registrations.has(kind)) throw new Error(`A job handler for "${kind}" is registered already`);
    registrations.set(kind, registration);
  };

  // Every process makes the job; the unique key keeps one.
  async function schedulePeriodic() {
    for (const name of unscheduled) {
      await enqueueJob(database.db, { kind: name, key: name }, clock.now());
      unscheduled.delete(name);
    }
  }

  function outcomeOf(
    job: LeasedJob,
    registration: Registration,
    leasedAt: number,
    ended: { error: unknown } | { again: Date | undefined },
  ): JobOutcome {
    const now = clock.nowMs();
    // Never due again at once: one `runDue` runs a job once.
    const later = (at: number) => Math.max(at, now + 1);
    const error = 'error' in ended ? errorText(ended.error) : null;
    // From the run's start: two runs never start less than an interval apart.
    if (registration.intervalMs !== undefined)
      return { runAt: later(leasedAt + registration.intervalMs), fresh: true, error };
    if ('again' in ended)
      return ended.again ? { runAt: later(ended.again.getTime()), fresh: true, error } : { done: true };
    if (job.attempts >= registration.maxAttempts) return { failedAt: now, error: error! };
    const wait = Math.min(registration.maxBackoffMs, registration.backoffMs * 2 ** (job.attempts - 1));
    return { runAt: now + wait, fresh: false, error };
  }

  async function run(job: LeasedJob, leasedAt: number): Promise<void> {
    const registration = registrations.get(job.kind)!;
    let outcome: JobOutcome;
    if (job.attempts > registration.maxAttempts) {
      // Its worker died during every attempt: running it again could end the same way.
      outcome = { failedAt: clock.nowMs(), error: 'its worker stopped during each of its attempts' };
      log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job given up');
    } else {
      try {
        const answer = await registration.handler(job);
        outcome = outcomeOf(job, registration, leasedAt, { again: answer?.runAgainAt });
      } catch (error) {
        outcome = outcomeOf(job, registration, leasedAt, { error });
        log.error(
          { err: error, jobId: job.id, kind: job.kind, attempts: job.attempts },
          'failedAt' in outcome ? 'job given up' : 'job failed',
        );
      }
    }
    try {
      await settleJob(database.db, job, outcome);
    } catch (error) {
      // The lease runs out and the job runs again: handlers tolerate running more than once.
      log.error({ err: error, jobId: job.id, kind: job.kind }, 'could not record how a job ended');
    }
  }

  async function runDue(): Promise<number> {
    if (registrations.size === 0) return 0;
    await schedulePeriodic();
    const kinds = [...registrations.keys()];
    let ran = 0;
    for (;;) {
      const leasedAt = clock.nowMs();
      const batch = await leaseDueJobs(database, kinds, leasedAt, leaseMs, batchSize);
      await Promise.all(batch.map((job) => run(job, leasedAt)));
      ran += batch.length;
      if (batch.length < batchSize) return ran;
    }
  }

  return {
    handle(kind, handler, options = {}) {
      register(kind, {
        handler: handler as JobHandler,
        maxAttempts: options.maxAttempts ?? 10,
        backoffMs: options.backoffMs ?? 10_000,
        maxBackoffMs: options.maxBackoffMs ?? 3_600_000,
      });
    },
    every(name, intervalMs, task) {
      register(name, {
        handler: () => task(),
        maxAttempts: Number.POSITIVE_INFINITY,
        backoffMs: intervalMs,
        maxBackoffMs: intervalMs,
        intervalMs,
      });
      unscheduled.add(name);
    },
    enqueue: (executor, job) => enqueueJob(executor, job, clock.now()),
    runDue,
    start(intervalMs = 1000) {
      timer ??= setInterval(() => {
        if (running) return;
        running = runDue()
          .catch((error: unknown) => {
            log.error({ err: error }, 'job loop failed');
            return 0;
          })
          .finally(() => {
            running = undefined;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

// The load generator, run as a worker thread by measure.ts: runs one autocannon job per message.
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { LoadJob, LoadOutcome, WorkerReply } from './measure.ts';

const port = parentPort;
if (!port) throw new Error('load-worker.ts runs as a worker thread of the bench');

port.on('message', (job: LoadJob) => {
  run(job).then(
    ({ outcome, latencies }) => {
      const reply: WorkerReply = { id: job.id, ok: true, outcome, latencies };
      port.postMessage(reply, [latencies.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const reply: WorkerReply = { id: job.id, ok: false, error: String(error) };
      port.postMessage(reply);
    },
  );
});
port.postMessage({ ready: true });

interface Share {
  connections: number;
  overallRate: number | undefined;
  delayMs: number;
}

/**
 * Under a rate, autocannon lets each connection send its share of a one-second window back to back, and
 * all connections' windows start together: 200 req/s on 10 connections is a burst of 10 concurrent trains
 * at every whole second, then silence. To offer the load spread over the second, a rated job runs one
 * autocannon instance per connection, each with its share of the rate, their windows staggered evenly.
 */
function shares(job: LoadJob): Share[] {
  if (!job.overallRate) return [{ connections: job.connections, overallRate: undefined, delayMs: 0 }];
  const { connections, overallRate } = job;
  return Array.from({ length: connections }, (_, i) => ({
    connections: 1,
    overallRate: Math.floor(overallRate / connections) + (i < overallRate % connections ? 1 : 0),
    delayMs: (i * 1000) / connections,
  })).filter((share) => share.overallRate > 0);
}

/** The next body of each URL's rotation: a body names what its request takes, so none is sent twice. */
const bodyTurns = new Map<string, number>();

async function run(job: LoadJob): Promise<{ outcome: LoadOutcome; latencies: Float64Array }> {
  // autocannon's own latency histogram keeps whole milliseconds and, under a rate, adds coordinated-omission
  // fill-ins at a 1 ms interval: sub-millisecond loopback latencies need the raw per-response times instead.
  const times: number[] = [];
  // One counter over every connection (and every instance of a rated job): requests in flight at the same
  // time use different header sets, i.e. different callers, as long as there are more sets than connections,
  // and every request takes the next path.
  let next = 0;
  const nextBody = () => {
    const turn = bodyTurns.get(job.url) ?? 0;
    bodyTurns.set(job.url, turn + 1);
    return turn % bodies!.length;
  };
  const { headerSets: sets, paths, bodies } = job;
  const rotating =
    sets || paths || bodies
      ? {
          requests: [
            {
              setupRequest: (request: Record<string, unknown>) => {
                const turn = next++;
                return {
                  ...request,
                  ...(sets ? { headers: { ...sets[turn % sets.length] } } : {}),
                  ...(paths ? { path: paths[turn % paths.length] } : {}),
                  ...(bodies ? { body: bodies[nextBody()] } : {}),
                };
              },
            },
          ],
        }
      : {};
  const results = await Promise.all(
    shares(job).map(async (share) => {
      await sleep(share.delayMs);
      const instance = autocannon({
        url: job.url,
        method: job.method,
        headers: job.headers,
        ...(job.body === undefined ? {} : { body: job.body }),
        ...rotating,
        connections: share.connections,
        duration: job.durationSeconds,
        ...(share.overallRate ? { overallRate: share.overallRate } : {}),
        timeout: 10,
      });
      if (job.recordLatencies) instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
      return await instance;
    }),
  );

  const outcome: LoadOutcome = {
    requests: 0,
    bytes: 0,
    durationSeconds: 0,
    rps: 0,
    errors: 0,
    timeouts: 0,
    resets: 0,
    statusCounts: {},
  };
  for (const result of results) {
    outcome.requests += result.totalCompletedRequests;
    outcome.bytes += result.totalBytes;
    outcome.durationSeconds = Math.max(outcome.durationSeconds, result.duration);
    outcome.rps += result.duration > 0 ? result.totalCompletedRequests / result.duration : 0;
    outcome.errors += result.errors;
    outcome.timeouts += result.timeouts;
    outcome.resets += result.resets;
    for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
      outcome.statusCounts[status] = (outcome.statusCounts[status] ?? 0) + count;
    }
  }
  return { outcome, latencies: Float64Array.from(times).sort() };
}

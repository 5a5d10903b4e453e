// `npm run bench:sellout`: issue #29's sell-out run; see bench/README.md ("Sell-out").
//
// 10,000 reservation attempts, 200 at a time, of one ticket each, for an event with 1,000 tickets: Plaza
// (sellout-server.ts, compiled as `npm start` runs the server, on a fresh SQLite database) in a child
// process, the load from this one. Reports attempts per second, the p50 and p99 of all answers, the
// answers by status, and what the ticket type's counter and holds say afterwards: exactly the tickets
// there are must be held, every other attempt refused as sold out (409).
import { type ChildProcess, fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildServer } from '../apps/server/build.mjs';
import { positive } from './env.ts';
import { percentile } from './measure.ts';
import { machineInfo, round } from './report.ts';
import type { SelloutServerMessage } from './sellout-server.ts';

const log = (message: string) => process.stderr.write(`bench:sellout: ${message}\n`);

const settings = {
  attempts: positive('BENCH_SELLOUT_ATTEMPTS', 10_000, true),
  concurrency: positive('BENCH_SELLOUT_CONCURRENCY', 200, true),
  tickets: positive('BENCH_SELLOUT_TICKETS', 1_000, true),
};

type Counted = Extract<SelloutServerMessage, { counted: unknown }>['counted'];

function next<T>(server: ChildProcess, pick: (message: SelloutServerMessage) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`Plaza exited (code ${code})`));
    const onMessage = (message: SelloutServerMessage) => {
      if ('error' in message) {
        cleanup();
        reject(new Error(`Plaza failed: ${message.error}`));
        return;
      }
      const picked = pick(message);
      if (picked === undefined) return;
      cleanup();
      resolve(picked);
    };
    const cleanup = () => {
      server.off('message', onMessage);
      server.off('exit', onExit);
    };
    server.on('message', onMessage);
    server.once('exit', onExit);
  });
}

async function main() {
  const file = await buildServer({ name: 'bench-sellout', entry: 'bench/sellout-server.ts' });
  const server = fork(file, [String(settings.tickets)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      stop();
      process.exit(130);
    });
  try {
    const ready = await next(server, (m) => ('ready' in m && m.ready ? m : undefined));
    log(`${settings.attempts} attempts, ${settings.concurrency} at a time, for ${settings.tickets} tickets`);
    const machine = machineInfo();
    const started = performance.now();
    const times: number[] = [];
    const statuses: Record<string, number> = {};
    const instance = autocannon({
      url: `${ready.url}${ready.path}`,
      method: 'POST',
      headers: ready.headers,
      body: ready.body,
      connections: settings.concurrency,
      amount: settings.attempts,
      timeout: 30,
    });
    instance.on('response', (_client, status, _bytes, ms) => {
      times.push(ms);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
    const result = await instance;
    const seconds = (performance.now() - started) / 1000;
    server.send('count');
    const counted: Counted = await next(server, (m) => ('counted' in m ? m.counted : undefined));
    times.sort((a, b) => a - b);
    const held = statuses['200'] ?? 0;
    const report = {
      date: new Date().toISOString(),
      settings,
      machine: { ...machine, loadAverageAtEnd: loadavg().map((load) => round(load, 2)) },
      attempts: times.length,
      attemptsPerSecond: round(times.length / seconds, 1),
      seconds: round(seconds, 2),
      p50Ms: round(percentile(times, 0.5), 2),
      p99Ms: round(percentile(times, 0.99), 2),
      statuses,
      errors: result.errors,
      timeouts: result.timeouts,
      counter: counted,
      exactlyHeld: held === settings.tickets && counted.held === settings.tickets && counted.holds === held,
    };
    const out = fileURLToPath(
      new URL(`./results/sellout-${report.date.replace(/:/g, '-')}.json`, import.meta.url),
    );
    writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    log(
      `${report.attemptsPerSecond} attempts/s, p50 ${report.p50Ms} ms, p99 ${report.p99Ms} ms; answers ${JSON.stringify(statuses)}; ` +
        `held ${counted.held} of ${counted.capacity} (${counted.holds} holds): ${report.exactlyHeld ? 'exactly the tickets there are' : 'NOT exactly the tickets there are'}`,
    );
    log(`results: ${out}`);
    return report.exactlyHeld && report.errors === 0 && report.timeouts === 0 ? 0 : 1;
  } finally {
    stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);

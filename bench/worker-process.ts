// The parent's side of a bench worker process (webhooks.ts, renewals.ts): each script forks itself with
// the argument `worker`, sends it its settings, and waits for it to be ready; asked to stop, the worker
// answers with the CPU it used since it was ready.
import { type ChildProcess, fork } from 'node:child_process';

export type WorkerMessage = { ready: true } | { stopped: true; cpuMs: number } | { error: string };

export const cpuMsOf = (usage: NodeJS.CpuUsage) => Math.round((usage.user + usage.system) / 1000);

export interface Worker {
  child: ChildProcess;
  /** Stops the worker; the CPU milliseconds it used since it was ready (NaN when it did not say). */
  stop(): Promise<number>;
}

/** Forks `script` as a worker, hands it `spec`, and resolves once it says it is ready. */
export async function startWorker(script: string, spec: object): Promise<Worker> {
  const child = fork(script, ['worker'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: process.execArgv,
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker exited before it was ready (code ${code})`)));
    child.once('message', (message: WorkerMessage) =>
      'ready' in message ? resolve() : reject(new Error(`worker failed: ${JSON.stringify(message)}`)),
    );
    child.send(spec);
  });
  child.removeAllListeners('exit');
  return {
    child,
    stop: () =>
      new Promise<number>((resolve) => {
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        let cpuMs = Number.NaN;
        child.on('message', (message: WorkerMessage) => {
          if ('stopped' in message) cpuMs = message.cpuMs;
        });
        child.once('exit', () => {
          clearTimeout(kill);
          resolve(cpuMs);
        });
        child.send('stop');
      }),
  };
}

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Copies an SQLite database's write-ahead log back into the database file from a worker thread, so
 * that requests never do it. Left to itself, SQLite checkpoints inside the commit that takes the log
 * past 1,000 pages: under steady writes (a cart change adds 3 pages) every few hundredth request paid
 * several milliseconds for copying pages it had nothing to do with. A PASSIVE checkpoint on its own
 * connection waits for no one: readers and the writer go on meanwhile, and a page still in use is left
 * for the next round. The log restarts from its beginning once all of it has been copied.
 */
export interface Checkpointer {
  stop(): Promise<void>;
}

/** The worker's code (CommonJS, no TypeScript: it runs as given, under any loader or none). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or interrupted: the next round tries again.
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** `onFailure`: the worker stopped working (the caller hands checkpoints back to SQLite). */
export function startCheckpointer(file: string, onFailure: () => void, intervalMs = 200): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs } });
  // Never what keeps the process alive.
  worker.unref();
  worker.on('error', onFailure);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}

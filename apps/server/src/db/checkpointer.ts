import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * Copies an SQLite database's write-ahead log back into the database file from a worker thread, so
 * that requests never do it. Left to itself, SQLite checkpoints inside the commit that takes the log
 * past 1,000 pages: under steady writes (a cart change adds 3 pages) every few hundredth request paid
 * several milliseconds for copying pages it had nothing to do with. A PASSIVE checkpoint on its own
 * connection waits for no one: readers and the writer go on meanwhile, and a page still in use is left
 * for the next round.
 *
 * Once all of the log has been copied, the next commit starts it over from its beginning, and that
 * commit syncs the log's new header to disk first (~0.2 ms here, far more on slow disks). Left to the
 * requests, that was the first write after every pause: the first add to cart of a quiet shop paid for
 * it. So the worker starts the log over itself, with a one-row write of its own (`wal_restarts`), right
 * after a round that copied everything; requests then append to a log that holds that row's page. Such
 * a write is another connection's commit to the main one: its read caches read again after each (at
 * most one a round, and only after writes). A round with nothing new to copy does nothing, and a log
 * holding only such a write is not started over again, so a quiet database is left alone, also by
 * the checkpointers of other processes on the same file.
 */
export interface Checkpointer {
  stop(): Promise<void>;
}

/** The worker's code (CommonJS, no TypeScript: it runs as given, under any loader or none). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
// Never waits for a lock: a round that meets the writer leaves its work to the next one.
const db = new Database(workerData.file, { timeout: 0 });
db.pragma('synchronous = NORMAL');
const othersCommitted = db.prepare('pragma data_version').pluck();
const restartLog = db.prepare('update wal_restarts set restarts = restarts + 1 where id = 1');
// The first round copies what was written before the worker started.
let seen;
let behind = false;
const timer = setInterval(() => {
  try {
    const version = othersCommitted.get();
    if (version === seen && !behind) return;
    seen = version;
    const [{ busy, log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
    behind = busy !== 0 || checkpointed < log;
    // A log of one page is at most such a restart (this worker's, or another process's): starting it
    // over again would only make the other worker do the same, back and forth.
    if (!behind && log > 1) restartLog.run();
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

/**
 * Starts the worker for the database `sqlite` has open (a file, in WAL mode). `onFailure`: the worker
 * stopped working (the caller hands checkpoints back to SQLite).
 */
export function startCheckpointer(
  sqlite: SQLite.Database,
  onFailure: () => void,
  intervalMs = 200,
): Checkpointer {
  sqlite.exec(`create table if not exists wal_restarts (id integer primary key, restarts integer not null);
    insert or ignore into wal_restarts (id, restarts) values (1, 0)`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file: sqlite.name, driver, intervalMs },
  });
  // Never what keeps the process alive.
  worker.unref();
  worker.on('error', onFailure);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // Held while it stops: an unreferenced worker would let the process end before it is gone,
      // under a caller still waiting for it (a top-level await then ends the process with code 13).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

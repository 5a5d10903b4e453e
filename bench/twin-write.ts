// What the writing twin adds to the bare one: per request, the durable write of a change of one stored
// document, made as Plaza's document store makes it on SQLite, and nothing else (no reading, no change, no
// rendering). Its ratio to the bare twin is the most any server that persists a change before answering can
// reach for that call on this machine; Plaza's own code adds to it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { startCheckpointer } from '../apps/server/src/db/checkpointer.ts';

export interface DocumentWrite {
  /** The document's JSON as Plaza stores it: written whole by every change. */
  document: string;
  /** Documents the requests change in turn (Plaza's load cycles through as many callers). */
  documents: number;
}

export interface DocumentWrites {
  /** Resolves once this request's change is committed. */
  commit(): Promise<void>;
  close(): void;
}

const SITE = 'twin-site';

/**
 * A database laid out as Plaza's for these writes (the cart table of migration 0004, the outbox of 0001,
 * 0007 and 0016), opened with Plaza's settings and its checkpointer thread (db/connect.ts), written as Plaza
 * writes a document change (db/documents.ts `revisionUnit`, db/sqlite-direct.ts): the row rewritten if its
 * revision is still the one read, then its `updated` event appended to the outbox, the changes of one turn
 * of the event loop in one transaction.
 */
export function startDocumentWrites({ document, documents }: DocumentWrite): DocumentWrites {
  // Named as the bench's own data dirs: a run killed outright leaves it to the next run (plaza.ts).
  const dir = mkdtempSync(join(tmpdir(), `plaza-bench-${process.pid}-twin-`));
  try {
    return documentWrites(dir, { document, documents });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function documentWrites(dir: string, { document, documents }: DocumentWrite): DocumentWrites {
  const sqlite = new SQLite(join(dir, 'twin.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.exec(`
    create table documents (site_id text not null, id text not null, revision integer not null,
      created_date text not null, updated_date text not null, doc text not null, owner_key text not null,
      constraint documents_pk primary key (site_id, id));
    create unique index documents_site_owner on documents (site_id, owner_key);
    create table outbox (seq integer primary key, site_id text not null, entity_kind text not null,
      entity_id text not null, event text not null, payload text not null, occurred_date text not null);`);
  const now = () => new Date().toISOString();
  const insert = sqlite.prepare('insert into documents values (?, ?, 1, ?, ?, ?, ?)');
  sqlite.transaction(() => {
    for (let i = 0; i < documents; i++) insert.run(SITE, `doc-${i}`, now(), now(), document, `owner-${i}`);
  })();
  const checkpointer = startCheckpointer(sqlite, () => sqlite.pragma('wal_autocheckpoint = 1000'));
  sqlite.pragma('wal_autocheckpoint = 10000');

  const update = sqlite.prepare(
    'update documents set revision = ?, updated_date = ?, doc = ? where site_id = ? and id = ? and revision = ?',
  );
  const event = sqlite.prepare(
    `insert into outbox (site_id, entity_kind, entity_id, event, payload, occurred_date)
     values (?, ?, ?, ?, '{"entity":' || ? || '}', ?)`,
  );
  const begin = sqlite.prepare('begin immediate');
  const commit = sqlite.prepare('commit');
  const revisions = new Array<number>(documents).fill(1);
  let next = 0;
  let queued: Array<{ resolve(): void; reject(error: unknown): void }> = [];

  function commitQueued() {
    const batch = queued;
    queued = [];
    try {
      begin.run();
      for (let i = 0; i < batch.length; i++) {
        const row = next++ % documents;
        const id = `doc-${row}`;
        const date = now();
        const current = revisions[row]!;
        if (update.run(current + 1, date, document, SITE, id, current).changes !== 1)
          throw new Error(`${id} was not at revision ${current}`);
        revisions[row] = current + 1;
        // A cart's updated event names the cart without carrying it (slimUpdatedEvents).
        event.run(SITE, 'cart', id, 'updated', JSON.stringify({ id, revision: String(current + 1) }), date);
      }
      commit.run();
      for (const waiting of batch) waiting.resolve();
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('rollback');
      for (const waiting of batch) waiting.reject(error);
    }
  }

  return {
    commit() {
      return new Promise((resolve, reject) => {
        if (queued.length === 0) setImmediate(commitQueued);
        queued.push({ resolve, reject });
      });
    },
    close() {
      void checkpointer.stop();
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer.ts';
import { connect } from './connect.ts';

describe('background checkpoints (SQLite file)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('copies committed pages into the database file without a commit doing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaza-checkpoint-'));
    dirs.push(dir);
    const file = join(dir, 'plaza.sqlite');
    const database = await connect({ sqliteFile: file });
    try {
      await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
      const sizeBefore = statSync(file).size;
      // ~1 MB in one commit: far below the log size at which a commit would checkpoint by itself.
      await database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 250; i++) {
          await sql`insert into notes (body) values (${'x'.repeat(4000)})`.execute(trx);
        }
      });
      expect(statSync(file).size).toBe(sizeBefore);
      const deadline = Date.now() + 5000;
      while (statSync(file).size === sizeBefore && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(statSync(file).size).toBeGreaterThan(sizeBefore + 1_000_000);
      const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(database.db);
      expect(rows[0]!.n).toBe(250);
    } finally {
      await database.close();
    }
  });

  it('starts the log over itself once all of it is copied, and leaves a quiet database alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaza-checkpoint-'));
    dirs.push(dir);
    const sqlite = new SQLite(join(dir, 'plaza.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    const checkpointer = startCheckpointer(sqlite, () => {}, 20);
    const restarts = () => sqlite.prepare('select restarts from wal_restarts').pluck().get() as number;
    const restartedAfter = async (count: number) => {
      const deadline = Date.now() + 5000;
      while (restarts() === count && Date.now() < deadline) await sleep(10);
      return restarts();
    };
    try {
      sqlite.exec('create table notes (id integer primary key, body text not null)');
      const insert = sqlite.prepare('insert into notes (body) values (?)');
      for (let i = 0; i < 20; i++) insert.run('x'.repeat(2000));
      const first = await restartedAfter(0);
      expect(first).toBeGreaterThan(0);
      // The log holds the restart's one page, not copied yet: the next commit appends to it (no
      // restart, no sync of a new header) instead of starting the log over.
      const [state] = sqlite.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>;
      expect(state!.log).toBe(1);

      await sleep(200); // ten rounds without a write
      expect(restarts()).toBe(first);

      // Another process's checkpointer on the same file: its restart is a commit to this worker and
      // this one's to it, and neither starts the other over again.
      const otherProcess = new SQLite(join(dir, 'plaza.sqlite'));
      const other = startCheckpointer(otherProcess, () => {}, 20);
      for (let i = 0; i < 5; i++) insert.run('y'.repeat(2000));
      const settled = await restartedAfter(first);
      await sleep(300);
      await other.stop();
      otherProcess.close();
      expect(restarts()).toBe(settled);

      const after = restarts();
      for (let i = 0; i < 5; i++) insert.run('z'.repeat(2000));
      expect(await restartedAfter(after)).toBe(after + 1);
    } finally {
      await checkpointer.stop();
      sqlite.close();
    }
  });

  it('lets a transaction that has read still write while the log is started over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaza-checkpoint-'));
    dirs.push(dir);
    const file = join(dir, 'plaza.sqlite');
    const database = await connect({ sqliteFile: file });
    const checkpointerConnection = new SQLite(file, { timeout: 0 });
    try {
      await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
      await database.db.transaction().execute(async (trx) => {
        await sql`select count(*) from notes`.execute(trx);
        // The checkpointer's restart commit meanwhile: it waits for the transaction (and the next
        // round tries again) instead of leaving the transaction unable to write.
        expect(() =>
          checkpointerConnection.prepare('update wal_restarts set restarts = restarts + 1').run(),
        ).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
        await sql`insert into notes (body) values ('written')`.execute(trx);
      });
      const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(database.db);
      expect(rows[0]!.n).toBe(1);
    } finally {
      checkpointerConnection.close();
      await database.close();
    }
  });

  it('says when the worker cannot work, so that SQLite checkpoints again', async () => {
    // The worker opens the database by its name: a memory database of its own, without the table it writes.
    const sqlite = new SQLite(':memory:');
    try {
      const failed = new Promise<void>((resolve) => {
        startCheckpointer(sqlite, () => resolve());
      });
      await expect(failed).resolves.toBeUndefined();
    } finally {
      sqlite.close();
    }
  });
});

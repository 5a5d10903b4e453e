import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('says when the worker cannot work, so that SQLite checkpoints again', async () => {
    const failed = new Promise<void>((resolve) => {
      startCheckpointer(join(tmpdir(), 'plaza-no-such-dir', 'x', 'plaza.sqlite'), () => resolve());
    });
    await expect(failed).resolves.toBeUndefined();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, directSqliteOf } from './connect.ts';
import { directSqlite } from './sqlite-direct.ts';

interface Notes {
  notes: { id: number; body: string; revision: number; parent: number | null };
}

// Builds statements only; they run on the connections of each test.
const builder = new Kysely<Notes>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });

const guardedUpdate = (id: number, revision: number, body: string): CompiledQuery =>
  builder
    .updateTable('notes')
    .set({ body, revision: revision + 1 })
    .where('id', '=', id)
    .where('revision', '=', revision)
    .compile();
const insert = (id: number, body: string, parent: number | null = null): CompiledQuery =>
  builder.insertInto('notes').values({ id, body, revision: 1, parent }).compile();

const CREATE_NOTES = `create table notes (
  id integer primary key,
  body text not null,
  revision integer not null,
  parent integer references notes (id) deferrable initially deferred
)`;

/** A connection with a direct runner that records every statement it prepares and every write it reports. */
function standalone() {
  const sqlite = new SQLite(':memory:');
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec(CREATE_NOTES);
  sqlite.exec(`insert into notes (id, body, revision) values (1, 'one', 1), (2, 'two', 1), (3, 'three', 1)`);
  const prepared: string[] = [];
  const written: Array<ReadonlySet<string> | 'all'> = [];
  const direct = directSqlite(
    sqlite,
    (text) => {
      prepared.push(text);
      return sqlite.prepare(text);
    },
    (tables) => written.push(tables),
    async (work) => work(),
  );
  const bodies = () =>
    Object.fromEntries(
      (
        sqlite.prepare('select id, body from notes order by id').all() as Array<{ id: number; body: string }>
      ).map((row) => [row.id, row.body]),
    );
  return { sqlite, direct, prepared, written, bodies };
}

describe('direct SQLite statements and group commit', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('commits the units queued in one turn together, each settling after the commit', async () => {
    const { direct, prepared, written, bodies } = standalone();
    const settled = Promise.all([
      direct.commit([guardedUpdate(1, 1, 'one*'), insert(10, 'ten')]),
      direct.commit([guardedUpdate(2, 1, 'two*')]),
      direct.commit([guardedUpdate(3, 1, 'three*'), insert(11, 'eleven')]),
    ]);
    expect(bodies()[1]).toBe('one');
    expect(await settled).toEqual([true, true, true]);
    expect(prepared.filter((text) => text === 'begin immediate')).toHaveLength(1);
    expect(prepared.filter((text) => text === 'commit')).toHaveLength(1);
    expect(bodies()).toEqual({ 1: 'one*', 2: 'two*', 3: 'three*', 10: 'ten', 11: 'eleven' });
    expect(written).toEqual([new Set(['notes'])]);
  });

  it('reports false for a unit whose guard matches no row, and runs none of its other statements', async () => {
    const { direct, bodies } = standalone();
    const [stale, fresh] = await Promise.all([
      direct.commit([guardedUpdate(1, 7, 'stale'), insert(20, 'never')]),
      direct.commit([guardedUpdate(2, 1, 'two*')]),
    ]);
    expect(stale).toBe(false);
    expect(fresh).toBe(true);
    expect(bodies()).toEqual({ 1: 'one', 2: 'two*', 3: 'three' });
  });

  it('refuses a failing unit alone: the others in its batch commit without it', async () => {
    const { direct, bodies } = standalone();
    const outcomes = await Promise.allSettled([
      direct.commit([guardedUpdate(1, 1, 'one*')]),
      direct.commit([guardedUpdate(2, 1, 'two*'), insert(3, 'duplicate id')]),
      direct.commit([guardedUpdate(3, 1, 'three*')]),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({
      code: 'SQLITE_CONSTRAINT_PRIMARYKEY',
    });
    expect(bodies()).toEqual({ 1: 'one*', 2: 'two', 3: 'three*' });
  });

  it('rolls back a unit that fails alone in its batch, and takes the next one', async () => {
    const { direct, sqlite, prepared, bodies } = standalone();
    await expect(
      direct.commit([guardedUpdate(2, 1, 'two*'), insert(3, 'duplicate id')]),
    ).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    expect(sqlite.inTransaction).toBe(false);
    expect(bodies()).toEqual({ 1: 'one', 2: 'two', 3: 'three' });
    expect(await direct.commit([guardedUpdate(2, 1, 'two again')])).toBe(true);
    expect(bodies()[2]).toBe('two again');
    // No savepoint: a failing unit rolls back the whole transaction, which then runs without it.
    expect(prepared.filter((text) => text.startsWith('savepoint'))).toEqual([]);
  });

  it('rejects every unit of a batch whose commit fails, and keeps none of them', async () => {
    const { direct, sqlite, bodies } = standalone();
    // A deferred foreign key is only checked at COMMIT: note 30 names a parent nobody writes.
    const outcomes = await Promise.allSettled([
      direct.commit([guardedUpdate(1, 1, 'one*')]),
      direct.commit([insert(30, 'orphan', 999)]),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(sqlite.inTransaction).toBe(false);
    expect(bodies()).toEqual({ 1: 'one', 2: 'two', 3: 'three' });
    expect(await direct.commit([guardedUpdate(1, 1, 'one again')])).toBe(true);
  });

  it('refuses only the unit whose statement made SQLite roll the transaction back', async () => {
    const { direct, sqlite, bodies, prepared } = standalone();
    // OR ROLLBACK makes a conflict end the whole transaction, as a full disk would.
    const rollingBack = sql`insert or rollback into notes (id, body, revision) values (3, 'dup', 1)`.compile(
      builder,
    );
    const outcomes = await Promise.allSettled([
      direct.commit([guardedUpdate(1, 1, 'one*')]),
      direct.commit([guardedUpdate(2, 1, 'two*'), rollingBack]),
      direct.commit([guardedUpdate(3, 1, 'three*')]),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({
      code: 'SQLITE_CONSTRAINT_PRIMARYKEY',
    });
    expect(sqlite.inTransaction).toBe(false);
    expect(bodies()).toEqual({ 1: 'one*', 2: 'two', 3: 'three*' });
    expect(prepared.filter((text) => text.startsWith('savepoint'))).toEqual([]);
    expect(await direct.commit([guardedUpdate(1, 2, 'one again')])).toBe(true);
  });

  it('waits for an open Kysely transaction and never joins it', async () => {
    const database = await connect({});
    try {
      await sql.raw(CREATE_NOTES).execute(database.db);
      await sql`insert into notes (id, body, revision) values (1, 'one', 1)`.execute(database.db);
      const direct = directSqliteOf(database.db)!;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const transaction = database.db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into notes (id, body, revision) values (40, 'rolled back', 1)`.execute(trx);
          await gate;
          throw new Error('give up');
        })
        .catch((error: Error) => error.message);
      await new Promise((resolve) => setImmediate(resolve));
      expect(direct.tryRun(sql`select 1`.compile(database.db))).toBeUndefined();
      const unit = direct.commit([guardedUpdate(1, 1, 'one*')]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      expect(await transaction).toBe('give up');
      expect(await unit).toBe(true);
      const { rows } = await sql<{
        id: number;
        body: string;
      }>`select id, body from notes order by id`.execute(database.db);
      expect(rows).toEqual([{ id: 1, body: 'one*' }]);
    } finally {
      await database.close();
    }
  });

  it('moves the write log of the tables a unit wrote, so read caches see the change', async () => {
    const database = await connect({});
    try {
      await sql.raw(CREATE_NOTES).execute(database.db);
      await sql`insert into notes (id, body, revision) values (1, 'one', 1)`.execute(database.db);
      const before = database.writes.version('notes');
      expect(await directSqliteOf(database.db)!.commit([guardedUpdate(1, 1, 'one*')])).toBe(true);
      expect(database.writes.version('notes')).toBeGreaterThan(before);
    } finally {
      await database.close();
    }
  });

  it('is offered on the database, never on a transaction (whose statements use its connection)', async () => {
    const database = await connect({});
    try {
      await database.db.transaction().execute(async (trx) => {
        expect(directSqliteOf(trx)).toBeUndefined();
      });
      expect(directSqliteOf(database.db)).toBeDefined();
    } finally {
      await database.close();
    }
  });

  it('commits what is queued when the database closes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaza-direct-'));
    dirs.push(dir);
    const file = join(dir, 'plaza.sqlite');
    const database = await connect({ sqliteFile: file });
    await sql.raw(CREATE_NOTES).execute(database.db);
    const unit = directSqliteOf(database.db)!.commit([insert(1, 'kept')]);
    await database.close();
    expect(await unit).toBe(true);
    await expect(directSqliteOf(database.db)!.commit([insert(2, 'too late')])).rejects.toThrow(/closed/);
    const reopened = new SQLite(file);
    try {
      expect(reopened.prepare('select body from notes').all()).toEqual([{ body: 'kept' }]);
    } finally {
      reopened.close();
    }
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../test/engines.ts';

describe('SQLite transactions begin once another connection lets the write lock go', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('waits for a write of another connection (the checkpointer, another process) instead of failing', async () => {
    database = await freshDatabase('sqlite', { shared: true, migrated: false });
    await sql`create table pairs (id integer primary key, v integer not null)`.execute(database.db);
    await sql`insert into pairs (id, v) values (1, 0)`.execute(database.db);
    const other = await database.another();
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = other.db.transaction().execute(async (trx) => {
      await sql`update pairs set v = v + 1 where id = 1`.execute(trx);
      locked();
      await released;
    });
    await lockTaken;
    const started = Date.now();
    const waiting = database.db.transaction().execute(async (trx) => {
      await sql`update pairs set v = v + 10 where id = 1`.execute(trx);
    });
    await sleep(150);
    release();
    await holder;
    await waiting;
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    const row = await sql<{ v: number }>`select v from pairs where id = 1`.execute(database.db);
    expect(row.rows[0]?.v).toBe(11);
  });
});

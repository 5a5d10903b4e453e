import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import type { Database } from './connect.ts';
import { isConcurrencyFailure, isLockTimeout, isUniqueViolation } from './errors.ts';

/** A promise and the function that settles it. */
function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fired, fire };
}

/** The classification of the errors each driver really throws, provoked on two connections to one database. */
describe.each(engines)('SQL errors (%s)', (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function twoConnections(): Promise<[Database, Database]> {
    database = await freshDatabase(engine, { shared: true, migrated: false });
    await sql`create table pairs (id integer primary key, v integer not null)`.execute(database.db);
    await sql`insert into pairs (id, v) values (1, 0), (2, 0)`.execute(database.db);
    return [database, await database.another()];
  }

  const failureOf = (work: Promise<unknown>) =>
    work.then(
      () => undefined,
      (error: unknown) => error,
    );

  it('tells a unique violation', async () => {
    const [one] = await twoConnections();
    const error = await failureOf(sql`insert into pairs (id, v) values (1, 5)`.execute(one.db));
    expect(isUniqueViolation(error)).toBe(true);
    expect(isConcurrencyFailure(error)).toBe(false);
    expect(isLockTimeout(error)).toBe(false);
  });

  it('tells a write that waited too long for another transaction', async () => {
    const [one, two] = await twoConnections();
    const held = signal();
    const done = signal();
    const holder = one.db.transaction().execute(async (trx) => {
      await sql`update pairs set v = v + 1 where id = 1`.execute(trx);
      held.fire();
      await done.fired;
    });
    await held.fired;
    // On SQLite a transaction waits out another's write lock as it begins (connect.ts), up to the busy
    // timeout: a lone statement with none shows the driver's error at once.
    const error = await failureOf(
      engine === 'postgres'
        ? two.db.transaction().execute(async (trx) => {
            await sql`set local lock_timeout = '50ms'`.execute(trx);
            await sql`update pairs set v = v + 1 where id = 1`.execute(trx);
          })
        : sql`pragma busy_timeout = 0`
            .execute(two.db)
            .then(() => sql`update pairs set v = v + 1 where id = 1`.execute(two.db)),
    );
    done.fire();
    await holder;
    expect(isLockTimeout(error), String(error)).toBe(true);
    expect(isConcurrencyFailure(error)).toBe(false);
    expect(isUniqueViolation(error)).toBe(false);
  });

  it.skipIf(engine !== 'postgres')('tells a deadlock', async () => {
    const [one, two] = await twoConnections();
    const first = signal();
    const second = signal();
    const crossing = (
      db: Database['db'],
      mine: number,
      theirs: number,
      ready: () => void,
      go: Promise<void>,
    ) =>
      failureOf(
        db.transaction().execute(async (trx) => {
          await sql`update pairs set v = v + 1 where id = ${mine}`.execute(trx);
          ready();
          await go;
          await sql`update pairs set v = v + 1 where id = ${theirs}`.execute(trx);
        }),
      );
    const both = Promise.all([first.fired, second.fired]).then(() => undefined);
    const errors = await Promise.all([
      crossing(one.db, 1, 2, first.fire, both),
      crossing(two.db, 2, 1, second.fire, both),
    ]);
    const failed = errors.filter((error) => error !== undefined);
    expect(failed).toHaveLength(1);
    expect(isConcurrencyFailure(failed[0])).toBe(true);
    expect(isLockTimeout(failed[0])).toBe(false);
  });
});

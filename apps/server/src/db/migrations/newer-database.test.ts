import { describe, expect, it } from 'vitest';
import { engines, freshDatabase } from '../../../test/engines.ts';
import { migrate } from './index.ts';
import { NewerDatabaseError } from './newer-database.ts';

describe.each(engines)('a database newer than the code (%s)', (engine) => {
  it('is refused before any migration runs, naming what this version does not know', async () => {
    const database = await freshDatabase(engine);
    try {
      expect(await migrate(database)).toEqual([]);
      await database.db
        .insertInto('kysely_migration' as never)
        .values({ name: '9001-from-a-newer-plaza', timestamp: new Date().toISOString() } as never)
        .execute();

      const refused = await migrate(database).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(NewerDatabaseError);
      expect((refused as NewerDatabaseError).unknown).toEqual(['9001-from-a-newer-plaza']);
      expect((refused as Error).message).toContain(
        'This database was upgraded by a newer version of Plaza: it has run a migration this version does not know (9001-from-a-newer-plaza).',
      );
    } finally {
      await database.dispose();
    }
  });

  it('lets a database that has run only known migrations, or none, migrate', async () => {
    const database = await freshDatabase(engine, { migrated: false });
    try {
      expect((await migrate(database, { to: '0002-identity' })).length).toBe(2);
      expect((await migrate(database)).length).toBeGreaterThan(10);
    } finally {
      await database.dispose();
    }
  });
});

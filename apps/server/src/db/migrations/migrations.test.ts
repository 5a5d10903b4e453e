import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connect } from '../connect.ts';
import { migrate } from './index.ts';

describe('migrations', () => {
  it('rebuilds the SQLite outbox without AUTOINCREMENT, keeping every event and its number', async () => {
    const database = await connect({ sqliteFile: ':memory:' });
    try {
      await migrate(database, { to: '0006-storefront-indexes' });
      const event = (entityId: string, dispatched: string | null) => ({
        site_id: 'site-1',
        entity_kind: 'note',
        entity_id: entityId,
        event: 'created' as const,
        payload: '{}',
        occurred_date: '2026-01-01T00:00:00.000Z',
        dispatched_date: dispatched,
      });
      await database.db
        .insertInto('outbox')
        .values([event('a', '2026-01-01T00:00:01.000Z'), event('b', null), event('c', null)])
        .execute();
      const before = await database.db.selectFrom('outbox').selectAll().orderBy('seq').execute();

      expect(await migrate(database, { to: '0007-outbox-sequence' })).toEqual(['0007-outbox-sequence']);

      expect(await database.db.selectFrom('outbox').selectAll().orderBy('seq').execute()).toEqual(before);
      await database.db.insertInto('outbox').values(event('d', null)).execute();
      const seqs = (await database.db.selectFrom('outbox').select('seq').orderBy('seq').execute()).map((r) =>
        Number(r.seq),
      );
      expect(seqs).toEqual([1, 2, 3, 4]);
      const { rows: definition } = await sql<{
        sql: string;
      }>`select sql from sqlite_master where name = 'outbox'`.execute(database.db);
      expect(definition[0]!.sql.toLowerCase()).not.toContain('autoincrement');
      const { rows: indexes } = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'index' and tbl_name = 'outbox'`.execute(database.db);
      expect(indexes.map((row) => row.name)).toContain('outbox_pending');
    } finally {
      await database.close();
    }
  });
});

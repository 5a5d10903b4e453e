import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { engines, freshDatabase } from '../../../test/engines.ts';
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

describe.each(engines)('migrations (%s)', (engine) => {
  it('lower-cases the e-mail of orders placed before e-mails were kept so, and nothing else of them', async () => {
    const database = await freshDatabase(engine, { migrated: false });
    try {
      await migrate(database, { to: '0009-payment-attempt-requests' });
      const order = (id: string, email: string | null) => ({
        site_id: 'site-1',
        id,
        revision: 3,
        created_date: '2026-01-01T00:00:00.000Z',
        updated_date: '2026-01-02T00:00:00.000Z',
        doc: JSON.stringify({ id, number: id, buyerInfo: email === null ? {} : { email }, note: 'Ä' }),
        number: id,
        checkout_id: `checkout-${id}`,
        status: 'APPROVED',
        payment_status: 'PAID',
        buyer_email: email,
        member_id: null,
      });
      const rows = [order('1', 'Ann@Example.COM'), order('2', 'bob@example.com'), order('3', null)];
      // One batch and then some: the migration pages through the orders.
      for (let i = 0; i < 1001; i++) rows.push(order(`x${String(i).padStart(4, '0')}`, 'ÉLODIE@EXAMPLE.COM'));
      for (let i = 0; i < rows.length; i += 200)
        await database.db
          .insertInto('ecom_orders')
          .values(rows.slice(i, i + 200))
          .execute();

      expect(await migrate(database, { to: '0010-order-emails-lower-case' })).toEqual([
        '0010-order-emails-lower-case',
      ]);

      const after = await database.db
        .selectFrom('ecom_orders')
        .select(['id', 'revision', 'updated_date', 'buyer_email', 'doc'])
        .orderBy('id')
        .execute();
      const seen = after.map((row) => {
        const doc = typeof row.doc === 'string' ? JSON.parse(row.doc) : row.doc;
        return [
          row.id,
          Number(row.revision),
          row.updated_date,
          row.buyer_email,
          doc.buyerInfo.email,
          doc.note,
        ];
      });
      const kept = ['2026-01-02T00:00:00.000Z'];
      expect(seen.slice(0, 3)).toEqual([
        ['1', 3, ...kept, 'ann@example.com', 'ann@example.com', 'Ä'],
        ['2', 3, ...kept, 'bob@example.com', 'bob@example.com', 'Ä'],
        ['3', 3, ...kept, null, undefined, 'Ä'],
      ]);
      expect(new Set(seen.slice(3).map((row) => `${row[3]} ${row[4]}`))).toEqual(
        new Set(['élodie@example.com élodie@example.com']),
      );
      expect(seen).toHaveLength(1004);
    } finally {
      await database.dispose();
    }
  });

  it('drops the request digests made from whole cards, keeping the attempts', async () => {
    const database = await freshDatabase(engine, { migrated: false });
    try {
      await migrate(database, { to: '0010-order-emails-lower-case' });
      const attempt = (key: string, hash: string | null) => ({
        site_id: 'site-1',
        idempotency_key: key,
        checkout_id: 'checkout-1',
        status: 'SUCCEEDED' as const,
        response: '{"ok":true}',
        created_date: '2026-01-01T00:00:00.000Z',
        updated_date: '2026-01-01T00:00:00.000Z',
        request_hash: hash,
      });
      await database.db
        .insertInto('ecom_payment_attempts')
        .values([attempt('a', 'digest-of-a-whole-card'), attempt('b', null)])
        .execute();

      expect(await migrate(database, { to: '0011-payment-attempt-card-digests' })).toEqual([
        '0011-payment-attempt-card-digests',
      ]);

      const rows = await database.db
        .selectFrom('ecom_payment_attempts')
        .select(['idempotency_key', 'status', 'response', 'request_hash'])
        .orderBy('idempotency_key')
        .execute();
      expect(rows).toEqual([
        { idempotency_key: 'a', status: 'SUCCEEDED', response: '{"ok":true}', request_hash: null },
        { idempotency_key: 'b', status: 'SUCCEEDED', response: '{"ok":true}', request_hash: null },
      ]);
    } finally {
      await database.dispose();
    }
  });
});

import { type Migration, sql } from 'kysely';
import type { Engine } from '../connect.ts';
import { byteOrderedText, createDocumentIndexes, createDocumentTable, type MigrationDb } from './helpers.ts';

/**
 * Webhooks (domains/webhooks): the site's endpoints as documents (the signing secret sealed beside the
 * document, never in it; `failing_since` when its deliveries started failing, outside the document so
 * that a failed attempt does not make a revision), one delivery per event and endpoint with the payload
 * copied (events are pruned, deliveries keep their own), and one row per attempt.
 */
export const webhooks = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    const text = byteOrderedText(engine);
    await createDocumentTable(db, engine, 'webhooks', (table) =>
      table
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('enabled', 'boolean', (c) => c.notNull())
        .addColumn('secret', 'text')
        .addColumn('failing_since', 'text'),
    ).execute();
    await createDocumentIndexes(db, 'webhooks');

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('seq', engine === 'postgres' ? 'bigserial' : 'integer', (c) =>
        engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('webhook_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('event_seq', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
      .addColumn('entity_kind', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('revision', 'integer')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_date', text)
      .addColumn('replay_of', 'text')
      .addColumn('created_date', text, (c) => c.notNull())
      .addColumn('updated_date', 'text', (c) => c.notNull())
      .execute();
    // An event read again after a failed batch finds its deliveries there already.
    await db.schema
      .createIndex('webhook_deliveries_event')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'event_seq'])
      .unique()
      .where(sql.ref('replay_of'), 'is', null)
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_log')
      .on('webhook_deliveries')
      .columns(['site_id', 'webhook_id', 'seq'])
      .execute();
    // What an entity's delivery waits for: the earlier ones of the same entity still pending.
    await db.schema
      .createIndex('webhook_deliveries_pending')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'entity_kind', 'entity_id'])
      .where(sql.ref('status'), '=', 'PENDING')
      .execute();

    await db.schema
      .createTable('webhook_attempts')
      .addColumn('delivery_id', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('started_date', 'text', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('response_excerpt', 'text')
      .addColumn('error', 'text')
      .addPrimaryKeyConstraint('webhook_attempts_pk', ['delivery_id', 'attempt'])
      .execute();
  },
});

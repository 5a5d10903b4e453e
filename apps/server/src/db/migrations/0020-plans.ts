import { type Migration, sql } from 'kysely';
import type { Engine } from '../connect.ts';
import { byteOrderedText, createDocumentIndexes, createDocumentTable, type MigrationDb } from './helpers.ts';

/**
 * Pricing plans v2: plans (slug unique per site, at most one primary per site: a partial unique
 * index, so that no interleaving of writers can leave two) and plan orders, the purchases ecom's
 * orders commit (one per plan line, found by member, plan and ecom order).
 */
export const plans = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    const text = byteOrderedText(engine);
    await createDocumentTable(db, engine, 'plans', (table) =>
      table
        .addColumn('slug', text, (c) => c.notNull())
        .addColumn('public', 'boolean', (c) => c.notNull())
        .addColumn('archived', 'boolean', (c) => c.notNull())
        .addColumn('is_primary', 'boolean', (c) => c.notNull()),
    ).execute();
    await createDocumentIndexes(db, 'plans');
    await db.schema
      .createIndex('plans_site_slug')
      .on('plans')
      .columns(['site_id', 'slug'])
      .unique()
      .execute();
    await db.schema
      .createIndex('plans_site_primary')
      .on('plans')
      .column('site_id')
      .unique()
      .where(sql<boolean>`is_primary = ${sql.lit(engine === 'postgres' ? true : 1)}`)
      .execute();

    await createDocumentTable(db, engine, 'plan_orders', (table) =>
      table
        .addColumn('plan_id', text, (c) => c.notNull())
        .addColumn('member_id', text, (c) => c.notNull())
        .addColumn('order_id', text, (c) => c.notNull())
        .addColumn('status', text, (c) => c.notNull()),
    ).execute();
    await createDocumentIndexes(db, 'plan_orders');
    await db.schema
      .createIndex('plan_orders_site_plan')
      .on('plan_orders')
      .columns(['site_id', 'plan_id', 'member_id'])
      .execute();
    await db.schema
      .createIndex('plan_orders_site_member')
      .on('plan_orders')
      .columns(['site_id', 'member_id', 'created_date'])
      .execute();
    await db.schema
      .createIndex('plan_orders_site_order')
      .on('plan_orders')
      .columns(['site_id', 'order_id'])
      .execute();
  },
});

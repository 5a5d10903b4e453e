import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import { createDocumentIndexes, createDocumentTable, type MigrationDb } from './helpers.ts';

/**
 * eCommerce: carts (one per owner: visitor, member or admin key), checkouts, orders (number and
 * checkout unique per site: one order per checkout), coupons (`times_used` is a counter outside the
 * document, taken with a conditional UPDATE), the per-site order-number counter and the payment
 * attempts that make `pay` idempotent.
 */
export const ecom = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    await createDocumentTable(db, engine, 'ecom_carts', (table) =>
      table.addColumn('owner_key', 'text', (c) => c.notNull()),
    ).execute();
    await db.schema
      .createIndex('ecom_carts_site_owner')
      .on('ecom_carts')
      .columns(['site_id', 'owner_key'])
      .unique()
      .execute();

    await createDocumentTable(db, engine, 'ecom_checkouts', (table) =>
      table.addColumn('owner_key', 'text', (c) => c.notNull()),
    ).execute();
    await createDocumentIndexes(db, 'ecom_checkouts');

    await createDocumentTable(db, engine, 'ecom_orders', (table) =>
      table
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('checkout_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payment_status', 'text', (c) => c.notNull())
        .addColumn('buyer_email', 'text')
        .addColumn('member_id', 'text'),
    ).execute();
    await createDocumentIndexes(db, 'ecom_orders');
    await db.schema
      .createIndex('ecom_orders_site_number')
      .on('ecom_orders')
      .columns(['site_id', 'number'])
      .unique()
      .execute();
    await db.schema
      .createIndex('ecom_orders_site_checkout')
      .on('ecom_orders')
      .columns(['site_id', 'checkout_id'])
      .unique()
      .execute();

    await createDocumentTable(db, engine, 'ecom_coupons', (table) =>
      table
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull())
        .addColumn('usage_limit', 'integer')
        .addColumn('times_used', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await createDocumentIndexes(db, 'ecom_coupons');
    await db.schema
      .createIndex('ecom_coupons_site_code')
      .on('ecom_coupons')
      .columns(['site_id', 'code'])
      .unique()
      .execute();

    await db.schema
      .createTable('ecom_order_numbers')
      .addColumn('site_id', 'text', (c) => c.primaryKey())
      .addColumn('last_number', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('ecom_payment_attempts')
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('checkout_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('response', 'text')
      .addColumn('created_date', 'text', (c) => c.notNull())
      .addColumn('updated_date', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('ecom_payment_attempts_pk', ['site_id', 'idempotency_key'])
      .execute();
  },
});

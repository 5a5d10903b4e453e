import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import { byteOrderedText, createDocumentIndexes, createDocumentTable, type MigrationDb } from './helpers.ts';

/**
 * Stores catalog v1: products (public JSON in `doc`, the inputs it is derived from in `state`,
 * cost and profit in `merchant`), collections, and one row per product variant whose `quantity`
 * is the live stock (NULL when not tracked), taken with a conditional UPDATE.
 */
export const stores = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    await createDocumentTable(db, engine, 'store_products', (table) =>
      table
        .addColumn('name', byteOrderedText(engine), (c) => c.notNull())
        .addColumn('slug', byteOrderedText(engine), (c) => c.notNull())
        .addColumn('price', 'double precision', (c) => c.notNull())
        .addColumn('visible', 'boolean', (c) => c.notNull())
        .addColumn('product_type', byteOrderedText(engine), (c) => c.notNull())
        .addColumn('last_updated', byteOrderedText(engine), (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('merchant', 'text'),
    ).execute();
    await createDocumentIndexes(db, 'store_products');
    await db.schema
      .createIndex('store_products_site_slug')
      .on('store_products')
      .columns(['site_id', 'slug'])
      .unique()
      .execute();
    await db.schema
      .createIndex('store_products_site_price')
      .on('store_products')
      .columns(['site_id', 'price', 'id'])
      .execute();
    await db.schema
      .createIndex('store_products_site_name')
      .on('store_products')
      .columns(['site_id', 'name', 'id'])
      .execute();
    await db.schema
      .createIndex('store_products_site_updated')
      .on('store_products')
      .columns(['site_id', 'last_updated', 'id'])
      .execute();

    await createDocumentTable(db, engine, 'store_collections', (table) =>
      table
        .addColumn('name', byteOrderedText(engine), (c) => c.notNull())
        .addColumn('slug', byteOrderedText(engine), (c) => c.notNull())
        .addColumn('visible', 'boolean', (c) => c.notNull()),
    ).execute();
    await createDocumentIndexes(db, 'store_collections');
    await db.schema
      .createIndex('store_collections_site_slug')
      .on('store_collections')
      .columns(['site_id', 'slug'])
      .unique()
      .execute();

    await createDocumentTable(db, engine, 'store_variants', (table) =>
      table
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer')
        .addColumn('in_stock', 'boolean', (c) => c.notNull())
        .addColumn('visible', 'boolean', (c) => c.notNull()),
    ).execute();
    await createDocumentIndexes(db, 'store_variants');
    await db.schema
      .createIndex('store_variants_site_product')
      .on('store_variants')
      .columns(['site_id', 'product_id', 'variant_id'])
      .unique()
      .execute();
  },
});

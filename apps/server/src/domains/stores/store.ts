/**
 * SQL of the catalog. Products and collections are document kinds; `store_variants` is a
 * projection of each product's variants (one row each, `quantity` = live stock) that this store
 * rewrites in the product's transaction and the document store reads and queries.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/connect.ts';
import { documentStore } from '../../db/documents.ts';
import { prepared } from '../../db/prepared.ts';
import { readCache } from '../../db/read-cache.ts';
import type { Schema } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordDomainEvent } from '../../outbox/outbox.ts';
import { collectionKind, productKind, variantKind } from './kinds.ts';
import type { MerchantData, ProductState, StockMap } from './model.ts';
import type { RenderedProduct } from './render.ts';

export interface LoadedProduct {
  doc: string;
  state: ProductState;
  stock: StockMap;
  /** Changes with every write of the product, its stock included (`versionOf`). */
  version: string;
}

export type Executor = Kysely<Schema>;

const versionText = (row: { revision: unknown; updated_date: unknown }) =>
  `${String(row.revision)}@${String(row.updated_date)}`;

/** What a product page reads. */
export interface ProductRead {
  readonly doc: string;
  readonly merchant: string | null;
  readonly visible: boolean;
}

/** How long a product read may be reused at most (other server processes' writes; see read-cache.ts). */
const READ_CACHE_MS = 1000;
const READ_CACHE_LIMIT = 2000;

export function catalogStore(database: Database, clock: Clock) {
  const products = documentStore(database, productKind, { clock });
  const collections = documentStore(database, collectionKind, { clock });
  const variants = documentStore(database, variantKind, { clock });
  const { engine } = database;
  const bool = (value: boolean) => (engine === 'sqlite' ? Number(value) : value);
  const json = (text: string) => (engine === 'postgres' ? sql`${text}::jsonb` : sql`${text}`);

  // The reads of one product (product page, every cart line), built and compiled once (db/prepared.ts).
  const selectStock = prepared(2, (db, site, product) =>
    db
      .selectFrom('store_variants')
      .select(['variant_id', 'quantity', 'in_stock'])
      .where('site_id', '=', site)
      .where('product_id', '=', product),
  );
  const selectLoaded = prepared(2, (db, site, product) =>
    db
      .selectFrom('store_products')
      .select(['doc', 'state', 'revision', 'updated_date'])
      .where('site_id', '=', site)
      .where('id', '=', product),
  );
  const selectVersion = prepared(2, (db, site, product) =>
    db
      .selectFrom('store_products')
      .select(['revision', 'updated_date'])
      .where('site_id', '=', site)
      .where('id', '=', product),
  );
  const selectRead = prepared(2, (db, site, product) =>
    db
      .selectFrom('store_products')
      .select(['doc', 'merchant', 'visible'])
      .where('site_id', '=', site)
      .where('id', '=', product),
  );

  const productReads = readCache<ProductRead | undefined>(database.writes, ['store_products'], {
    ttlMs: READ_CACHE_MS,
    limit: READ_CACHE_LIMIT,
  });

  async function loadStock(executor: Executor, siteId: string, productId: string): Promise<StockMap> {
    const { rows } = await selectStock.run(executor, siteId, productId);
    return new Map(
      rows.map((row) => [
        row.variant_id,
        { quantity: row.quantity === null ? null : Number(row.quantity), inStock: Boolean(row.in_stock) },
      ]),
    );
  }

  async function writeVariantRows(
    executor: Executor,
    siteId: string,
    productId: string,
    rendered: RenderedProduct,
    createdDate: string,
  ) {
    await executor
      .deleteFrom('store_variants')
      .where('site_id', '=', siteId)
      .where('product_id', '=', productId)
      .execute();
    const now = clock.now().toISOString();
    if (rendered.variantRows.length === 0) return;
    await executor
      .insertInto('store_variants')
      .values(
        rendered.variantRows.map((row) => ({
          site_id: siteId,
          id: `${productId}-${row.variantId}`,
          revision: 1,
          created_date: createdDate,
          updated_date: now,
          doc: json(JSON.stringify({ ...row.doc, createdDate, updatedDate: now })) as never,
          product_id: productId,
          variant_id: row.variantId,
          quantity: row.quantity,
          in_stock: bool(row.inStock),
          visible: bool(row.visible),
        })),
      )
      .execute();
  }

  async function setState(
    executor: Executor,
    siteId: string,
    productId: string,
    state: ProductState,
    merchant: MerchantData,
  ) {
    await executor
      .updateTable('store_products')
      .set({ state: JSON.stringify(state), merchant: JSON.stringify(merchant) })
      .where('site_id', '=', siteId)
      .where('id', '=', productId)
      .execute();
  }

  return {
    products,
    collections,
    variants,
    db: database.db,
    engine,
    writes: database.writes,

    transaction: <T>(work: (trx: Executor) => Promise<T>): Promise<T> =>
      database.db.transaction().execute(work),

    /**
     * PostgreSQL row locks in one global order (variant rows, then the product) so product writes
     * and stock reservations never deadlock; SQLite runs one transaction at a time anyway.
     */
    async lockProduct(executor: Executor, siteId: string, productId: string, withVariants = true) {
      if (engine !== 'postgres') return;
      if (withVariants) {
        await executor
          .selectFrom('store_variants')
          .select('id')
          .where('site_id', '=', siteId)
          .where('product_id', '=', productId)
          .orderBy('id')
          .forUpdate()
          .execute();
      }
      await executor
        .selectFrom('store_products')
        .select('id')
        .where('site_id', '=', siteId)
        .where('id', '=', productId)
        .forUpdate()
        .execute();
    },

    /** `lockProduct` for several products at once, still variants first (multi-product writes). */
    async lockProducts(executor: Executor, siteId: string, productIds: readonly string[]) {
      if (engine !== 'postgres' || productIds.length === 0) return;
      await executor
        .selectFrom('store_variants')
        .select('id')
        .where('site_id', '=', siteId)
        .where('product_id', 'in', productIds)
        .orderBy('id')
        .forUpdate()
        .execute();
      await executor
        .selectFrom('store_products')
        .select('id')
        .where('site_id', '=', siteId)
        .where('id', 'in', productIds)
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    async load(executor: Executor, siteId: string, productId: string): Promise<LoadedProduct | undefined> {
      const row = (await selectLoaded.run(executor, siteId, productId)).rows[0];
      if (!row) return undefined;
      return {
        doc: row.doc,
        state: JSON.parse(row.state) as ProductState,
        stock: await loadStock(executor, siteId, productId),
        version: versionText(row),
      };
    },

    /**
     * The product's version as stored now (undefined when it is gone): every write of a product bumps
     * its revision, and a stock change rewrites the product too (`refresh`, catalog.ts); with the date,
     * a product deleted and made again under its id is another version.
     */
    async versionOf(siteId: string, productId: string): Promise<string | undefined> {
      const row = (await selectVersion.run(database.db, siteId, productId)).rows[0];
      return row && versionText(row);
    },

    /**
     * The public JSON and merchant JSON of a product, plus its visibility. Remembered (read-cache.ts):
     * product pages are read far more often than products change. Callers must not change the result.
     */
    read: (siteId: string, productId: string) =>
      productReads.get(`${siteId}\u0000${productId}`, async () => {
        const row = (await selectRead.run(database.db, siteId, productId)).rows[0];
        return row ? { doc: row.doc, merchant: row.merchant, visible: Boolean(row.visible) } : undefined;
      }),

    async readMerchant(siteId: string, productIds: readonly string[]): Promise<Map<string, string | null>> {
      if (productIds.length === 0) return new Map();
      const rows = await database.db
        .selectFrom('store_products')
        .select(['id', 'merchant'])
        .where('site_id', '=', siteId)
        .where('id', 'in', productIds)
        .execute();
      return new Map(rows.map((row) => [row.id, row.merchant]));
    },

    async slugTaken(
      executor: Executor,
      table: 'store_products' | 'store_collections',
      siteId: string,
      slug: string,
      exceptId?: string,
    ): Promise<boolean> {
      let query = executor
        .selectFrom(table)
        .select('id')
        .where('site_id', '=', siteId)
        .where('slug', '=', slug);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insertProduct(
      executor: Executor,
      siteId: string,
      productId: string,
      rendered: RenderedProduct,
      state: ProductState,
    ) {
      const created = await products
        .forSite(siteId, executor)
        .create(rendered.doc, { id: productId, now: rendered.doc.lastUpdated as string });
      await setState(executor, siteId, productId, state, rendered.merchant);
      await writeVariantRows(executor, siteId, productId, rendered, created.createdDate);
      return created;
    },

    /**
     * Replaces the product's document with `rendered` (fields it lacks are removed); rewrites the
     * variant rows unless `docOnly` (stock refreshes after a reservation touch the product only).
     */
    async saveProduct(
      executor: Executor,
      siteId: string,
      productId: string,
      previousDoc: string,
      rendered: RenderedProduct,
      state: ProductState,
      options: { docOnly?: boolean } = {},
    ) {
      const previous = JSON.parse(previousDoc) as Record<string, unknown>;
      const patch: Record<string, unknown> = Object.fromEntries(
        Object.keys(previous).map((k) => [k, undefined]),
      );
      Object.assign(patch, rendered.doc);
      const updated = await products
        .forSite(siteId, executor)
        .update<Record<string, unknown>>(productId, patch);
      await setState(executor, siteId, productId, state, rendered.merchant);
      if (!options.docOnly) {
        await writeVariantRows(executor, siteId, productId, rendered, updated.createdDate);
        if (JSON.stringify(previous.variants) !== JSON.stringify(rendered.doc.variants)) {
          await recordDomainEvent(executor, {
            siteId,
            entityKind: 'productVariants',
            entityId: productId,
            event: 'updated',
            payload: { productId, variants: rendered.doc.variants },
            occurredDate: updated.updatedDate,
          });
        }
      }
      return updated;
    },

    async deleteProduct(executor: Executor, siteId: string, productId: string): Promise<boolean> {
      const deleted = await products.forSite(siteId, executor).delete(productId);
      await executor
        .deleteFrom('store_variants')
        .where('site_id', '=', siteId)
        .where('product_id', '=', productId)
        .execute();
      return deleted;
    },

    /** Ids of the products of a site that list `collectionId`. */
    async productIdsIn(executor: Executor, siteId: string, collectionId: string): Promise<string[]> {
      const ids: string[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = await products
          .forSite(siteId, executor)
          .query({ filter: { collectionIds: { $hasSome: [collectionId] } }, paging: { limit: 100, offset } });
        ids.push(...page.items.map((text) => (JSON.parse(text) as { id: string }).id));
        if (page.items.length < 100) return ids;
      }
    },

    /**
     * Takes `quantity` units of a tracked variant in one conditional UPDATE (`quantity >= n`), the
     * row's JSON included. 'untracked' when the variant does not count stock.
     */
    async takeStock(
      executor: Executor,
      siteId: string,
      rowId: string,
      quantity: number,
    ): Promise<'taken' | 'insufficient' | 'untracked' | 'missing'> {
      const n = sql`CAST(${quantity} AS integer)`;
      const now = clock.now().toISOString();
      const doc =
        engine === 'postgres'
          ? sql`jsonb_set(jsonb_set(doc, '{stock,quantity}', to_jsonb(quantity - ${n})), '{stock,inStock}', to_jsonb(quantity - ${n} > 0))`
          : sql`json_set(doc, '$.stock.quantity', quantity - ${n}, '$.stock.inStock', json(CASE WHEN quantity - ${n} > 0 THEN 'true' ELSE 'false' END))`;
      const result = await executor
        .updateTable('store_variants')
        .set({
          quantity: sql`quantity - ${n}` as never,
          in_stock: sql`(quantity - ${n} > 0)` as never,
          doc: doc as never,
          revision: sql`revision + 1` as never,
          updated_date: now,
        })
        .where('site_id', '=', siteId)
        .where('id', '=', rowId)
        .where('quantity', '>=', quantity)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return 'taken';
      const row = await executor
        .selectFrom('store_variants')
        .select('quantity')
        .where('site_id', '=', siteId)
        .where('id', '=', rowId)
        .executeTakeFirst();
      if (!row) return 'missing';
      return row.quantity === null ? 'untracked' : 'insufficient';
    },

    /** Gives units back to a tracked variant; false when the variant is gone or untracked. */
    async returnStock(executor: Executor, siteId: string, rowId: string, quantity: number): Promise<boolean> {
      const n = sql`CAST(${quantity} AS integer)`;
      const doc =
        engine === 'postgres'
          ? sql`jsonb_set(jsonb_set(doc, '{stock,quantity}', to_jsonb(quantity + ${n})), '{stock,inStock}', to_jsonb(quantity + ${n} > 0))`
          : sql`json_set(doc, '$.stock.quantity', quantity + ${n}, '$.stock.inStock', json(CASE WHEN quantity + ${n} > 0 THEN 'true' ELSE 'false' END))`;
      const result = await executor
        .updateTable('store_variants')
        .set({
          quantity: sql`quantity + ${n}` as never,
          in_stock: sql`(quantity + ${n} > 0)` as never,
          doc: doc as never,
          revision: sql`revision + 1` as never,
          updated_date: clock.now().toISOString(),
        })
        .where('site_id', '=', siteId)
        .where('id', '=', rowId)
        .where('quantity', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type CatalogStore = ReturnType<typeof catalogStore>;

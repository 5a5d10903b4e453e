/**
 * SQL of the catalog. Products and collections are document kinds; `store_variants` is a
 * projection of each product's variants (one row each, `quantity` = live stock) that this store
 * keeps up to date in the product's transaction (variant-rows.ts) and the document store reads and
 * queries.
 */
import type { Kysely } from 'kysely';
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
import { type StockSet, variantRowsStore } from './variant-rows.ts';

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
  const rows = variantRowsStore(database, clock);
  const { engine } = database;

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
    clock,
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

  /**
   * PostgreSQL row locks in one global order (variant rows, then the products) so product writes
   * and stock reservations never deadlock; SQLite runs one transaction at a time anyway. Product
   * writes keep the variant rows (variant-rows.ts), so these locks hold the rows later written.
   */
  async function lockProducts(
    executor: Executor,
    siteId: string,
    productIds: readonly string[],
    withVariants = true,
  ) {
    if (engine !== 'postgres' || productIds.length === 0) return;
    if (withVariants) await rows.lockVariantRows(executor, siteId, productIds);
    await executor
      .selectFrom('store_products')
      .select('id')
      .where('site_id', '=', siteId)
      .where('id', 'in', productIds)
      .orderBy('id')
      .forUpdate()
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

    lockProducts,
    /** `lockProducts` for one product; without its variants for a refresh of its stock summary. */
    lockProduct: (executor: Executor, siteId: string, productId: string, withVariants = true) =>
      lockProducts(executor, siteId, [productId], withVariants),

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
      await rows.writeVariantRows(
        executor,
        siteId,
        productId,
        rendered.variantRows,
        created.createdDate,
        'all',
      );
      return created;
    },

    /**
     * Replaces the product's document with `rendered` (fields it lacks are removed); writes the
     * variant rows unless `docOnly` (stock refreshes after a reservation touch the product only),
     * setting the live stock of the variants in `stockSet` only (the others keep theirs).
     */
    async saveProduct(
      executor: Executor,
      siteId: string,
      productId: string,
      previousDoc: string,
      rendered: RenderedProduct,
      state: ProductState,
      options: { docOnly?: boolean; stockSet?: StockSet } = {},
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
        await rows.writeVariantRows(
          executor,
          siteId,
          productId,
          rendered.variantRows,
          updated.createdDate,
          options.stockSet ?? new Set(),
        );
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

    takeStock: rows.takeStock,
    returnStock: rows.returnStock,
  };
}

export type CatalogStore = ReturnType<typeof catalogStore>;

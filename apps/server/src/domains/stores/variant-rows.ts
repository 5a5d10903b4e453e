/**
 * SQL of `store_variants`, the rows that hold each variant's live stock (`quantity`). Product writes
 * and stock changes (orders paid and cancelled) meet on these rows, so on PostgreSQL they follow one
 * lock order: a product's variant rows first (by id), then the product row.
 *
 * A product write keeps every row that still names a variant and updates it in place: a stock change
 * waiting on the row then applies to it, where a deleted and re-inserted row would silently be missed.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RenderedVariantRow } from './render.ts';
import type { Executor } from './store.ts';

/** The variants whose stock a product write sets ('all' when it makes the product). */
export type StockSet = ReadonlySet<string> | 'all';

export function variantRowsStore(database: Database, clock: Clock) {
  const { engine } = database;
  const bool = (value: boolean) => (engine === 'sqlite' ? Number(value) : value);
  const json = (text: string) => (engine === 'postgres' ? sql`${text}::jsonb` : sql`${text}`);
  // The new document with the row's own `stock`, which takeStock and returnStock keep beside `quantity`.
  const docKeepingStock =
    engine === 'postgres'
      ? sql`jsonb_set(excluded.doc, '{stock}', store_variants.doc -> 'stock')`
      : sql`json_set(excluded.doc, '$.stock', json(json_extract(store_variants.doc, '$.stock')))`;

  /** `quantity + delta` in the column and in the row's JSON, one statement. */
  const moved = (delta: number) => {
    const n = sql`CAST(${delta} AS integer)`;
    const doc =
      engine === 'postgres'
        ? sql`jsonb_set(jsonb_set(doc, '{stock,quantity}', to_jsonb(quantity + ${n})), '{stock,inStock}', to_jsonb(quantity + ${n} > 0))`
        : sql`json_set(doc, '$.stock.quantity', quantity + ${n}, '$.stock.inStock', json(CASE WHEN quantity + ${n} > 0 THEN 'true' ELSE 'false' END))`;
    return {
      quantity: sql`quantity + ${n}` as never,
      in_stock: sql`(quantity + ${n} > 0)` as never,
      doc: doc as never,
      revision: sql`revision + 1` as never,
      updated_date: clock.now().toISOString(),
    };
  };

  const quantityOf = (executor: Executor, siteId: string, rowId: string) =>
    executor
      .selectFrom('store_variants')
      .select('quantity')
      .where('site_id', '=', siteId)
      .where('id', '=', rowId)
      .executeTakeFirst();

  async function upsert(
    executor: Executor,
    siteId: string,
    productId: string,
    rows: readonly RenderedVariantRow[],
    createdDate: string,
    setsStock: boolean,
  ) {
    if (rows.length === 0) return;
    const now = clock.now().toISOString();
    await executor
      .insertInto('store_variants')
      .values(
        rows.map((row) => ({
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
      .onConflict((conflict) =>
        conflict.columns(['site_id', 'id']).doUpdateSet({
          revision: sql`store_variants.revision + 1` as never,
          updated_date: sql`excluded.updated_date` as never,
          visible: sql`excluded.visible` as never,
          ...(setsStock
            ? {
                doc: sql`excluded.doc` as never,
                quantity: sql`excluded.quantity` as never,
                in_stock: sql`excluded.in_stock` as never,
              }
            : { doc: docKeepingStock as never }),
        }),
      )
      .execute();
  }

  return {
    /**
     * Locks the variant rows of `productIds` in id order (PostgreSQL). A locking read that waited sees
     * the rows as they were when it started, so rows that the product write it waited for added are
     * locked by reading again until no new row shows up: the caller then holds every row it will write
     * before it locks the product. No other row appears meanwhile, since adding one takes these locks.
     */
    async lockVariantRows(executor: Executor, siteId: string, productIds: readonly string[]) {
      if (engine !== 'postgres' || productIds.length === 0) return;
      const locked = new Set<string>();
      for (;;) {
        const rows = await executor
          .selectFrom('store_variants')
          .select('id')
          .where('site_id', '=', siteId)
          .where('product_id', 'in', productIds)
          .orderBy('id')
          .forUpdate()
          .execute();
        const fresh = rows.filter((row) => !locked.has(row.id));
        if (fresh.length === 0) return;
        for (const row of fresh) locked.add(row.id);
      }
    },

    /**
     * Writes a product's variant rows after a product write (its rows locked): rows of variants gone are
     * deleted, new variants get a row, and the others are updated in place, their live stock (`quantity`,
     * `in_stock`, the JSON's `stock`) kept unless the write sets it (`stockSet`).
     */
    async writeVariantRows(
      executor: Executor,
      siteId: string,
      productId: string,
      rows: readonly RenderedVariantRow[],
      createdDate: string,
      stockSet: StockSet,
    ) {
      await executor
        .deleteFrom('store_variants')
        .where('site_id', '=', siteId)
        .where('product_id', '=', productId)
        .$if(rows.length > 0, (query) =>
          query.where(
            'variant_id',
            'not in',
            rows.map((row) => row.variantId),
          ),
        )
        .execute();
      const sets = (row: RenderedVariantRow) => stockSet === 'all' || stockSet.has(row.variantId);
      await upsert(executor, siteId, productId, rows.filter(sets), createdDate, true);
      await upsert(
        executor,
        siteId,
        productId,
        rows.filter((row) => !sets(row)),
        createdDate,
        false,
      );
    },

    /**
     * Takes `quantity` units of a tracked variant in one conditional UPDATE (`quantity >= n`), the
     * row's JSON included. 'untracked' when the variant does not count stock, 'missing' when it is gone.
     * On PostgreSQL an UPDATE that waited on a row and found it deleted skips it; if a row with that id
     * exists again (a variant deleted and made again), the UPDATE is tried once more on it.
     */
    async takeStock(
      executor: Executor,
      siteId: string,
      rowId: string,
      quantity: number,
    ): Promise<'taken' | 'insufficient' | 'untracked' | 'missing'> {
      for (let attempt = 0; ; attempt++) {
        const result = await executor
          .updateTable('store_variants')
          .set(moved(-quantity))
          .where('site_id', '=', siteId)
          .where('id', '=', rowId)
          .where('quantity', '>=', quantity)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return 'taken';
        const row = await quantityOf(executor, siteId, rowId);
        if (!row) return 'missing';
        if (row.quantity === null) return 'untracked';
        if (attempt > 0 || Number(row.quantity) < quantity) return 'insufficient';
      }
    },

    /**
     * Gives units back to a tracked variant: 'untracked' when it counts no stock, 'missing' when its
     * row is gone (the variant or its product was deleted). Retried once like takeStock; a tracked row
     * that still takes nothing is an error, so a cancel never commits without its restock.
     */
    async returnStock(
      executor: Executor,
      siteId: string,
      rowId: string,
      quantity: number,
    ): Promise<'returned' | 'untracked' | 'missing'> {
      for (let attempt = 0; ; attempt++) {
        const result = await executor
          .updateTable('store_variants')
          .set(moved(quantity))
          .where('site_id', '=', siteId)
          .where('id', '=', rowId)
          .where('quantity', 'is not', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return 'returned';
        const row = await quantityOf(executor, siteId, rowId);
        if (!row) return 'missing';
        if (row.quantity === null) return 'untracked';
        if (attempt > 0) throw new Error(`Stock could not be returned to variant row ${rowId}`);
      }
    },
  };
}

/**
 * A site's currency change, for the catalog: every product's stored amounts are minor units of the old
 * currency, and are converted once, in the transaction that changes the currency, so that a price keeps
 * the number the owner typed ($20.00 is ¥20, not ¥2,000). Percentages and amount discounts are stored
 * as typed already.
 */
import type { CurrencyChange } from '../../sites/index.ts';
import type { ProductState } from '../model.ts';
import { currencyDigits, divideRounded } from '../money.ts';
import { renderProduct } from '../render.ts';
import type { Executor } from '../store.ts';
import type { StoresDeps } from './context.ts';

/** `minor` of a currency with `from` decimals in one with `to`: half away from zero when decimals go. */
export function convertMinor(minor: number, from: number, to: number): number {
  if (from === to) return minor;
  return to > from
    ? minor * 10 ** (to - from)
    : Number(divideRounded(BigInt(minor), 10n ** BigInt(from - to)));
}

/** The state's amounts in minor units of a currency with `digits` decimals. */
export function convertState(state: ProductState, digits: number): void {
  const from = state.digits;
  if (from === digits) return;
  const convert = (minor: number) => convertMinor(minor, from, digits);
  state.price = convert(state.price);
  if (state.cost !== undefined) state.cost = convert(state.cost);
  for (const variant of state.variants) {
    if (variant.price !== undefined) variant.price = convert(variant.price);
    if (variant.cost !== undefined) variant.cost = convert(variant.cost);
  }
  state.digits = digits;
}

const PAGE = 200;

async function productIdsOf(trx: Executor, siteId: string, after: string) {
  const rows = await trx
    .selectFrom('store_products')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(PAGE)
    .execute();
  return rows.map((row) => row.id);
}

/** Converts one product and writes its documents again in the new currency. */
async function convertProduct(
  deps: StoresDeps,
  trx: Executor,
  siteId: string,
  productId: string,
  to: string,
) {
  await deps.store.lockProduct(trx, siteId, productId);
  const loaded = await deps.store.load(trx, siteId, productId);
  if (!loaded) return;
  convertState(loaded.state, currencyDigits(to));
  const previous = JSON.parse(loaded.doc) as { productPageUrl?: { base?: string } };
  const rendered = renderProduct(loaded.state, loaded.stock, {
    productId,
    currency: to,
    siteUrl: previous.productPageUrl?.base ?? '',
    lastUpdated: deps.clock.now().toISOString(),
  });
  // Variant rows written too (their stock left alone): `productVariants` tells of the new prices.
  await deps.store.saveProduct(trx, siteId, productId, loaded.doc, rendered, loaded.state, {
    stockSet: new Set(),
  });
}

/** The catalog's part of a currency change (registered with the sites domain in deps.ts). */
export const convertCatalogCurrency =
  (deps: StoresDeps): CurrencyChange =>
  async (trx, { siteId, to }) => {
    for (let after = ''; ; ) {
      const ids = await productIdsOf(trx, siteId, after);
      for (const id of ids) await convertProduct(deps, trx, siteId, id, to);
      if (ids.length < PAGE) return;
      after = ids[ids.length - 1]!;
    }
  };

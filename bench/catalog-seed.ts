// The bench catalog: 10,000 realistic products (2 options, 6 variants, an image) written through the
// stores layer, quickly. Each product goes through the same steps as `createProduct` (state from the
// API's input, stock, render, `insertProduct`: document, state, merchant data, variant rows, outbox event),
// but a thousand products share one transaction and the site is read once: one transaction per product
// would spend most of the seed on commits. Slugs are made unique here instead of probed one by one.
import type { StoresDeps } from '../apps/server/src/domains/stores/index.ts';
import type { MediaItem, StockMap } from '../apps/server/src/domains/stores/model.ts';
import { currencyDigits } from '../apps/server/src/domains/stores/money.ts';
import { renderProduct } from '../apps/server/src/domains/stores/render.ts';
import { normaliseStock, siteInfo } from '../apps/server/src/domains/stores/service/context.ts';
import {
  applyStockInput,
  newProductState,
  type ProductInput,
  slugify,
} from '../apps/server/src/domains/stores/service/product-input.ts';
import { newId } from '../apps/server/src/lib/ids.ts';

const BATCH = 1000;

const sizes = ['S', 'M', 'L'];
const colors = [
  { value: '#1f3a93', description: 'Blue' },
  { value: '#c0392b', description: 'Red' },
];
const adjectives = ['Classic', 'Organic', 'Everyday', 'Premium', 'Vintage', 'Lightweight', 'Recycled'];
const kinds = ['T-shirt', 'Hoodie', 'Sweater', 'Polo', 'Jacket', 'Tank top', 'Long sleeve'];

/** Prices 5.00 … 204.99, spread evenly over the catalog (so a price range selects a known share). */
export const priceOf = (i: number) => 5 + ((i * 7919) % 20_000) / 100;

/** The API input of product `i`, as a storefront owner would send it. */
export function productInput(i: number): ProductInput {
  const name = `${adjectives[i % adjectives.length]} ${kinds[(i >> 3) % kinds.length]} ${i + 1}`;
  return {
    name,
    slug: `${slugify(name)}-${i + 1}`,
    description:
      `<p>${name}: soft, breathable cotton jersey with a relaxed fit. Pre-washed to keep its shape; ` +
      'machine wash cold, tumble dry low. Ethically made in small batches.</p>',
    sku: `BENCH-${String(i + 1).padStart(5, '0')}`,
    productType: 'physical',
    priceData: { price: priceOf(i) },
    costAndProfitData: { itemCost: Math.round(priceOf(i) * 40) / 100 },
    weight: 0.25,
    ...(i % 5 === 0 ? { discount: { type: 'PERCENT' as const, value: 10 } } : {}),
    ...(i % 7 === 0 ? { ribbon: 'New' } : {}),
    brand: 'Plaza Basics',
    productOptions: [
      { optionType: 'drop_down', name: 'Size', choices: sizes.map((s) => ({ value: s, description: s })) },
      { optionType: 'color', name: 'Color', choices: colors },
    ],
    additionalInfoSections: [
      { title: 'Care', description: '<p>Machine wash cold with like colours. Do not bleach.</p>' },
    ],
    seoData: { tags: [{ type: 'title', children: name, custom: false, disabled: false }] },
    // Even products count stock (plenty: the cart scenarios never run short), odd ones do not.
    stock:
      i % 2 === 0 ? { trackInventory: true, quantity: 100_000 } : { trackInventory: false, inStock: true },
  };
}

/** The media item `addMedia` makes of an image URL (a plain URL: sizes unknown, as the service stores it). */
function imageOf(i: number, name: string): MediaItem {
  const image = {
    url: `https://images.bench.example/products/${i + 1}.jpg`,
    width: 1000,
    height: 1000,
    altText: name,
  };
  return { id: newId(), mediaType: 'image', title: name, image, thumbnail: image };
}

export interface SeededCatalog {
  /** Product ids, oldest first. */
  productIds: string[];
}

export async function seedCatalog(deps: StoresDeps, siteId: string, count: number): Promise<SeededCatalog> {
  const site = await siteInfo(deps, siteId);
  const digits = currencyDigits(site.currency);
  const productIds: string[] = [];
  for (let start = 0; start < count; start += BATCH) {
    await deps.store.transaction(async (trx) => {
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        const input = productInput(i);
        const now = deps.clock.now();
        const state = newProductState(input, digits, now);
        state.media.push(imageOf(i, state.name));
        const stock: StockMap = new Map();
        applyStockInput(state, stock, input.stock);
        normaliseStock(state, stock);
        const productId = newId();
        const rendered = renderProduct(state, stock, {
          productId,
          currency: site.currency,
          siteUrl: site.siteUrl,
          lastUpdated: now.toISOString(),
        });
        await deps.store.insertProduct(trx, siteId, productId, rendered, state);
        productIds.push(productId);
      }
    });
  }
  return { productIds };
}

import { APP_CODES, type AppCode, type InstalledApps } from './apps.ts';

/** Resolves when the app answers as installed; any rejection means "not installed". */
export type Probe = () => Promise<unknown>;

/**
 * Runs every probe at once; any failure (thrown error, rejected call, bad answer) counts as not
 * installed. Failures are passed to `log` (the seed logs setup failures) and never thrown.
 */
export async function detectInstalledApps(
  probes: Partial<Record<AppCode, Probe>>,
  log: (message: string, error: unknown) => void = () => {},
): Promise<InstalledApps> {
  const results = await Promise.all(
    APP_CODES.map(async (code) => {
      const probe = probes[code];
      if (!probe) return false;
      try {
        await probe();
        return true;
      } catch (error) {
        log(`App ${code} is not installed`, error);
        return false;
      }
    }),
  );
  return { 0: results[0]!, 1: results[1]!, 2: results[2]!, 3: results[3]! };
}

export interface ProbeProduct {
  id: string;
  stock?: { inStock?: boolean };
  productOptions?: { name: string; choices: { description: string }[] }[];
}

export interface ProbeCart {
  lineItems: unknown[];
}

/** What the store probe needs; `getCart` resolves null when the caller has no cart yet. */
export interface StoreProbeDeps {
  queryProducts(): Promise<ProbeProduct[]>;
  getCart(): Promise<ProbeCart | null>;
  addToCart(productId: string, options: Record<string, string>): Promise<unknown>;
  deleteCart(): Promise<unknown>;
}

/** The first choice of each option, by its description: `{Size: 'S', Color: 'Black'}`. */
export function firstChoices(product: Pick<ProbeProduct, 'productOptions'>): Record<string, string> {
  const options: Record<string, string> = {};
  for (const option of product.productOptions ?? []) {
    const first = option.choices[0];
    if (first) options[option.name] = first.description;
  }
  return options;
}

/**
 * The seed's store detection: query products, add the first product (with the first choice of
 * each option) to the current cart, check the cart has items, delete the cart. Two guards the seed
 * lacks, so detection never harms a shopper:
 * - a cart that already holds items proves the store works and is left alone (the seed's
 *   sequence would delete it);
 * - the first product *in stock* is used (the first one may be sold out), and a catalog that
 *   answers with no products is an installed store with nothing in it yet.
 */
export async function probeStore(deps: StoreProbeDeps): Promise<void> {
  const existing = await deps.getCart();
  if (existing && existing.lineItems.length > 0) return;
  const products = await deps.queryProducts();
  if (products.length === 0) return;
  const product = products.find((p) => p.stock?.inStock !== false) ?? products[0]!;
  await deps.addToCart(product.id, firstChoices(product));
  const cart = await deps.getCart();
  if (!cart || cart.lineItems.length === 0) throw new Error('The cart stayed empty');
  await deps.deleteCart();
}

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
  productOptions?: { name: string; choices: { description: string }[] }[];
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
 * The store's detection: the catalog read answers, so the store is installed. The seed goes on to
 * add the first product to the cart, check it and delete the cart; Plaza's cart refuses a site's
 * products exactly when its catalog reads do (APP_NOT_INSTALLED), so the read alone answers the
 * question. The cart round-trip would cost three more requests on every page load and race the
 * store page's own cart read (the visitor could see the probe's item, or lose a fresh cart).
 * `queryProducts` is the store page's own read (shared through the cache): one products query.
 */
export async function probeStore(queryProducts: () => Promise<unknown>): Promise<void> {
  await queryProducts();
}

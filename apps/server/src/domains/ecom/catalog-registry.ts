/**
 * The catalogs the cart sells from. Each selling domain registers a provider (`appIds`, `lookUp`,
 * `reserve`, `release`; domains/stores/catalog-provider.ts); the cart finds it by
 * `catalogReference.appId`. An app id nobody serves makes its line NOT_FOUND.
 */
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { CatalogItemOptions, CatalogLookup, CatalogProvider, StockLine } from '../stores/index.ts';

export interface CatalogRegistry {
  register(provider: CatalogProvider): void;
  providerFor(appId: string): CatalogProvider | undefined;
  /** A stable name for the provider of an app id (its first app id), so aliases compare equal. */
  keyOf(appId: string): string;
  lookUp(
    siteId: string,
    appId: string,
    catalogItemId: string,
    options: CatalogItemOptions,
  ): Promise<CatalogLookup>;
  /** Takes stock for every line in `trx`, provider by provider in a fixed order (no deadlocks). */
  reserve(
    siteId: string,
    lines: ReadonlyArray<StockLine & { appId: string }>,
    trx: Kysely<Schema>,
  ): Promise<void>;
  release(
    siteId: string,
    lines: ReadonlyArray<StockLine & { appId: string }>,
    trx: Kysely<Schema>,
  ): Promise<void>;
}

export function catalogRegistry(initial: readonly CatalogProvider[] = []): CatalogRegistry {
  const byAppId = new Map<string, CatalogProvider>();

  function grouped(lines: ReadonlyArray<StockLine & { appId: string }>) {
    const groups = new Map<string, { provider: CatalogProvider; items: StockLine[] }>();
    for (const { appId, ...item } of lines) {
      const provider = byAppId.get(appId);
      if (!provider) continue;
      const key = provider.appIds[0]!;
      const group = groups.get(key) ?? { provider, items: [] };
      group.items.push(item);
      groups.set(key, group);
    }
    return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, group]) => group);
  }

  const registry: CatalogRegistry = {
    register(provider) {
      for (const appId of provider.appIds) byAppId.set(appId, provider);
    },
    providerFor: (appId) => byAppId.get(appId),
    keyOf: (appId) => byAppId.get(appId)?.appIds[0] ?? appId,
    async lookUp(siteId, appId, catalogItemId, options) {
      const provider = byAppId.get(appId);
      if (!provider) return { catalogItemId, availability: { status: 'NOT_FOUND' } };
      return provider.lookUp(siteId, catalogItemId, options);
    },
    async reserve(siteId, lines, trx) {
      for (const group of grouped(lines)) await group.provider.reserve(siteId, group.items, trx);
    },
    async release(siteId, lines, trx) {
      for (const group of grouped(lines)) await group.provider.release(siteId, group.items, trx);
    },
  };
  for (const provider of initial) registry.register(provider);
  return registry;
}

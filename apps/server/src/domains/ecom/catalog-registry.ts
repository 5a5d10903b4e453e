/**
 * The catalogs the cart sells from. Each selling domain registers a provider (catalog-provider.ts);
 * the cart finds it by `catalogReference.appId`. An app id nobody serves makes its line NOT_FOUND in a
 * cart, and refuses a payment before any charge (`requireServed`).
 */
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type {
  CatalogContext,
  CatalogItem,
  CatalogLookup,
  CatalogProvider,
  LookUpRequest,
  OrderedLine,
  OrderRef,
} from './catalog-provider.ts';
import { ecomErrors } from './errors.ts';

export type AppLine = OrderedLine & { appId: string };

export interface CatalogRegistry {
  register(provider: CatalogProvider): void;
  providerFor(appId: string): CatalogProvider | undefined;
  /** A stable name for the provider of an app id (its first app id), so aliases compare equal. */
  keyOf(appId: string): string;
  lookUp(context: CatalogContext, appId: string, request: LookUpRequest): Promise<CatalogLookup>;
  /** The provider's line key of a found item (`CatalogProvider.lineKey`), undefined when it has none. */
  lineKeyOf(appId: string, request: LookUpRequest, found: CatalogItem): string | undefined;
  /** Throws CATALOG_NOT_SERVED when a line's app id has no provider here. */
  requireServed(lines: ReadonlyArray<{ appId: string }>): void;
  /** Commits every line in `trx`, provider by provider in a fixed order (no deadlocks between orders). */
  commit(
    context: CatalogContext,
    lines: readonly AppLine[],
    order: OrderRef,
    trx: Kysely<Schema>,
  ): Promise<void>;
  /** Cancels every line in `trx`, in the same order as `commit`. */
  cancel(
    context: CatalogContext,
    lines: readonly AppLine[],
    order: OrderRef,
    trx: Kysely<Schema>,
    options: { restock: boolean },
  ): Promise<void>;
}

export function catalogRegistry(initial: readonly CatalogProvider[] = []): CatalogRegistry {
  const byAppId = new Map<string, CatalogProvider>();

  function grouped(lines: readonly AppLine[]) {
    registry.requireServed(lines);
    const groups = new Map<string, { provider: CatalogProvider; lines: OrderedLine[] }>();
    for (const { appId, ...line } of lines) {
      const provider = byAppId.get(appId)!;
      const key = provider.appIds[0]!;
      const group = groups.get(key) ?? { provider, lines: [] };
      group.lines.push(line);
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
    async lookUp(context, appId, request) {
      const provider = byAppId.get(appId);
      if (!provider) return { catalogItemId: request.catalogItemId, availability: { status: 'NOT_FOUND' } };
      return provider.lookUp(context, request);
    },
    lineKeyOf: (appId, request, found) => byAppId.get(appId)?.lineKey?.(request, found),
    requireServed(lines) {
      const missing = [...new Set(lines.map((line) => line.appId).filter((appId) => !byAppId.has(appId)))];
      if (missing.length > 0) throw ecomErrors.catalogNotServed(missing);
    },
    async commit(context, lines, order, trx) {
      for (const group of grouped(lines)) await group.provider.commit(context, group.lines, order, trx);
    },
    async cancel(context, lines, order, trx, options) {
      for (const group of grouped(lines))
        await group.provider.cancel(context, group.lines, order, trx, options);
    },
  };
  for (const provider of initial) registry.register(provider);
  return registry;
}

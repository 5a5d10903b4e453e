/** What every ecom use case shares. */
import type { Database } from '../../db/connect.ts';
import type { Caller } from '../../http/access.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/index.ts';
import { type RedirectsStore, redirectsStore } from '../redirects/index.ts';
import type { SitesDeps } from '../sites/index.ts';
import { type RenderedCarts, renderedCarts } from './cart/rendered.ts';
import type { CatalogContext, CatalogProvider } from './catalog-provider.ts';
import { type CatalogRegistry, catalogRegistry } from './catalog-registry.ts';
import { builtInProviders, type PaymentProviders } from './payments/index.ts';
import { type EcomStore, ecomStore } from './store.ts';

export interface EcomDeps {
  store: EcomStore;
  sites: SitesDeps;
  clock: Clock;
  catalogs: CatalogRegistry;
  payments: PaymentProviders;
  mail: Mailer;
  redirects: RedirectsStore;
  /** Carts as last rendered (cart/rendered.ts). */
  rendered: RenderedCarts;
}

export function buildEcom(options: {
  database: Database;
  clock: Clock;
  sites: SitesDeps;
  mail: Mailer;
  catalogs: readonly CatalogProvider[];
}): EcomDeps {
  return {
    store: ecomStore(options.database, options.clock),
    sites: options.sites,
    clock: options.clock,
    catalogs: catalogRegistry(options.catalogs),
    payments: builtInProviders(options.database),
    mail: options.mail,
    redirects: redirectsStore(options.database.db),
    rendered: renderedCarts(),
  };
}

export const isAdmin = (caller: Pick<Caller, 'kind'>) => caller.kind === 'admin' || caller.kind === 'app';

/** Whose cart: `visitor:<id>`, `member:<id>` or `admin:<id>` (owner key or app). */
export const ownerKeyOf = (caller: Pick<Caller, 'kind' | 'subjectId'>) =>
  `${caller.kind === 'visitor' || caller.kind === 'member' ? caller.kind : 'admin'}:${caller.subjectId}`;

export function buyerOf(caller: Pick<Caller, 'kind' | 'subjectId'>) {
  return {
    visitorId: caller.kind === 'visitor' ? caller.subjectId : '',
    memberId: caller.kind === 'member' ? caller.subjectId : '',
    userId: caller.kind === 'visitor' || caller.kind === 'member' ? '' : caller.subjectId,
  };
}

/**
 * What a catalog is told of a buyer: whose cart, checkout or order (`ownerKey`), who they are, and
 * the time. `buyerInfo` as carts, checkouts and orders store it.
 */
export function catalogContextOf(
  deps: Pick<EcomDeps, 'clock'>,
  siteId: string,
  ownerKey: string,
  buyerInfo: { visitorId?: string | undefined; memberId?: string | undefined } = {},
): CatalogContext {
  const buyer: CatalogContext['buyer'] = { ownerKey };
  if (buyerInfo.visitorId) buyer.visitorId = buyerInfo.visitorId;
  if (buyerInfo.memberId) buyer.memberId = buyerInfo.memberId;
  return { siteId, buyer, now: deps.clock.now() };
}

/** The catalog context of `caller` buying for themselves. */
export const callerCatalogContext = (deps: Pick<EcomDeps, 'clock'>, caller: Caller) =>
  catalogContextOf(deps, caller.siteId, ownerKeyOf(caller), buyerOf(caller));

/** An order's owner key, from the buyer it names (orders keep no owner key of their own). */
export const orderOwnerKey = (buyer: { visitorId?: string | undefined; memberId?: string | undefined }) =>
  buyer.memberId ? `member:${buyer.memberId}` : buyer.visitorId ? `visitor:${buyer.visitorId}` : 'admin:';

import type { AppName } from '@plaza/contracts';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { sitesErrors } from './errors.ts';
import type { OAuthAppFields, SiteRecord, SitesStore } from './store.ts';

/**
 * Run in the transaction that changes a site's currency, by the domains that keep amounts in minor
 * units of it: they convert them there, so an amount keeps the number the owner typed.
 */
export type CurrencyChange = (
  trx: Kysely<Schema>,
  change: { siteId: string; from: string; to: string },
) => Promise<void>;

export interface SitesDeps {
  store: SitesStore;
  clock: Clock;
  /** Registered by the domains that keep money in minor units (deps.ts). */
  currencyChanges?: CurrencyChange[];
}

export interface NewSite {
  id?: string;
  name: string;
  currency?: string;
  timeZone?: string;
  installedApps?: AppName[];
  settings?: Record<string, unknown>;
}

function checkTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw sitesErrors.invalidTimeZone(timeZone);
  }
}

export async function createSite(deps: SitesDeps, input: NewSite): Promise<SiteRecord> {
  const timeZone = input.timeZone ?? 'UTC';
  checkTimeZone(timeZone);
  const now = deps.clock.now().toISOString();
  const site: SiteRecord = {
    id: input.id ?? newId(),
    name: input.name,
    currency: input.currency ?? 'USD',
    timeZone,
    installedApps: input.installedApps ?? ['stores', 'bookings', 'events', 'pricing-plans'],
    settings: input.settings ?? {},
    createdDate: now,
    updatedDate: now,
  };
  await deps.store.insertSite(site);
  return site;
}

/**
 * Adds an owner account to a site: the e-mail (kept lower-cased), a hash of the password and whether
 * signing in to the dashboard asks for an e-mailed code too.
 */
export async function addSiteOwner(
  deps: SitesDeps,
  siteId: string,
  owner: { email: string; password: string; emailFactor?: boolean },
) {
  const now = deps.clock.now().toISOString();
  await deps.store.insertOwner({
    id: newId(),
    site_id: siteId,
    email: owner.email.trim().toLowerCase(),
    password_hash: await hashPassword(owner.password),
    created_date: now,
    email_factor_date: owner.emailFactor ? now : null,
  });
}

export async function getSite(deps: SitesDeps, siteId: string): Promise<SiteRecord> {
  const site = await deps.store.getSite(siteId);
  if (!site) throw sitesErrors.siteNotFound(siteId);
  return site;
}

export async function updateSite(
  deps: SitesDeps,
  siteId: string,
  patch: Partial<Pick<SiteRecord, 'name' | 'currency' | 'timeZone' | 'installedApps' | 'settings'>>,
): Promise<SiteRecord> {
  const site = await getSite(deps, siteId);
  if (patch.timeZone !== undefined) checkTimeZone(patch.timeZone);
  const updated: SiteRecord = {
    ...site,
    ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
    settings: patch.settings ? { ...site.settings, ...patch.settings } : site.settings,
    updatedDate: deps.clock.now().toISOString(),
  };
  const change = { siteId, from: site.currency, to: updated.currency };
  const converters = change.from === change.to ? [] : (deps.currencyChanges ?? []);
  if (converters.length === 0) {
    await deps.store.replaceSite(updated);
    return updated;
  }
  await deps.store.transaction(async (trx) => {
    await deps.store.replaceSite(updated, trx);
    for (const convert of converters) await convert(trx, change);
  });
  // A read while the transaction ran may have cached the site as it was.
  deps.store.forget(siteId);
  return updated;
}

export function normaliseOAuthApp(fields: Partial<OAuthAppFields>): Partial<OAuthAppFields> {
  return {
    ...fields,
    ...(fields.allowedRedirectUris ? { allowedRedirectUris: [...new Set(fields.allowedRedirectUris)] } : {}),
    ...(fields.allowedOrigins
      ? { allowedOrigins: [...new Set(fields.allowedOrigins.map((o) => o.replace(/\/$/, '')))] }
      : {}),
  };
}

export async function createOAuthApp(deps: SitesDeps, siteId: string, fields: OAuthAppFields, id?: string) {
  const normalised = { ...fields, ...normaliseOAuthApp(fields) } as OAuthAppFields;
  return deps.store.oAuthApps.forSite(siteId).create(normalised, id ? { id } : {});
}

/** The OAuth client behind a client id, with its site; undefined for unknown ids. */
export async function findOAuthClient(deps: SitesDeps, clientId: string) {
  const found = await deps.store.findOAuthApp(clientId);
  if (!found) return undefined;
  return { siteId: found.siteId, app: JSON.parse(found.doc) as OAuthAppFields & { id: string } };
}

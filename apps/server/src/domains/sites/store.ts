import type { AppName } from '@plaza/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/connect.ts';
import { type DocumentKind, documentStore } from '../../db/documents.ts';
import type { Schema, SiteOwnersTable, SitesTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';

export interface SiteRecord {
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  installedApps: AppName[];
  settings: Record<string, unknown>;
  createdDate: string;
  updatedDate: string;
}

export interface OAuthAppFields {
  name: string;
  description?: string;
  allowedRedirectUris: string[];
  allowedOrigins: string[];
}

export const oAuthAppKind: DocumentKind = {
  table: 'oauth_apps',
  entity: 'oAuthApp',
  label: 'OAuth app',
  notFoundCode: 'OAUTH_APP_NOT_FOUND',
};

const toRecord = (row: SitesTable): SiteRecord => ({
  id: row.id,
  name: row.name,
  currency: row.currency,
  timeZone: row.time_zone,
  installedApps: JSON.parse(row.installed_apps) as AppName[],
  settings: JSON.parse(row.settings) as Record<string, unknown>,
  createdDate: row.created_date,
  updatedDate: row.updated_date,
});

const toRow = (site: SiteRecord): SitesTable => ({
  id: site.id,
  name: site.name,
  currency: site.currency,
  time_zone: site.timeZone,
  installed_apps: JSON.stringify(site.installedApps),
  settings: JSON.stringify(site.settings),
  created_date: site.createdDate,
  updated_date: site.updatedDate,
});

/**
 * Sites are read on many calls; a short cache keeps that off the database while changes made by
 * another process still arrive within seconds (this process forgets its entry at once). A site read
 * again unchanged stays the same object: what is derived from it and kept by identity (a site's store
 * rules, and the cart renders made with them) stays valid.
 */
const SITE_CACHE_MS = 2000;

export function sitesStore(database: Database, clock: Clock) {
  const db: Kysely<Schema> = database.db;
  const cache = new Map<string, { site: SiteRecord | undefined; row: string | undefined; until: number }>();
  const readRow = (id: string, executor: Kysely<Schema> = db) =>
    executor.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
  /** `executor`: a transaction that must see the site as it commits (on SQLite, the one connection it holds). */
  async function getSite(id: string, executor?: Kysely<Schema>): Promise<SiteRecord | undefined> {
    const row = await readRow(id, executor);
    return row ? toRecord(row) : undefined;
  }
  return {
    oAuthApps: documentStore(database, oAuthAppKind, { clock }),

    getSite,

    /** The cached site, without waiting: undefined when it is not cached (or expired). */
    peekSiteCached(id: string): SiteRecord | undefined {
      const hit = cache.get(id);
      return hit && hit.until > clock.nowMs() ? hit.site : undefined;
    },

    async getSiteCached(id: string): Promise<SiteRecord | undefined> {
      const now = clock.nowMs();
      const hit = cache.get(id);
      if (hit && hit.until > now) return hit.site;
      const found = await readRow(id);
      const row = found && JSON.stringify(found);
      const site = hit && row === hit.row ? hit.site : found && toRecord(found);
      cache.set(id, { site, row, until: now + SITE_CACHE_MS });
      return site;
    },

    async insertSite(site: SiteRecord): Promise<void> {
      cache.delete(site.id);
      await db.insertInto('sites').values(toRow(site)).execute();
    },

    /** `executor`: a transaction that changes more than the site (a currency change converts prices). */
    async replaceSite(site: SiteRecord, executor: Kysely<Schema> = db): Promise<void> {
      cache.delete(site.id);
      const { id, ...rest } = toRow(site);
      await executor.updateTable('sites').set(rest).where('id', '=', id).execute();
    },

    /** Forgets the cached site, e.g. once a transaction that changed it committed. */
    forget(id: string) {
      cache.delete(id);
    },

    transaction: <T>(work: (trx: Kysely<Schema>) => Promise<T>): Promise<T> => db.transaction().execute(work),

    /** The e-mail addresses of the site's owners (told when something needs them, e.g. a disabled webhook). */
    async ownerEmails(siteId: string): Promise<string[]> {
      const rows = await db.selectFrom('site_owners').select('email').where('site_id', '=', siteId).execute();
      return rows.map((row) => row.email);
    },

    async insertOwner(owner: SiteOwnersTable): Promise<void> {
      await db.insertInto('site_owners').values(owner).execute();
    },

    /** Every site, oldest first, with its owners' e-mails and its OAuth client ids (`plaza sites list`). */
    async directory(): Promise<Array<SiteRecord & { owners: string[]; clientIds: string[] }>> {
      const [sites, owners, clients] = await Promise.all([
        db.selectFrom('sites').selectAll().orderBy('created_date').orderBy('id').execute(),
        db.selectFrom('site_owners').select(['site_id', 'email']).orderBy('created_date').execute(),
        db.selectFrom('oauth_apps').select(['site_id', 'id']).orderBy('created_date').execute(),
      ]);
      const of = <R extends { site_id: string }>(rows: R[], siteId: string, pick: (row: R) => string) =>
        rows.filter((row) => row.site_id === siteId).map(pick);
      return sites.map((row) => ({
        ...toRecord(row),
        owners: of(owners, row.id, (owner) => owner.email),
        clientIds: of(clients, row.id, (client) => client.id),
      }));
    },

    async countSites(): Promise<number> {
      const row = await db
        .selectFrom('sites')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Whether an OAuth client of `siteId` (of any site when undefined) lists `origin` among its allowed browser origins. */
    async isClientOrigin(origin: string, siteId?: string): Promise<boolean> {
      const ofSite = siteId === undefined ? sql`` : sql` and oauth_apps.site_id = ${siteId}`;
      const listed =
        database.engine === 'postgres'
          ? sql<boolean>`exists (select 1 from oauth_apps where doc -> 'allowedOrigins' @> jsonb_build_array(${origin}::text)${ofSite})`
          : sql<boolean>`exists (select 1 from oauth_apps, json_each(oauth_apps.doc, '$.allowedOrigins') as origin where origin.value = ${origin}${ofSite})`;
      const row = await db.selectNoFrom(listed.as('listed')).executeTakeFirstOrThrow();
      return Boolean(row.listed);
    },

    /**
     * The one lookup across sites: an OAuth client id names its site (the token endpoint receives
     * a client id and nothing else).
     */
    async findOAuthApp(clientId: string): Promise<{ siteId: string; doc: string } | undefined> {
      const row = await db
        .selectFrom('oauth_apps')
        .select(['site_id', 'doc'])
        .where('id', '=', clientId)
        .executeTakeFirst();
      return row ? { siteId: row.site_id, doc: row.doc } : undefined;
    },
  };
}

export type SitesStore = ReturnType<typeof sitesStore>;

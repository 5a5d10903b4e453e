import { type Kysely, sql } from 'kysely';
import type { Schema } from '../../../db/schema.ts';
import { newId } from '../../../lib/ids.ts';

export interface OwnerRow {
  id: string;
  siteId: string;
  siteName: string;
  passwordHash: string;
}

export interface OwnerSession {
  id: string;
  email: string;
  siteIds: string[];
  siteId: string;
  expiresDate: string;
}

/** More owner rows than this for one e-mail are not tried at sign-in (each costs a scrypt hash). */
export const MAX_SITES_PER_OWNER = 25;

/** Owner rows (`site_owners`, a platform table) and the dashboard sessions opened with them. */
export function ownerSessionStore(db: Kysely<Schema>) {
  const sessionOf = (row: Schema['owner_sessions']): OwnerSession => ({
    id: row.id,
    email: row.email,
    siteIds: JSON.parse(row.site_ids) as string[],
    siteId: row.site_id,
    expiresDate: row.expires_date,
  });

  return {
    /** The owner rows of an e-mail (compared lower-cased), oldest first, with their site's name. */
    async ownersByEmail(email: string): Promise<OwnerRow[]> {
      const rows = await db
        .selectFrom('site_owners')
        .innerJoin('sites', 'sites.id', 'site_owners.site_id')
        .select(['site_owners.id', 'site_owners.site_id', 'site_owners.password_hash', 'sites.name'])
        .where(sql<string>`lower(site_owners.email)`, '=', email)
        .orderBy('site_owners.created_date')
        .orderBy('site_owners.id')
        .limit(MAX_SITES_PER_OWNER)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        siteId: row.site_id,
        siteName: row.name,
        passwordHash: row.password_hash,
      }));
    },

    /** The owner row of `email` on `siteId`, when it still exists. */
    async owner(email: string, siteId: string): Promise<{ id: string } | undefined> {
      return db
        .selectFrom('site_owners')
        .select('id')
        .where('site_id', '=', siteId)
        .where(sql<string>`lower(email)`, '=', email)
        .executeTakeFirst();
    },

    /** Names of the sites, by id. */
    async siteNames(siteIds: readonly string[]): Promise<Map<string, string>> {
      if (siteIds.length === 0) return new Map();
      const rows = await db.selectFrom('sites').select(['id', 'name']).where('id', 'in', siteIds).execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async create(input: {
      tokenHash: string;
      email: string;
      siteIds: string[];
      siteId: string;
      now: string;
      expires: string;
    }): Promise<OwnerSession> {
      const row = {
        id: newId(),
        token_hash: input.tokenHash,
        email: input.email,
        site_ids: JSON.stringify(input.siteIds),
        site_id: input.siteId,
        created_date: input.now,
        expires_date: input.expires,
        revoked_date: null,
      };
      await db.insertInto('owner_sessions').values(row).execute();
      return sessionOf(row);
    },

    /** The session of a token hash, unless revoked or expired at `now`. */
    async findActive(tokenHash: string, now: string): Promise<OwnerSession | undefined> {
      const row = await db
        .selectFrom('owner_sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('revoked_date', 'is', null)
        .where('expires_date', '>', now)
        .executeTakeFirst();
      return row ? sessionOf(row) : undefined;
    },

    async setSite(id: string, siteId: string): Promise<void> {
      await db.updateTable('owner_sessions').set({ site_id: siteId }).where('id', '=', id).execute();
    },

    async revoke(id: string, now: string): Promise<void> {
      await db
        .updateTable('owner_sessions')
        .set({ revoked_date: now })
        .where('id', '=', id)
        .where('revoked_date', 'is', null)
        .execute();
    },

    /** Ends every open session of an e-mail; how many there were. */
    async revokeAll(email: string, now: string): Promise<number> {
      const result = await db
        .updateTable('owner_sessions')
        .set({ revoked_date: now })
        .where('email', '=', email)
        .where('revoked_date', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type OwnerSessionStore = ReturnType<typeof ownerSessionStore>;

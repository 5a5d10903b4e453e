import { type Kysely, sql } from 'kysely';
import type { Schema } from '../../../db/schema.ts';
import { newId } from '../../../lib/ids.ts';

export interface OwnerRow {
  id: string;
  siteId: string;
  siteName: string;
  passwordHash: string;
  /** The e-mail code is asked for after the password. */
  emailFactor: boolean;
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
        .select([
          'site_owners.id',
          'site_owners.site_id',
          'site_owners.password_hash',
          'site_owners.email_factor_date',
          'sites.name',
        ])
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
        emailFactor: row.email_factor_date != null,
      }));
    },

    /** The owner row of `email` on `siteId`, when it still exists. */
    async owner(
      email: string,
      siteId: string,
    ): Promise<{ id: string; passwordHash: string; emailFactor: boolean } | undefined> {
      const row = await db
        .selectFrom('site_owners')
        .select(['id', 'password_hash', 'email_factor_date'])
        .where('site_id', '=', siteId)
        .where(sql<string>`lower(email)`, '=', email)
        .executeTakeFirst();
      return (
        row && { id: row.id, passwordHash: row.password_hash, emailFactor: row.email_factor_date != null }
      );
    },

    /** Turns the e-mail factor on (`since`, when) or off (null) for the owner rows of `email` on `siteIds`. */
    async setEmailFactor(email: string, siteIds: readonly string[], since: string | null): Promise<void> {
      if (siteIds.length === 0) return;
      await db
        .updateTable('site_owners')
        .set({ email_factor_date: since })
        .where('site_id', 'in', siteIds)
        .where(sql<string>`lower(email)`, '=', email)
        .execute();
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
      /** Opened by the password, acting only once `confirm` sees the e-mailed code. */
      awaitingCode?: boolean;
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
        awaiting_code: input.awaitingCode ? 1 : 0,
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
        .where('awaiting_code', '=', 0)
        .where('expires_date', '>', now)
        .executeTakeFirst();
      return row ? sessionOf(row) : undefined;
    },

    /** A session still waiting for its code (not revoked nor expired at `now`), by id. */
    async findAwaiting(id: string, now: string): Promise<OwnerSession | undefined> {
      const row = await db
        .selectFrom('owner_sessions')
        .selectAll()
        .where('id', '=', id)
        .where('revoked_date', 'is', null)
        .where('awaiting_code', '=', 1)
        .where('expires_date', '>', now)
        .executeTakeFirst();
      return row ? sessionOf(row) : undefined;
    },

    /** The code was right: the session acts from now on under the cookie's token; false if it no longer waits. */
    async confirm(id: string, tokenHash: string, expires: string): Promise<boolean> {
      const result = await db
        .updateTable('owner_sessions')
        .set({ token_hash: tokenHash, awaiting_code: 0, expires_date: expires })
        .where('id', '=', id)
        .where('awaiting_code', '=', 1)
        .where('revoked_date', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends the sessions of an e-mail still waiting for a code (a newer sign-in mailed a newer one). */
    async revokeAwaiting(email: string, now: string): Promise<void> {
      await db
        .updateTable('owner_sessions')
        .set({ revoked_date: now })
        .where('email', '=', email)
        .where('awaiting_code', '=', 1)
        .where('revoked_date', 'is', null)
        .execute();
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

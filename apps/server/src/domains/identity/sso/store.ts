import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { IdpConnectionsTable, Schema, SsoStatesTable } from '../../../db/schema.ts';

export type ConnectionRow = Selectable<IdpConnectionsTable>;
export type StateRow = Selectable<SsoStatesTable>;

/** Tables of migration 0005: connections, pending sign-ins, subject links, used ID tokens. */
export function ssoStore(db: Kysely<Schema>) {
  return {
    connections: {
      async insert(row: IdpConnectionsTable): Promise<void> {
        await db.insertInto('idp_connections').values(row).execute();
      },
      get: (siteId: string, id: string) =>
        db
          .selectFrom('idp_connections')
          .selectAll()
          .where('site_id', '=', siteId)
          .where('id', '=', id)
          .executeTakeFirst(),
      /** By id alone: public sign-in calls name the connection, and the connection names its site. */
      find: (id: string) =>
        db.selectFrom('idp_connections').selectAll().where('id', '=', id).executeTakeFirst(),
      list: (siteId: string) =>
        db
          .selectFrom('idp_connections')
          .selectAll()
          .where('site_id', '=', siteId)
          .orderBy('created_date', 'asc')
          .orderBy('id', 'asc')
          .execute(),
      async update(siteId: string, id: string, patch: Partial<IdpConnectionsTable>): Promise<void> {
        await db
          .updateTable('idp_connections')
          .set(patch)
          .where('site_id', '=', siteId)
          .where('id', '=', id)
          .execute();
      },
      async delete(siteId: string, id: string): Promise<boolean> {
        const result = await db
          .deleteFrom('idp_connections')
          .where('site_id', '=', siteId)
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      },
    },

    states: {
      async insert(row: SsoStatesTable): Promise<void> {
        await db.insertInto('sso_states').values(row).execute();
      },
      get: (stateHash: string) =>
        db.selectFrom('sso_states').selectAll().where('state_hash', '=', stateHash).executeTakeFirst(),
      /** Marks the IdP leg of the state done; false when it already was (replay). */
      async takeForIdp(stateHash: string, now: string): Promise<boolean> {
        const result = await db
          .updateTable('sso_states')
          .set({ idp_date: now })
          .where('state_hash', '=', stateHash)
          .where('idp_date', 'is', null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      },
      async signedIn(stateHash: string, identityId: string, sessionTokenHash: string): Promise<void> {
        await db
          .updateTable('sso_states')
          .set({ identity_id: identityId, session_token_hash: sessionTokenHash })
          .where('state_hash', '=', stateHash)
          .execute();
      },
      /** Marks the continuation done; false when it already was. */
      async takeForContinuation(stateHash: string, now: string): Promise<boolean> {
        const result = await db
          .updateTable('sso_states')
          .set({ continued_date: now })
          .where('state_hash', '=', stateHash)
          .where('continued_date', 'is', null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      },
      async purgeExpired(before: string): Promise<void> {
        await db.deleteFrom('sso_states').where('expires_date', '<', before).execute();
        await db.deleteFrom('sso_used_tokens').where('expires_date', '<', before).execute();
      },
    },

    links: {
      find: (connectionId: string, idpUserId: string) =>
        db
          .selectFrom('sso_links')
          .selectAll()
          .where('idp_connection_id', '=', connectionId)
          .where('idp_user_id', '=', idpUserId)
          .executeTakeFirst(),
      /** Links the subject to the member; an existing link of the same subject is kept. */
      async insert(row: Selectable<Schema['sso_links']>): Promise<void> {
        try {
          await db.insertInto('sso_links').values(row).execute();
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      },
      async delete(connectionId: string, idpUserId: string): Promise<void> {
        await db
          .deleteFrom('sso_links')
          .where('idp_connection_id', '=', connectionId)
          .where('idp_user_id', '=', idpUserId)
          .execute();
      },
    },

    usedTokens: {
      /** Records an ID token as used; false when it already was. */
      async use(tokenHash: string, siteId: string, expires: string): Promise<boolean> {
        try {
          await db
            .insertInto('sso_used_tokens')
            .values({ token_hash: tokenHash, site_id: siteId, expires_date: expires })
            .execute();
          return true;
        } catch (error) {
          if (isUniqueViolation(error)) return false;
          throw error;
        }
      },
    },
  };
}

export type SsoStore = ReturnType<typeof ssoStore>;

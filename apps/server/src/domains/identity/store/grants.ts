import type { Kysely, Selectable } from 'kysely';
import type {
  AuthorizationCodesTable,
  IdentityTicketsTable,
  RefreshTokensTable,
  Schema,
} from '../../../db/schema.ts';
import { newId } from '../../../lib/ids.ts';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type AuthorizationCodeRow = Selectable<AuthorizationCodesTable>;
export type TicketRow = Selectable<IdentityTicketsTable>;
export type TicketKind = IdentityTicketsTable['kind'];

/** Refresh tokens: looked up by hash, reusable until revoked (map 6.2: never rotated on use). */
export function refreshTokenStore(db: Kysely<Schema>) {
  const revokeListeners = new Set<() => void>();
  const revoked = () => {
    for (const listener of revokeListeners) listener();
  };
  return {
    /** Called after every revocation (the session guard forgets its cache). */
    onRevoke(listener: () => void) {
      revokeListeners.add(listener);
    },
    async insert(row: RefreshTokensTable): Promise<void> {
      await db.insertInto('refresh_tokens').values(row).execute();
    },
    findByHash: (hash: string) =>
      db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst(),
    findById: (id: string) =>
      db.selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirst(),

    async revoke(siteId: string, id: string, now: string): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_date: now })
        .where('site_id', '=', siteId)
        .where('id', '=', id)
        .where('revoked_date', 'is', null)
        .execute();
      revoked();
    },

    /** Revokes every token of a subject, but `keepId` (the caller's own session) when given. */
    async revokeSubject(siteId: string, subjectId: string, now: string, keepId?: string): Promise<void> {
      let query = db
        .updateTable('refresh_tokens')
        .set({ revoked_date: now })
        .where('site_id', '=', siteId)
        .where('subject_id', '=', subjectId)
        .where('revoked_date', 'is', null);
      if (keepId) query = query.where('id', '!=', keepId);
      await query.execute();
      revoked();
    },
  };
}

/** Authorization codes: single use, taken with one conditional UPDATE. */
export function authorizationCodeStore(db: Kysely<Schema>) {
  return {
    async insert(row: AuthorizationCodesTable): Promise<void> {
      await db.insertInto('authorization_codes').values(row).execute();
    },
    /** Marks the code used and returns it; undefined when unknown or already used. */
    async take(hash: string, now: string): Promise<AuthorizationCodeRow | undefined> {
      const result = await db
        .updateTable('authorization_codes')
        .set({ used_date: now })
        .where('code_hash', '=', hash)
        .where('used_date', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return db
        .selectFrom('authorization_codes')
        .selectAll()
        .where('code_hash', '=', hash)
        .executeTakeFirst();
    },
  };
}

export interface NewTicket {
  kind: TicketKind;
  purpose: string;
  siteId: string;
  identityId: string;
  tokenHash: string;
  codeHash?: string | null;
  created: string;
  expires: string;
}

/** One-time secrets of the sign-in flows (session, state and recovery tokens). */
export function ticketStore(db: Kysely<Schema>) {
  return {
    async insert(ticket: NewTicket): Promise<string> {
      const id = newId();
      await db
        .insertInto('identity_tickets')
        .values({
          id,
          token_hash: ticket.tokenHash,
          kind: ticket.kind,
          purpose: ticket.purpose,
          site_id: ticket.siteId,
          identity_id: ticket.identityId,
          code_hash: ticket.codeHash ?? null,
          attempts: 0,
          sends: 1,
          created_date: ticket.created,
          expires_date: ticket.expires,
          used_date: null,
        })
        .execute();
      return id;
    },

    /** The ticket of `tokenHash`; with `siteId` undefined, of whichever site (the token names it). */
    find: (siteId: string | undefined, kind: TicketKind, tokenHash: string) => {
      let query = db
        .selectFrom('identity_tickets')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('kind', '=', kind);
      if (siteId !== undefined) query = query.where('site_id', '=', siteId);
      return query.executeTakeFirst();
    },

    /** True when this call used the ticket (a concurrent second use gets false). */
    async use(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('identity_tickets')
        .set({ used_date: now })
        .where('id', '=', id)
        .where('used_date', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async countAttempt(id: string): Promise<void> {
      await db
        .updateTable('identity_tickets')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    async replaceCode(id: string, codeHash: string, expires: string): Promise<void> {
      await db
        .updateTable('identity_tickets')
        .set((eb) => ({
          code_hash: codeHash,
          attempts: 0,
          expires_date: expires,
          sends: eb('sends', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Ends every open ticket of a member for one kind (e.g. old recovery links after a reset). */
    async useAll(siteId: string, identityId: string, kind: TicketKind, now: string): Promise<void> {
      await db
        .updateTable('identity_tickets')
        .set({ used_date: now })
        .where('site_id', '=', siteId)
        .where('identity_id', '=', identityId)
        .where('kind', '=', kind)
        .where('used_date', 'is', null)
        .execute();
    },
  };
}

/** Failed sign-ins per key, for the lockout window. */
export function failureStore(db: Kysely<Schema>) {
  return {
    async count(key: string, since: string): Promise<number> {
      const row = await db
        .selectFrom('sign_in_failures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key', '=', key)
        .where('created_date', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async add(key: string, now: string, forgetBefore: string): Promise<void> {
      await db
        .deleteFrom('sign_in_failures')
        .where('key', '=', key)
        .where('created_date', '<=', forgetBefore)
        .execute();
      await db.insertInto('sign_in_failures').values({ id: newId(), key, created_date: now }).execute();
    },
    async clear(key: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
    },
  };
}

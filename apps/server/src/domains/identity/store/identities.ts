import type { Kysely } from 'kysely';
import type { Database } from '../../../db/connect.ts';
import { type DocumentKind, documentStore, type SystemFields } from '../../../db/documents.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Schema } from '../../../db/schema.ts';
import type { Clock } from '../../../lib/clock.ts';
import { identityErrors } from '../errors.ts';

export type StatusName = 'PENDING' | 'ACTIVE' | 'BLOCKED' | 'DELETED' | 'OFFLINE' | 'UNKNOWN_STATUS';
export type StatusReason = 'PENDING_ADMIN_APPROVAL_REQUIRED' | 'PENDING_EMAIL_VERIFICATION_REQUIRED';

export interface Factor {
  factorId: string;
  type: 'PASSWORD' | 'EMAIL';
  status: 'ACTIVE' | 'INACTIVE';
}

/** The public Identity of map 15.1, as stored in `identities.doc` (never the password). */
export interface IdentityFields {
  identityProfile: Record<string, unknown>;
  email: { address: string; isVerified: boolean };
  status: { name: StatusName; reasons: StatusReason[] };
  factors: Factor[];
  connections: unknown[];
  metadata: Record<string, unknown>;
}

export type IdentityDoc = IdentityFields & SystemFields;

export interface IdentityRecord {
  identity: IdentityDoc;
  passwordHash: string | null;
}

export const identityKind: DocumentKind = {
  table: 'identities',
  entity: 'identity',
  label: 'Member',
  notFoundCode: 'MEMBER_NOT_FOUND',
  columns: {
    'email.address': { column: 'email', type: 'string', nullable: false },
    'status.name': { column: 'status', type: 'string', nullable: false },
  },
};

/** Members of each site. E-mails are stored lower-cased, so uniqueness is case-insensitive. */
export function identityStore(database: Database, clock: Clock) {
  const docs = documentStore(database, identityKind, { clock });
  const db: Kysely<Schema> = database.db;

  async function find(siteId: string, column: 'id' | 'email', value: string) {
    const row = await db
      .selectFrom('identities')
      .select(['doc', 'password_hash'])
      .where('site_id', '=', siteId)
      .where(column, '=', value)
      .executeTakeFirst();
    return row
      ? ({ identity: JSON.parse(row.doc) as IdentityDoc, passwordHash: row.password_hash } as IdentityRecord)
      : undefined;
  }

  return {
    docs,
    get: (siteId: string, id: string) => find(siteId, 'id', id),
    findByEmail: (siteId: string, email: string) => find(siteId, 'email', email.toLowerCase()),

    /** Creates the member; a taken e-mail (even in a race) is the -19995 application error. */
    async create(siteId: string, fields: IdentityFields, passwordHash: string | null): Promise<IdentityDoc> {
      try {
        return await db.transaction().execute(async (trx) => {
          const created = await docs.forSite(siteId, trx).create(fields);
          await trx
            .updateTable('identities')
            .set({ password_hash: passwordHash })
            .where('site_id', '=', siteId)
            .where('id', '=', created.id)
            .execute();
          return created as IdentityDoc;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw identityErrors.emailExists(fields.email.address);
        throw error;
      }
    },

    update: (siteId: string, id: string, patch: Partial<IdentityFields>) =>
      docs.forSite(siteId).update<IdentityFields>(id, patch) as Promise<IdentityDoc>,

    async setPassword(siteId: string, id: string, passwordHash: string): Promise<void> {
      await db
        .updateTable('identities')
        .set({ password_hash: passwordHash })
        .where('site_id', '=', siteId)
        .where('id', '=', id)
        .execute();
    },
  };
}

export type IdentityStore = ReturnType<typeof identityStore>;

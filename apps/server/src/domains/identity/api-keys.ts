import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';

/** Admin API keys look like `plz_<43 base64url characters>`; only their SHA-256 is stored. */
export const API_KEY_PREFIX = 'plz_';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export interface ApiKeyView {
  id: string;
  name: string;
  keyPrefix: string;
  createdDate: string;
}

const toView = (row: { id: string; name: string; key_prefix: string; created_date: string }): ApiKeyView => ({
  id: row.id,
  name: row.name,
  keyPrefix: row.key_prefix,
  createdDate: row.created_date,
});

export function apiKeys(db: Kysely<Schema>, clock: Clock) {
  return {
    async create(siteId: string, name: string): Promise<{ apiKey: ApiKeyView; key: string }> {
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = {
        id: newId(),
        site_id: siteId,
        name,
        key_hash: hashKey(key),
        key_prefix: key.slice(0, API_KEY_PREFIX.length + 6),
        created_date: clock.now().toISOString(),
      };
      await db.insertInto('api_keys').values(row).execute();
      return { apiKey: toView(row), key };
    },

    async list(siteId: string): Promise<ApiKeyView[]> {
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('site_id', '=', siteId)
        .orderBy('created_date')
        .execute();
      return rows.map(toView);
    },

    async delete(siteId: string, id: string): Promise<void> {
      const result = await db
        .deleteFrom('api_keys')
        .where('site_id', '=', siteId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0)
        throw notFound('API_KEY_NOT_FOUND', 'API key not found', { id });
    },

    /** The key's site, looked up by hash on every call so a revoked key stops working at once. */
    async resolve(key: string): Promise<{ id: string; siteId: string } | undefined> {
      const row = await db
        .selectFrom('api_keys')
        .select(['id', 'site_id'])
        .where('key_hash', '=', hashKey(key))
        .executeTakeFirst();
      return row ? { id: row.id, siteId: row.site_id } : undefined;
    },
  };
}

export type ApiKeys = ReturnType<typeof apiKeys>;

import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import { lockResource } from '../../db/capacity.ts';
import type { Schema } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';

export const SIGNING_ALG = 'ES256';
/** The site id of the platform's own locks (signing keys belong to no site). */
const PLATFORM = '';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * Platform signing keys, kept in the database so every server process signs and verifies with the
 * same keys. The newest unretired key signs; every unretired key verifies and is published as JWKS.
 */
export function signingKeys(db: Kysely<Schema>, clock: Clock) {
  type Loaded = { active: SigningKey; verify: Map<string, CryptoKey>; jwks: JWK[] };
  let cache: Loaded | undefined;
  // One load at a time in this process: callers arriving meanwhile share it.
  let loading: Promise<Loaded> | undefined;
  function reload(): Promise<Loaded> {
    loading ??= load().finally(() => {
      loading = undefined;
    });
    return loading;
  }
  const loaded = async () => cache ?? reload();

  const unretired = (executor: Kysely<Schema>) =>
    executor
      .selectFrom('signing_keys')
      .selectAll()
      .where('retired_date', 'is', null)
      .orderBy('created_date', 'desc')
      .execute();

  async function load(): Promise<Loaded> {
    let rows = await unretired(db);
    // The first key is made under a lock, so that processes starting together make one key between them.
    if (rows.length === 0)
      rows = await db.transaction().execute(async (trx) => {
        await lockResource(trx, PLATFORM, 'signing-keys');
        const found = await unretired(trx);
        if (found.length > 0) return found;
        await createKey(trx);
        return unretired(trx);
      });
    const verify = new Map<string, CryptoKey>();
    const jwks: JWK[] = [];
    for (const row of rows) {
      const publicJwk = JSON.parse(row.public_jwk) as JWK;
      verify.set(row.kid, (await importJWK(publicJwk, row.alg)) as CryptoKey);
      jwks.push({ ...publicJwk, kid: row.kid, alg: row.alg, use: 'sig' });
    }
    const newest = rows[0]!;
    const active: SigningKey = {
      kid: newest.kid,
      privateKey: (await importJWK(JSON.parse(newest.private_jwk) as JWK, newest.alg)) as CryptoKey,
      publicJwk: JSON.parse(newest.public_jwk) as JWK,
    };
    cache = { active, verify, jwks };
    return cache;
  }

  async function createKey(executor: Kysely<Schema>) {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    await executor
      .insertInto('signing_keys')
      .values({
        kid: newId(),
        alg: SIGNING_ALG,
        private_jwk: JSON.stringify(await exportJWK(privateKey)),
        public_jwk: JSON.stringify(await exportJWK(publicKey)),
        created_date: clock.now().toISOString(),
        retired_date: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  return {
    async active(): Promise<SigningKey> {
      return (await loaded()).active;
    },
    /** The verification key for `kid`, reloading once in case another process rotated keys. */
    async verificationKey(kid: string): Promise<CryptoKey | undefined> {
      const known = (await loaded()).verify.get(kid);
      return known ?? (await reload()).verify.get(kid);
    },
    async jwks(): Promise<{ keys: JWK[] }> {
      return { keys: (await loaded()).jwks };
    },
  };
}

export type SigningKeys = ReturnType<typeof signingKeys>;

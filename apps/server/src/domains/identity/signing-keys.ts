import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';

export const SIGNING_ALG = 'ES256';

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
  let cache: { active: SigningKey; verify: Map<string, CryptoKey>; jwks: JWK[] } | undefined;

  async function load() {
    let rows = await db
      .selectFrom('signing_keys')
      .selectAll()
      .where('retired_date', 'is', null)
      .orderBy('created_date', 'desc')
      .execute();
    if (rows.length === 0) {
      await createKey();
      rows = await db
        .selectFrom('signing_keys')
        .selectAll()
        .where('retired_date', 'is', null)
        .orderBy('created_date', 'desc')
        .execute();
    }
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

  async function createKey() {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    await db
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
      return (cache ?? (await load())).active;
    },
    /** The verification key for `kid`, reloading once in case another process rotated keys. */
    async verificationKey(kid: string): Promise<CryptoKey | undefined> {
      const known = (cache ?? (await load())).verify.get(kid);
      return known ?? (await load()).verify.get(kid);
    },
    async jwks(): Promise<{ keys: JWK[] }> {
      return { keys: (cache ?? (await load())).jwks };
    },
  };
}

export type SigningKeys = ReturnType<typeof signingKeys>;

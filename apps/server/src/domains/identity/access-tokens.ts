import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock.ts';
import { SIGNING_ALG, type SigningKeys } from './signing-keys.ts';

/** Prefix of access tokens on the wire (API map 6.3). */
export const ACCESS_TOKEN_PREFIX = 'OauthNG.JWS.';
export const ACCESS_TOKEN_TTL_SECONDS = 4 * 60 * 60;

export type SubjectType = 'visitor' | 'member' | 'admin' | 'app';

/** Who a verified token speaks for. */
export interface TokenSubject {
  siteId: string;
  subjectType: SubjectType;
  subjectId: string;
  clientId: string | undefined;
  /** The refresh-token session the token was issued from (logout and revocation end it). */
  sessionId?: string | undefined;
}

export interface VerifiedToken extends TokenSubject {
  issuedAt: number;
  expiresAt: number;
}

/**
 * The `data` claim is a JSON string holding `instance`, as the official client's demo app decodes it
 * (`instance.metaSiteId`); `uid`/`siteMemberId` name a member, `aid` a visitor.
 */
interface InstanceClaims {
  instance: {
    instanceId: string;
    metaSiteId: string;
    signDate: string;
    permissions: string;
    demoMode: boolean;
    aid?: string;
    uid?: string;
    siteMemberId?: string;
    siteOwnerId?: string;
    appDefId?: string;
    expirationDate: string;
    hasUserRole: boolean;
  };
  subjectType: SubjectType;
  subjectId: string;
  sessionId?: string;
}

/**
 * Where a token is remembered: its signature, the part after the last dot. The request path looks a
 * token up on every call, and a Map hashes the whole key: the signature is an eighth of the token.
 */
const signatureOf = (token: string) => token.slice(token.lastIndexOf('.') + 1);

export function accessTokens(keys: SigningKeys, clock: Clock) {
  // Keyed by signature; the entry keeps the whole token, which must match too.
  const cache = new Map<string, { token: string; verified: VerifiedToken }>();
  const CACHE_LIMIT = 10_000;
  const remembered = (token: string) => {
    const entry = cache.get(signatureOf(token));
    return entry?.token === token ? entry.verified : undefined;
  };

  return {
    async issue(
      subject: TokenSubject,
      ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
    ): Promise<{ token: string; expiresIn: number }> {
      const key = await keys.active();
      const now = clock.now();
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ttlSeconds;
      const claims: InstanceClaims = {
        instance: {
          instanceId: subject.siteId,
          metaSiteId: subject.siteId,
          signDate: now.toISOString(),
          permissions: subject.subjectType === 'admin' ? 'OWNER' : '',
          demoMode: false,
          expirationDate: new Date(exp * 1000).toISOString(),
          hasUserRole: subject.subjectType === 'admin',
          ...(subject.subjectType === 'visitor' ? { aid: subject.subjectId } : {}),
          ...(subject.subjectType === 'member'
            ? { uid: subject.subjectId, siteMemberId: subject.subjectId }
            : {}),
          ...(subject.subjectType === 'admin'
            ? { uid: subject.subjectId, siteOwnerId: subject.subjectId }
            : {}),
          ...(subject.clientId ? { appDefId: subject.clientId } : {}),
        },
        subjectType: subject.subjectType,
        subjectId: subject.subjectId,
        ...(subject.sessionId ? { sessionId: subject.sessionId } : {}),
      };
      const jws = await new SignJWT({
        data: JSON.stringify(claims),
        ...(subject.clientId ? { client_id: subject.clientId } : {}),
      })
        .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid })
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key.privateKey);
      return { token: `${ACCESS_TOKEN_PREFIX}${jws}`, expiresIn: ttlSeconds };
    },

    /**
     * The remembered verification of a token that has not expired, without waiting: the request path
     * takes it synchronously (no promise per request); anything else goes through `verify`.
     */
    verifyCached(token: string): VerifiedToken | undefined {
      const known = remembered(token);
      return known && known.expiresAt * 1000 > clock.nowMs() ? known : undefined;
    },

    /**
     * Verifies signature and expiry. Verified tokens are remembered until they expire, so a client
     * reusing its token (every client does) pays the signature check once.
     */
    async verify(token: string): Promise<VerifiedToken> {
      const nowSeconds = Math.floor(clock.nowMs() / 1000);
      const known = remembered(token);
      if (known) {
        if (known.expiresAt > nowSeconds) return known;
        cache.delete(signatureOf(token));
        throw new TokenError('The access token has expired');
      }
      if (!token.startsWith(ACCESS_TOKEN_PREFIX))
        throw new TokenError('The access token is not a Plaza access token');
      const jws = token.slice(ACCESS_TOKEN_PREFIX.length);
      let kid: string | undefined;
      try {
        kid = decodeProtectedHeader(jws).kid;
      } catch {
        throw new TokenError('The access token is malformed');
      }
      const key = kid ? await keys.verificationKey(kid) : undefined;
      if (!key) throw new TokenError('The access token was not signed by this platform');
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(jws, key, { algorithms: [SIGNING_ALG], currentDate: clock.now() }));
      } catch (error) {
        const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
        throw new TokenError(
          expired ? 'The access token has expired' : 'The access token signature is invalid',
        );
      }
      const claims = JSON.parse(String(payload.data)) as InstanceClaims;
      const verified: VerifiedToken = {
        siteId: claims.instance.metaSiteId,
        subjectType: claims.subjectType,
        subjectId: claims.subjectId,
        clientId: claims.instance.appDefId,
        sessionId: claims.sessionId,
        issuedAt: Number(payload.iat),
        expiresAt: Number(payload.exp),
      };
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      cache.set(signatureOf(token), { token, verified });
      return verified;
    },

    /** Forgets cached verifications, e.g. after a member is blocked. */
    forget(predicate: (token: VerifiedToken) => boolean) {
      for (const [signature, { verified }] of cache) if (predicate(verified)) cache.delete(signature);
    },
  };
}

export class TokenError extends Error {}

export type AccessTokens = ReturnType<typeof accessTokens>;

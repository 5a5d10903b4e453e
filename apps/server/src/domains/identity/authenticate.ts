import type { Caller } from '../../http/access.ts';
import { commonErrors } from '../../lib/errors.ts';
import { type AccessTokens, TokenError, type VerifiedToken } from './access-tokens.ts';
import { API_KEY_PREFIX, type ApiKeys } from './api-keys.ts';
import type { SessionGuard } from './session-guard.ts';

const BEARER = /^Bearer\s+/i;

/**
 * Reads the raw `Authorization` value (no `Bearer`, map 2.5): an access token, an admin API key, or
 * `<accessToken>,<apiKey>` as the external-login helpers send it (the API key then decides).
 */
export function authenticator(tokens: AccessTokens, keys: ApiKeys, sessions?: SessionGuard) {
  // The caller of each remembered token, made once: callers only read it.
  const callers = new WeakMap<VerifiedToken, Caller>();

  /**
   * The caller of an access token whose verification (and member session) is remembered, without
   * waiting; undefined when `authenticate` must decide (API keys are looked up on every call, unknown or
   * expired tokens are refused there). Lets the request path skip a chain of promises per call.
   */
  function cached(header: string): Caller | undefined {
    // Every call runs this: the usual header, one token, is taken without splitting it.
    const comma = header.indexOf(',');
    const first = comma < 0 ? header : header.slice(0, comma).trim();
    if (first.startsWith(API_KEY_PREFIX)) return undefined;
    if (comma >= 0 && (header.slice(comma + 1).split(',')[0] ?? '').trim().startsWith(API_KEY_PREFIX))
      return undefined;
    const token = BEARER.test(first) ? first.replace(BEARER, '') : first;
    const verified = tokens.verifyCached(token);
    if (!verified) return undefined;
    if (
      verified.subjectType === 'member' &&
      verified.sessionId &&
      sessions?.isActiveCached?.(verified.sessionId) !== true
    ) {
      return undefined;
    }
    let caller = callers.get(verified);
    if (caller?.accessToken !== token) {
      caller = {
        siteId: verified.siteId,
        kind: verified.subjectType,
        subjectId: verified.subjectId,
        clientId: verified.clientId,
        accessToken: token,
      };
      callers.set(verified, caller);
    }
    return caller;
  }

  return Object.assign(authenticate, { cached });

  async function authenticate(header: string): Promise<Caller> {
    const [first, second] = header.split(',').map((part) => part.trim());
    const apiKey = [first, second].find((part) => part?.startsWith(API_KEY_PREFIX));
    if (apiKey) {
      const resolved = await keys.resolve(apiKey);
      if (!resolved) throw commonErrors.invalidToken('The API key is unknown or was revoked');
      return {
        siteId: resolved.siteId,
        kind: 'admin',
        subjectId: resolved.id,
        clientId: undefined,
        accessToken: second ? first : undefined,
      };
    }
    const token = (first ?? '').replace(/^Bearer\s+/i, '');
    try {
      const verified = await tokens.verify(token);
      if (
        verified.subjectType === 'member' &&
        verified.sessionId &&
        !(await sessions?.isActive(verified.sessionId))
      )
        throw new TokenError('The session of this access token has ended (signed out or revoked)');
      return {
        siteId: verified.siteId,
        kind: verified.subjectType,
        subjectId: verified.subjectId,
        clientId: verified.clientId,
        accessToken: token,
      };
    } catch (error) {
      if (error instanceof TokenError) throw commonErrors.invalidToken(error.message);
      throw error;
    }
  }
}

import { decodeBase64Url } from '../core/base64url.ts';

/** Thrown when a token is not a string or its payload is not base64url JSON. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

/** Marks Plaza access tokens; it is not part of the JWS and is stripped before decoding. */
const ACCESS_TOKEN_PREFIX = 'OauthNG.JWS.';

/**
 * The payload of an access token (`OauthNG.JWS.<header>.<payload>.<signature>`), without checking
 * the signature: for display only, never for access decisions.
 *
 * @example
 * const { exp, data } = parseAccessToken(client.auth.getTokens().accessToken.value);
 */
export function parseAccessToken(token: unknown): Record<string, unknown> {
  if (typeof token !== 'string') throw new InvalidTokenError('Invalid token specified: must be a string');
  const jws = token.startsWith(ACCESS_TOKEN_PREFIX) ? token.slice(ACCESS_TOKEN_PREFIX.length) : token;
  const payload = jws.split('.')[1];
  if (payload === undefined) throw new InvalidTokenError('Invalid token specified: missing part #2');
  let decoded: unknown;
  try {
    decoded = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(decodeBase64Url(payload)));
  } catch (cause) {
    throw new InvalidTokenError(
      `Invalid token specified: invalid base64 or JSON for part #2 (${String(cause)})`,
    );
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) {
    throw new InvalidTokenError('Invalid token specified: part #2 is not a JSON object');
  }
  return decoded as Record<string, unknown>;
}

/**
 * The site id carried by an access token: `JSON.parse(payload.data).instance.metaSiteId`.
 *
 * @example
 * const siteId = getSiteIdFromToken(client.auth.getTokens().accessToken.value);
 */
export function getSiteIdFromToken(token: unknown): string {
  const { data } = parseAccessToken(token);
  let instance: unknown;
  try {
    instance = (JSON.parse(String(data)) as { instance?: unknown }).instance;
  } catch {
    throw new InvalidTokenError('Invalid token specified: payload data is not JSON');
  }
  const siteId = (instance as { metaSiteId?: unknown } | undefined)?.metaSiteId;
  if (typeof siteId !== 'string')
    throw new InvalidTokenError('Invalid token specified: no instance.metaSiteId');
  return siteId;
}

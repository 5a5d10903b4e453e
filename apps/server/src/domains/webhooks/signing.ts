/**
 * How a delivery proves it comes from Plaza, two ways a receiver picks from:
 * - `Plaza-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` with the endpoint's
 *   own secret; the timestamp lets a receiver refuse an old request sent again.
 * - `Plaza-Jws`: a JWS (RFC 7515) over the body with a detached payload (`<header>..<signature>`), ES256
 *   with the platform's signing key, verifiable with the published JWKS (`/oauth2/jwks`) and no shared
 *   secret; its protected header carries `kid` and the same `t`.
 * `@plaza/sdk`'s `verifyWebhook` checks either.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { CompactSign } from 'jose';
import type { SigningKeys } from '../identity/index.ts';

export const SIGNATURE_HEADER = 'plaza-signature';
export const JWS_HEADER = 'plaza-jws';

/** A new endpoint secret: 32 random bytes, prefixed so that it is recognised where it leaks. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function hmacSignature(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export async function detachedJws(keys: SigningKeys, timestamp: number, body: string): Promise<string> {
  const key = await keys.active();
  const jws = await new CompactSign(new TextEncoder().encode(body))
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'plaza-webhook+jws', t: timestamp })
    .sign(key.privateKey);
  const [header, , signature] = jws.split('.');
  return `${header}..${signature}`;
}

/** The signature headers of one attempt, made at `timestamp` (unix seconds). */
export async function signatureHeaders(
  keys: SigningKeys,
  secret: string,
  timestamp: number,
  body: string,
): Promise<Record<string, string>> {
  return {
    [SIGNATURE_HEADER]: hmacSignature(secret, timestamp, body),
    [JWS_HEADER]: await detachedJws(keys, timestamp, body),
  };
}

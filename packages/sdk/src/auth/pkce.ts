import { encodeBase64Url } from '../core/base64url.ts';

/** RFC 7636 unreserved characters, the alphabet of a code verifier. */
const VERIFIER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
/** Largest multiple of the alphabet size below 256: bytes above it are redrawn to avoid bias. */
const UNBIASED_LIMIT = 256 - (256 % VERIFIER_ALPHABET.length);

export const DEFAULT_VERIFIER_LENGTH = 43;

/**
 * A random PKCE code verifier of 43 to 128 characters (default 43).
 *
 * @example
 * const verifier = generateCodeVerifier(); // 43 characters of A-Z a-z 0-9 - . _ ~
 */
export function generateCodeVerifier(length = DEFAULT_VERIFIER_LENGTH): string {
  if (!Number.isInteger(length) || length < 43 || length > 128)
    throw new Error('Expected a length between 43 and 128');
  let verifier = '';
  while (verifier.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < UNBIASED_LIMIT && verifier.length < length)
        verifier += VERIFIER_ALPHABET[byte % VERIFIER_ALPHABET.length];
    }
  }
  return verifier;
}

/**
 * The S256 code challenge: base64url (no padding) of SHA-256 of the verifier, with WebCrypto.
 *
 * @example
 * await createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
 * // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' (RFC 7636, appendix B)
 */
export async function createCodeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return encodeBase64Url(new Uint8Array(digest));
}

/**
 * A random OAuth `state`: 32 random bytes as 43 base64url characters.
 *
 * @example
 * const state = generateState();
 */
export function generateState(): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** SHA-256 (hex) of a secret: what the database keeps instead of the secret itself. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** 256 random bits, base64url, optionally prefixed. */
export const randomSecret = (prefix = ''): string => `${prefix}${randomBytes(32).toString('base64url')}`;

/** A 6-digit code for e-mail verification and MFA. */
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function sameHash(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `BASE64URL(SHA256(verifier))`, the PKCE S256 transform. */
export const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

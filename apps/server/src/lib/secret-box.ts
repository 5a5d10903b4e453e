/**
 * Secrets Plaza must send to third parties (an identity provider's client secret) are kept
 * encrypted at rest: AES-256-GCM under the server's secrets key, so a copy of the database alone
 * does not give them away. The key is `SECRETS_KEY` (32 bytes, base64 or hex) or, when unset, a
 * key generated once into `DATA_DIR/secrets.key` (readable by the server's user only).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plain: string): string;
  /** The plain text of a sealed value; a value stored before sealing existed is answered as it is. */
  open(stored: string): string;
}

export class SecretUnreadable extends Error {}

export function secretBox(key: () => Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key(), raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretUnreadable('a stored secret was sealed with another secrets key');
      }
    },
  };
}

/** 32 bytes from `SECRETS_KEY` (base64 or hex). */
export function parseSecretsKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

/** The key in `dataDir/secrets.key`, made on first use; several processes starting together agree on one. */
export function fileSecretsKey(dataDir: string): Buffer {
  const file = join(dataDir, 'secrets.key');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  return parseSecretsKey(readFileSync(file, 'utf8'));
}

/** The configured key, read once when first needed. */
export function configuredSecretsKey(config: { SECRETS_KEY?: string | undefined; DATA_DIR: string }) {
  let key: Buffer | undefined;
  return () => {
    key ??= config.SECRETS_KEY ? parseSecretsKey(config.SECRETS_KEY) : fileSecretsKey(config.DATA_DIR);
    return key;
  };
}

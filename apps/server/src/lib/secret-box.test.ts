import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSecretsKey, parseSecretsKey, SecretUnreadable, secretBox } from './secret-box.ts';

describe('secret box', () => {
  const key = randomBytes(32);
  const box = secretBox(() => key);

  it('seals so that the stored text shows nothing of the secret, and opens it again', () => {
    const sealed = box.seal('s3cr3t-ü');
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain('s3cr3t');
    expect(box.seal('s3cr3t-ü')).not.toBe(sealed); // a fresh IV each time
    expect(box.open(sealed)).toBe('s3cr3t-ü');
  });

  it('answers values stored before sealing as they are, and refuses another key or a changed value', () => {
    expect(box.open('plain-legacy-secret')).toBe('plain-legacy-secret');
    const sealed = box.seal('secret');
    expect(() => secretBox(() => randomBytes(32)).open(sealed)).toThrow(SecretUnreadable);
    const raw = Buffer.from(sealed.slice('enc:v1:'.length), 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1; // one bit of the sealed text changed
    const tampered = `enc:v1:${raw.toString('base64url')}`;
    expect(() => box.open(tampered)).toThrow(SecretUnreadable);
  });

  it('takes the key as hex or base64, 32 bytes only', () => {
    expect(parseSecretsKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretsKey(` ${key.toString('base64')}\n`)).toEqual(key);
    expect(() => parseSecretsKey('short')).toThrow('SECRETS_KEY must be 32 bytes');
  });

  it('makes the key file once, readable by its owner only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaza-secrets-'));
    try {
      const first = fileSecretsKey(join(dir, 'data'));
      expect(first).toHaveLength(32);
      expect(fileSecretsKey(join(dir, 'data'))).toEqual(first);
      expect(statSync(join(dir, 'data', 'secrets.key')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

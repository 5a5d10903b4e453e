import { describe, expect, it } from 'vitest';
import {
  codeError,
  collectErrors,
  emailError,
  newPasswordError,
  normaliseCode,
  passwordRules,
  profileOf,
} from './validation.ts';

describe('password rules (mirror of the server policy)', () => {
  it('ticks each rule as it is met', () => {
    expect(passwordRules('').map((rule) => rule.ok)).toEqual([false, false]);
    expect(passwordRules('abc1').map((rule) => rule.ok)).toEqual([false, true]);
    expect(passwordRules('abcdefgh').map((rule) => rule.ok)).toEqual([true, false]);
    expect(passwordRules('correct-Horse-7').map((rule) => rule.ok)).toEqual([true, true]);
  });

  it('explains the first rule broken', () => {
    expect(newPasswordError('')).toBe('Enter a password.');
    expect(newPasswordError('Ab1')).toMatch(/at least 8/);
    expect(newPasswordError('aaaaaaaaaa')).toMatch(/two kinds/);
    // As on the server, letters outside ASCII count as symbols.
    expect(newPasswordError('ÄÖÜäöüßé')).toMatch(/two kinds/);
    expect(newPasswordError('Äbcdefgh')).toBeUndefined();
    expect(newPasswordError('😀😀😀😀aaaa')).toBeUndefined();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordRules('😀😀😀😀a1')[0]!.ok).toBe(false);
  });
});

describe('emailError', () => {
  it('accepts addresses the server accepts, trimmed', () => {
    for (const email of ['a@b.co', ' ann.lee+shop@mail.example.org ', 'x_y@sub-domain.example'])
      expect(emailError(email), email).toBeUndefined();
  });

  it('refuses empty and malformed addresses', () => {
    expect(emailError('  ')).toBe('Enter your e-mail address.');
    for (const email of ['ann', 'ann@', '@b.co', 'ann@b', 'a b@c.co', 'ann@-b.co', `${'a'.repeat(320)}@b.co`])
      expect(emailError(email), email).toMatch(/valid e-mail/);
  });
});

describe('codes', () => {
  it('accepts six digits, with spaces or a dash as typed or pasted', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(normaliseCode('123-456')).toBe('123456');
    expect(codeError('123 456')).toBeUndefined();
    expect(codeError('')).toMatch(/Enter the 6-digit code/);
    expect(codeError('12345')).toBe('The code has 6 digits.');
    expect(codeError('12345a')).toBe('The code has 6 digits.');
  });
});

describe('helpers', () => {
  it('collectErrors keeps only the errors', () => {
    expect(collectErrors({ email: undefined, password: 'x' })).toEqual({ password: 'x' });
    expect(collectErrors({ email: undefined })).toEqual({});
  });

  it('profileOf sends only typed names', () => {
    expect(profileOf('', '  ')).toBeUndefined();
    expect(profileOf(' Ann ', '')).toEqual({ firstName: 'Ann' });
    expect(profileOf('Ann', 'Lee')).toEqual({ firstName: 'Ann', lastName: 'Lee' });
  });
});

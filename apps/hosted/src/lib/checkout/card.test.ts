import { describe, expect, it } from 'vitest';
import {
  cardErrors,
  cardInput,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  luhnValid,
  parseExpiry,
} from './card.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

describe('formatCardNumber', () => {
  it('groups digits by four as they are typed or pasted, dropping everything else', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 4242.4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 4242 4242 4242 ')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('stops at 19 digits, and at 15 in the 4-6-5 layout of American Express', () => {
    expect(formatCardNumber('1234567890123456789999')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822463100059')).toBe('3782 822463 10005');
    expect(formatCardNumber('37828')).toBe('3782 8');
  });
});

describe('formatExpiry', () => {
  it('adds the separator with the third digit only, so deleting never sticks', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('122')).toBe('12 / 2');
    expect(formatExpiry('1229')).toBe('12 / 29');
    expect(formatExpiry('12 / 2')).toBe('12 / 2');
    expect(formatExpiry('12 / ')).toBe('12');
    expect(formatExpiry('12 / 2999')).toBe('12 / 29');
  });

  it('completes months that cannot be anything else', () => {
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('13')).toBe('01 / 3');
    expect(formatExpiry('0')).toBe('0');
  });

  it('shortens a pasted four-digit year', () => {
    expect(formatExpiry('12/2030')).toBe('12 / 30');
    expect(formatExpiry('4/2031')).toBe('04 / 31');
  });
});

describe('card checks', () => {
  it('knows the Luhn checksum of the test cards', () => {
    for (const number of ['4242424242424242', '4000000000000002', '4000000000003220', '378282246310005'])
      expect(luhnValid(number), number).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('parses MM / YY', () => {
    expect(parseExpiry('04 / 29')).toEqual({ month: 4, year: 29 });
    expect(parseExpiry('13 / 29')).toBeUndefined();
    expect(parseExpiry('00 / 29')).toBeUndefined();
    expect(parseExpiry('04 / 2')).toBeUndefined();
  });

  it('accepts a complete card', () => {
    expect(cardErrors({ number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' }, NOW)).toEqual({});
    expect(cardErrors({ number: '4242 4242 4242 4242', expiry: '11 / 26', cvc: '1234' }, NOW)).toEqual({});
  });

  it('explains each missing or wrong part', () => {
    expect(cardErrors({ number: '', expiry: '', cvc: '' }, NOW)).toEqual({
      cardNumber: 'Enter the card number.',
      expiry: 'Enter the expiry date.',
      cvc: 'Enter the security code.',
    });
    const wrong = cardErrors({ number: '4242 4242 4242 4241', expiry: '13', cvc: '12' }, NOW);
    expect(wrong.cardNumber).toMatch(/typo/);
    expect(wrong.expiry).toMatch(/MM \/ YY/);
    expect(wrong.cvc).toBe('The security code has 3 or 4 digits.');
    expect(cardErrors({ number: '4242 4242', expiry: '12 / 40', cvc: '123' }, NOW).cardNumber).toMatch(
      /not complete/,
    );
  });

  it('refuses an expired card by UTC month, as the server does', () => {
    expect(cardErrors({ number: '4242424242424242', expiry: '10 / 26', cvc: '123' }, NOW).expiry).toBe(
      'This card has expired.',
    );
    expect(cardErrors({ number: '4242424242424242', expiry: '12 / 25', cvc: '123' }, NOW).expiry).toBe(
      'This card has expired.',
    );
  });

  it('sends digits and MM/YY', () => {
    expect(cardInput({ number: '4242 4242 4242 4242', expiry: '04 / 29', cvc: '123' })).toEqual({
      number: '4242424242424242',
      expiry: '04/29',
      cvc: '123',
    });
    expect(formatCvc('1a2b3c45')).toBe('1234');
  });
});

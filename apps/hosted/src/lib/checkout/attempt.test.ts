import { describe, expect, it } from 'vitest';
import { afterAnswer, attemptFor, fingerprintOf, newIdempotencyKey } from './attempt.ts';

describe('payment attempts', () => {
  let n = 0;
  const key = () => `k${++n}`;
  const card = (number: string) =>
    fingerprintOf({ paymentMethod: 'test', card: { number }, email: 'a@b.co' });

  it('reuses the key while the same attempt is unanswered, and only then', () => {
    const first = attemptFor(undefined, card('4242'), key);
    // A lost answer (network, 5xx): pressing Pay again with the same details is the same attempt.
    const retry = attemptFor(afterAnswer(first, false), card('4242'), key);
    expect(retry.key).toBe(first.key);
    // Declined (an answer): the next press is a new attempt, even with the same card.
    const again = attemptFor(afterAnswer(retry, true), card('4242'), key);
    expect(again.key).not.toBe(first.key);
    // Other details make another attempt.
    expect(attemptFor(again, card('4000'), key).key).not.toBe(again.key);
  });

  it('fingerprints independently of key order', () => {
    expect(fingerprintOf({ a: 1, b: { c: 2 } })).toBe(fingerprintOf({ b: { c: 2 }, a: 1 }));
    expect(fingerprintOf({ a: 1 })).not.toBe(fingerprintOf({ a: 2 }));
  });

  it('makes 128-bit keys from getRandomValues', () => {
    expect(newIdempotencyKey((bytes) => bytes.fill(171))).toBe(`hosted-${'ab'.repeat(16)}`);
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(k).toMatch(/^hosted-[0-9a-f]{32}$/);
  });
});

/**
 * Idempotency keys for paying. One key per payment attempt: the same inputs (way to pay, card,
 * buyer details) pressed again after an unanswered try (network, 5xx, still in progress) reuse the
 * key, so the server answers the first result instead of charging twice. Once the server has
 * answered (paid, declined, refused) the attempt is over and the next press gets a new key.
 * Attempts live in memory only: no card data is ever stored.
 */

export interface PayAttempt {
  key: string;
  fingerprint: string;
  /** True until the server answers for this key. */
  open: boolean;
}

/** The attempt to use for a press of Pay with these inputs. */
export function attemptFor(
  last: PayAttempt | undefined,
  fingerprint: string,
  newKey: () => string,
): PayAttempt {
  if (last?.open && last.fingerprint === fingerprint) return last;
  return { key: newKey(), fingerprint, open: true };
}

/** The attempt after the server's answer: settled, or still open (the same press may be retried). */
export const afterAnswer = (attempt: PayAttempt, settled: boolean): PayAttempt =>
  settled ? { ...attempt, open: false } : attempt;

/** A stable text of everything a payment depends on. */
export const fingerprintOf = (inputs: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(inputs)
      .sort()
      .map((key) => [key, inputs[key]]),
  );

/**
 * A random key: 128 bits from `getRandomValues`, which works on plain-http origins too
 * (`crypto.randomUUID` needs a secure context, and self-hosted servers are not always behind TLS).
 */
export function newIdempotencyKey(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
) {
  const bytes = random(new Uint8Array(16));
  return `hosted-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

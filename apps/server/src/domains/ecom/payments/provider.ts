/**
 * Payment providers behind one interface. A provider charges (or authorises) the checkout total
 * before the order is written; when writing the order fails afterwards (stock ran out), the
 * charge is voided. Providers are enabled per site in the settings (`payments: {test, offline}`).
 */
import type { FieldViolation } from '../../../lib/errors.ts';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export interface ChargeRequest {
  siteId: string;
  checkoutId: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  card?: CardInput | undefined;
  idempotencyKey?: string | undefined;
  now: Date;
}

/**
 * CAPTURED: money taken (order PAID). AUTHORIZED: held, captured later (order AUTHORIZED).
 * PENDING: nothing taken yet, paid offline (order NOT_PAID). DECLINED: no order.
 */
export type ChargeStatus = 'CAPTURED' | 'AUTHORIZED' | 'PENDING' | 'DECLINED';

export interface ChargeResult {
  status: ChargeStatus;
  transactionId?: string;
  declineCode?: string;
  card?: { brand: string; last4: string };
}

export interface PaymentProvider {
  readonly id: 'test' | 'offline';
  /** Online providers take the money during checkout; offline ones leave the order awaiting payment. */
  readonly online: boolean;
  /** Input problems (card missing or malformed), reported as field violations. */
  check(card: CardInput | undefined, now: Date): FieldViolation[];
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Takes an authorised amount. */
  capture(transactionId: string): Promise<void>;
  /** Releases an authorisation or refunds a capture (order write failed, or the order was cancelled). */
  refund(transactionId: string): Promise<void>;
}

/**
 * Payment providers behind one interface. A provider charges (or authorises) the checkout total
 * before the order is written; when writing the order fails afterwards (stock ran out), the
 * charge is voided. Providers are enabled per site in the settings (`payments: {test, offline}`).
 *
 * Saved methods: what a subscription charges later (a membership's renewals). The buyer's card is saved
 * at purchase, even when nothing is due then (a free trial), and charged by its id without the buyer.
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

export interface SaveMethodRequest {
  siteId: string;
  card?: CardInput | undefined;
  now: Date;
}

/** A saved method (`savedMethodId`), or why the card could not be saved (`declineCode`). */
export interface SavedMethod {
  savedMethodId?: string;
  declineCode?: string;
  card?: { brand: string; last4: string };
}

export interface SavedMethodCharge {
  siteId: string;
  /** Absent for a provider that saves nothing (offline): the charge is then left awaiting payment. */
  savedMethodId?: string | undefined;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** One per charge asked for: a retry of the same attempt is answered with its first outcome. */
  idempotencyKey: string;
  now: Date;
}

export interface PaymentProvider {
  readonly id: 'test' | 'offline';
  /** Online providers take the money during checkout; offline ones leave the order awaiting payment. */
  readonly online: boolean;
  /** Input problems (card missing or malformed), reported as field violations. */
  check(card: CardInput | undefined, now: Date): FieldViolation[];
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Keeps the card for later charges; offline providers keep nothing. */
  saveMethod(request: SaveMethodRequest): Promise<SavedMethod>;
  /** Charges a saved method (CAPTURED or DECLINED); offline providers leave it PENDING. */
  chargeSaved(request: SavedMethodCharge): Promise<ChargeResult>;
  /** Takes an authorised amount. */
  capture(transactionId: string): Promise<void>;
  /** Releases an authorisation or refunds a capture (order write failed, or the order was cancelled). */
  refund(transactionId: string): Promise<void>;
}

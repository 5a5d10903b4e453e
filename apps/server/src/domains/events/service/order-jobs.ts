/**
 * Work an order asks for in its own transaction, run later as jobs (jobs/README.md; the handlers are
 * ../order-jobs.ts): the buyer's confirmation e-mail, which must never fail the order, and the
 * scheduled capture or void of an authorised payment, due at `scheduledActionExecutionDate`.
 */
import type { Kysely } from 'kysely';
import type { Schema } from '../../../db/schema.ts';
import { enqueueJob } from '../../../jobs/queue.ts';

export const CONFIRMATION_MAIL = 'events.order-confirmation-mail';
export const SCHEDULED_PAYMENT = 'events.order-scheduled-payment';

export interface OrderJob {
  orderNumber: string;
}

/** How long an authorisation is left before it is captured: card holds lapse after about a week. */
export const AUTHORIZATION_DAYS = 7;

/** Capture at the event's start, or before the authorisation lapses when that is sooner. */
export function scheduledCapture(now: Date, eventStart: string | null) {
  const lapse = now.getTime() + AUTHORIZATION_DAYS * 86_400_000;
  const start = eventStart ? Date.parse(eventStart) : Number.NaN;
  const at = Number.isNaN(start) ? lapse : Math.max(now.getTime(), Math.min(lapse, start));
  return { action: 'CAPTURE' as const, date: new Date(at).toISOString() };
}

export const enqueueConfirmationMail = (
  trx: Kysely<Schema>,
  siteId: string,
  orderNumber: string,
  now: Date,
) =>
  enqueueJob(
    trx,
    { kind: CONFIRMATION_MAIL, siteId, key: `${siteId}:${orderNumber}`, payload: { orderNumber } },
    now,
  );

export const enqueueScheduledPayment = (
  trx: Kysely<Schema>,
  siteId: string,
  orderNumber: string,
  runAt: string,
  now: Date,
) =>
  enqueueJob(
    trx,
    {
      kind: SCHEDULED_PAYMENT,
      siteId,
      key: `${siteId}:${orderNumber}`,
      runAt: new Date(runAt),
      payload: { orderNumber },
    },
    now,
  );

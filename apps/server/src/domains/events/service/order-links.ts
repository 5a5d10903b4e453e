/**
 * The links an order's tickets carry: a PDF of each ticket, one of the whole order, and a check-in
 * page. They name the site and the ticket, and hold a secret derived from the order's access token, so
 * that an e-mailed link works without signing in while nobody can guess another order's tickets. A
 * ticket's secret is its own: a guest handed one ticket cannot open the others of the order.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { StoredTicketOrder } from './checkout-model.ts';

export const LINKS_BASE = '/plaza/v1/events/sites';

export const newAccessToken = () => randomBytes(18).toString('base64url');

export const ticketSecret = (accessToken: string, ticketNumber: string) =>
  createHash('sha256').update(`${accessToken}:${ticketNumber}`).digest('base64url').slice(0, 24);

/** Compares without telling by the time it takes how much of the secret was right. */
export function sameSecret(given: string | undefined, expected: string) {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Ticket numbers are their order's number without hyphens and a two-digit index. */
export function orderNumberOfTicket(ticketNumber: string) {
  const c = ticketNumber.slice(0, -2);
  return c.length === 11 ? `${c.slice(0, 4)}-${c.slice(4, 8)}-${c.slice(8)}` : undefined;
}

export interface OrderLinks {
  ticketsPdf: string;
  ticketPdf(ticketNumber: string): string;
  checkIn(ticketNumber: string): string;
}

export function orderLinks(
  publicUrl: string,
  siteId: string,
  order: Pick<StoredTicketOrder, 'orderNumber' | 'accessToken'>,
): OrderLinks | undefined {
  const token = order.accessToken;
  if (!token) return undefined;
  const base = `${publicUrl.replace(/\/+$/, '')}${LINKS_BASE}/${encodeURIComponent(siteId)}`;
  const ticket = (n: string) => `${base}/tickets/${encodeURIComponent(n)}`;
  const secret = (n: string) => `token=${ticketSecret(token, n)}`;
  return {
    ticketsPdf: `${base}/orders/${encodeURIComponent(order.orderNumber)}/tickets.pdf?token=${token}`,
    ticketPdf: (n) => `${ticket(n)}/ticket.pdf?${secret(n)}`,
    checkIn: (n) => `${ticket(n)}/check-in?${secret(n)}`,
  };
}

/** Words for the API's enums, as an owner reads them. */

export const ORDER_STATUSES = [
  { value: '', label: 'All orders' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'CANCELED', label: 'Cancelled' },
] as const;

const WORDS: Record<string, string> = {
  APPROVED: 'Approved',
  CANCELED: 'Cancelled',
  NOT_PAID: 'Not paid',
  AUTHORIZED: 'Authorised',
  PAID: 'Paid',
  FULLY_REFUNDED: 'Refunded',
  VOIDED: 'Voided',
  CAPTURED: 'Captured',
  PENDING: 'Pending',
  REFUNDED: 'Refunded',
  ORDER_PLACED: 'Order placed',
  ORDER_PAID: 'Order paid',
  ORDER_CANCELED: 'Order cancelled',
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  ENDED: 'Ended',
  BLOCKED: 'Blocked',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
  UNPAID: 'Unpaid',
  NOT_APPLICABLE: 'Not applicable',
  UPCOMING: 'Upcoming',
  STARTED: 'Started',
  DRAFT: 'Draft',
  FREE: 'Free',
  SALE_STARTED: 'On sale',
  SALE_ENDED: 'Sale ended',
  SALE_SCHEDULED: 'Sale scheduled',
  OFFLINE_PENDING: 'Offline, not paid yet',
};

export const label = (value: string) => WORDS[value] ?? value.replace(/_/g, ' ').toLowerCase();

const TONES: Record<string, string> = {
  CANCELED: 'badge-danger',
  VOIDED: 'badge-danger',
  FULLY_REFUNDED: 'badge-danger',
  NOT_PAID: 'badge-warn',
  AUTHORIZED: 'badge-warn',
  PAID: 'badge-ok',
  CAPTURED: 'badge-ok',
  APPROVED: 'badge-ok',
  ACTIVE: 'badge-ok',
  PENDING: 'badge-warn',
  PAUSED: 'badge-warn',
  BLOCKED: 'badge-danger',
  ENDED: '',
};

export const tone = (value: string) => TONES[value] ?? '';

export function dateTime(iso: string, timeZone?: string) {
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

/**
 * The hosted account page's calls and answers (@plaza/contracts `getHostedAccount`,
 * `cancelHostedAccountPlan`, `replaceHostedAccountPlanCard`), keyed by the `membersAccount` redirect session.
 */
import { api } from '../../api.ts';

export type Section = 'ACCOUNT_INFO' | 'BOOKINGS' | 'ORDERS' | 'SUBSCRIPTIONS' | 'EVENTS';

export interface AccountOrder {
  id: string;
  number: string;
  createdDate: string;
  status: string;
  paymentStatus: string;
  total: string;
  items: { name: string; quantity: number }[];
}

export interface AccountBooking {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
  status: string;
  participants: number;
}

export interface AccountTicketOrder {
  orderNumber: string;
  eventTitle: string;
  eventDate?: string;
  status: string;
  tickets: { ticketNumber: string; name: string }[];
}

export interface AccountPlan {
  id: string;
  planName: string;
  status: string;
  price: string;
  billing: string;
  startDate: string;
  endDate?: string;
  nextChargeDate?: string;
  autoRenewCanceled: boolean;
  canCancel?: 'IMMEDIATELY' | 'NEXT_PAYMENT_DATE';
  /** What the plan's benefits have left, in words. */
  benefits?: string[];
  /** The last renewal was declined; tried again on `nextAttemptDate` unless the card is replaced. */
  paymentFailed?: {
    declineCode: string;
    nextAttemptDate: string;
    card?: { brand: string; last4: string };
  };
}

export interface HostedAccount {
  member: { id: string; email: string; name?: string };
  section: Section;
  sections: Section[];
  orders?: AccountOrder[];
  bookings?: AccountBooking[];
  tickets?: AccountTicketOrder[];
  plans?: AccountPlan[];
  postFlowUrl?: string;
}

const base = (sessionId: string) => `/plaza/v1/redirect-sessions/${encodeURIComponent(sessionId)}/account`;

export const loadAccount = (sessionId: string) =>
  api<{ account: HostedAccount }>('GET', base(sessionId)).then((answer) => answer.account);

export const cancelPlan = (sessionId: string, planOrderId: string) =>
  api<{ plans: AccountPlan[] }>(
    'POST',
    `${base(sessionId)}/plans/${encodeURIComponent(planOrderId)}/cancel`,
  ).then((answer) => answer.plans);

export const replacePlanCard = (
  sessionId: string,
  planOrderId: string,
  card: { number: string; expiry: string; cvc: string },
) =>
  api<{ plans: AccountPlan[] }>('POST', `${base(sessionId)}/plans/${encodeURIComponent(planOrderId)}/card`, {
    body: { card },
  }).then((answer) => answer.plans);

export const SECTION_LABELS: Record<Section, string> = {
  ACCOUNT_INFO: 'Profile',
  BOOKINGS: 'Bookings',
  ORDERS: 'Orders',
  SUBSCRIPTIONS: 'Plans',
  EVENTS: 'Tickets',
};

const dates = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimes = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 27, 2026" (with the time when `withTime`), in the visitor's own time zone. */
export function dateText(iso: string | undefined, withTime = false) {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : (withTime ? dateTimes : dates).format(date);
}

/** Statuses as words: `ACTIVE` → "Active", `NOT_PAID` → "Not paid". */
export const statusText = (status: string) =>
  status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ');

/**
 * The list of the bookings, events and plans examples, through the SDK's generic `call` (api.ts).
 * Plaza does not serve these apps yet; the pages show "not installed" until it does, and then
 * list what these read. Field names follow API map sections 8, 11 and 12.
 */
import { client } from '../api.ts';
import { AppCode } from '../lib/apps.ts';

export interface ListItem {
  id: string;
  title: string;
  detail: string;
}

type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const rows = (answer: unknown, key: string): Row[] => {
  const items = (answer as Record<string, unknown> | null)?.[key];
  return Array.isArray(items) ? (items as Row[]) : [];
};
const firstPage = { query: { paging: { offset: 0, limit: 50 } } } as never;

export interface AppExample {
  app: AppCode;
  title: string;
  lead: string;
  installLink: string;
  /** What the list holds, for the empty state: "No services yet". */
  noun: string;
  load(): Promise<ListItem[]>;
}

export const APP_EXAMPLES: Record<'booking' | 'tickets' | 'subscriptions', AppExample> = {
  booking: {
    app: AppCode.bookings,
    title: 'Bookings',
    lead: 'The services visitors can book on this site.',
    installLink: 'bookings',
    noun: 'services',
    load: async () =>
      rows(await client.apps.queryServices(firstPage), 'services').map((s) => ({
        id: text(s.id),
        title: text(s.name),
        detail: text(s.tagLine) || text(s.description),
      })),
  },
  tickets: {
    app: AppCode.events,
    title: 'Events & Tickets',
    lead: 'Upcoming events with tickets on sale.',
    installLink: 'events',
    noun: 'events',
    load: async () =>
      rows(await client.apps.queryEvents(firstPage), 'events').map((e) => {
        const formatted = (e.dateAndTimeSettings as { formatted?: { dateAndTime?: string } } | undefined)?.formatted;
        return { id: text(e.id), title: text(e.title), detail: text(formatted?.dateAndTime) || text(e.shortDescription) };
      }),
  },
  subscriptions: {
    app: AppCode.subscriptions,
    title: 'Subscriptions',
    lead: 'Paid membership plans members can buy.',
    installLink: 'pricing-plans',
    noun: 'plans',
    load: async () =>
      rows(await client.apps.queryPublicPlans(firstPage), 'plans').map((p) => {
        const price = (p.pricing as { price?: { value?: string; currency?: string } } | undefined)?.price;
        return {
          id: text(p.id),
          title: text(p.name),
          detail: price?.value ? `${price.value} ${text(price.currency)}`.trim() : text(p.description),
        };
      }),
  },
};

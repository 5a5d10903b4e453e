/**
 * The list of the bookings and events examples, through the SDK's generic `call` (api.ts).
 * The pages show "not installed" until Plaza answers these, and then list what they read. Field
 * names follow API map sections 8 and 11. Plans have a page of their own (routes/subscriptions).
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
/** Events still to come or going on, soonest first: past ones sell nothing. */
const upcoming = {
  query: {
    filter: { status: { $in: ['UPCOMING', 'STARTED'] } },
    sort: [{ fieldName: 'dateAndTimeSettings.startDate', order: 'ASC' }],
    paging: { offset: 0, limit: 50 },
  },
} as never;

export interface AppExample {
  app: AppCode;
  title: string;
  lead: string;
  installLink: string;
  /** What the list holds, for the empty state: "No services yet". */
  noun: string;
  load(): Promise<ListItem[]>;
}

export const APP_EXAMPLES: Record<'booking' | 'tickets', AppExample> = {
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
      rows(await client.apps.queryEvents(upcoming), 'events').map((e) => {
        const formatted = (e.dateAndTimeSettings as { formatted?: { dateAndTime?: string } } | undefined)?.formatted;
        return { id: text(e.id), title: text(e.title), detail: text(formatted?.dateAndTime) || text(e.shortDescription) };
      }),
  },
};

/**
 * The bookings example's reads and writes, as the original example does them: the site's services,
 * one service's open slots for the coming day (`queryAvailability` in UTC), and booking a slot: a
 * `bookingsCheckout` redirect session with the availability entry picked, to the hosted checkout.
 */
import { PlazaError } from '@plaza/sdk';
import { client } from '../api.ts';
import { cache } from '../lib/cache.ts';
import { loading } from '../lib/loading.ts';

export interface BookableService {
  id: string;
  name: string;
  tagLine: string;
  type: string;
  /** "$45", "Free", or the service's own words for a custom price. */
  price: string;
}

/** An availability entry as the API answers it; it goes back whole in the redirect. */
export interface SlotEntry {
  slot: {
    serviceId: string;
    scheduleId: string;
    startDate: string;
    endDate: string;
    timezone: string;
    resource?: { id: string; name?: string };
    location?: { name?: string | null; formattedAddress?: string | null };
  };
  bookable: boolean;
  totalSpots: number;
  openSpots: number;
}

export const SERVICES_KEY = 'bookings:services';
export const slotsKey = (serviceId: string) => `bookings:slots:${serviceId}`;
const MAX_AGE_MS = 30_000;
const DAY_MS = 86_400_000;

type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown): Row =>
  typeof value === 'object' && value !== null ? (value as Row) : {};

/** The price a service card shows, from the service's payment settings. */
export function priceOf(payment: unknown): string {
  const p = record(payment);
  if (p.rateType === 'NO_FEE') return 'Free';
  if (p.rateType === 'CUSTOM') return text(record(p.custom).description) || 'Price on request';
  const money = p.rateType === 'VARIED' ? record(record(p.varied).defaultPrice) : record(record(p.fixed).price);
  return text(money.formattedValue) || (money.value ? `${text(money.value)} ${text(money.currency)}` : '');
}

/** The site's services, in the site's order (the first page of 50). */
export const loadServices = (): Promise<BookableService[]> =>
  cache.load(
    SERVICES_KEY,
    async () => {
      const answer = record(
        await client.apps.queryServices({ query: { paging: { offset: 0, limit: 50 } } } as never),
      );
      const services = Array.isArray(answer.services) ? (answer.services as Row[]) : [];
      return services.map((s) => ({
        id: text(s.id),
        name: text(s.name),
        tagLine: text(s.tagLine) || text(s.description),
        type: text(s.type),
        price: priceOf(s.payment),
      }));
    },
    MAX_AGE_MS,
  );

/** The bookable slots of `serviceId` from now until the same time tomorrow, soonest first. */
export const loadSlots = (serviceId: string): Promise<SlotEntry[]> =>
  cache.load(
    slotsKey(serviceId),
    async () => {
      const from = new Date();
      const answer = record(
        await client.apps.queryAvailability({
          query: {
            filter: {
              serviceId: [serviceId],
              startDate: from.toISOString(),
              endDate: new Date(from.getTime() + DAY_MS).toISOString(),
            },
          },
          timezone: 'UTC',
        } as never),
      );
      const entries = Array.isArray(answer.availabilityEntries) ? (answer.availabilityEntries as SlotEntry[]) : [];
      return entries.filter((entry) => entry.bookable);
    },
    MAX_AGE_MS,
  );

/** "Tue 3 Mar, 09:00" in the browser's own zone, from a slot's local time in `zone` (UTC here). */
export function slotTime(entry: SlotEntry, locale?: string): string {
  const instant = new Date(`${entry.slot.startDate}${entry.slot.timezone === 'UTC' ? 'Z' : ''}`);
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
}

/** "Fri, Nov 27, 05:00 PM (Sam Rivera)" for each next free slot a SLOT_NOT_AVAILABLE refusal names. */
export function nextFreeOf(error: unknown, timezone: string): string[] {
  if (!(error instanceof PlazaError)) return [];
  const next = record(error.details.applicationError?.data).nextSlots;
  if (!Array.isArray(next)) return [];
  return (next as SlotEntry['slot'][]).map((slot) => {
    const time = slotTime({ slot: { ...slot, timezone } } as SlotEntry);
    return slot.resource?.name ? `${time} (${slot.resource.name})` : time;
  });
}

/** The browser is on its way to another page: keep the overlay up until it has left. */
const leaving = () => new Promise<void>((resolve) => setTimeout(resolve, 10_000));

/**
 * Sends the browser to the hosted checkout of `entry` (the slot is held for the visitor meanwhile);
 * it comes back to this page (`postFlowUrl`). Rejects with the API's error: SLOT_NOT_AVAILABLE when
 * someone took the slot since the list was read.
 */
export async function bookSlot(entry: SlotEntry): Promise<void> {
  await loading.track(
    (async () => {
      const {
        redirectSession: { fullUrl },
      } = await client.redirects.createRedirectSession({
        bookingsCheckout: { slotAvailability: entry, timezone: entry.slot.timezone },
        callbacks: { postFlowUrl: window.location.href },
      });
      // The slot is taken now: the list is read again when the buyer comes back.
      cache.invalidate(slotsKey(entry.slot.serviceId));
      window.location.href = fullUrl;
      await leaving();
    })(),
  );
}

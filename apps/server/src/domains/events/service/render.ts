/**
 * An event as answered: the stored settings with what follows from them at the time of asking
 * (status, registration status, recurrence status, formatted dates, prices of its tickets, links),
 * keeping only the optional parts the request's `fields` ask for.
 */
import type { EventV3 } from '@plaza/contracts';
import type { Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import { currencyDigits, formatMoney, toDecimalString } from '../../../lib/money.ts';
import {
  type EventStatus,
  eventStatus,
  recurrenceStatus,
  registrationStatus,
  registrationType,
  type SaleStatus,
  soldOut,
} from '../status.ts';
import type { SiteInfo, StoredEvent } from './context.ts';

/** What an event's tickets say about it, read with its definitions and their capacity. */
export interface TicketSummary {
  /** Minor units, over the definitions visitors see. */
  lowest?: number;
  highest?: number;
  /** The definitions visitors see. */
  tickets: Array<{ saleStatus: SaleStatus; soldOut: boolean }>;
  /** Tickets sold over every definition. */
  sold: number;
}

export interface RenderContext {
  /** The clock's reading. */
  now: number;
  fields: ReadonlySet<string>;
  admin: boolean;
  site: SiteInfo & { id: string };
}

const NO_TICKETS: TicketSummary = { tickets: [], sold: 0 };

export const statusOf = (event: StoredEvent, now: number): EventStatus =>
  eventStatus(event.lifecycle, event.dateAndTimeSettings, now);

function money(minor: number, currency: string) {
  const digits = currencyDigits(currency);
  return {
    value: toDecimalString(minor, digits),
    currency,
    formattedValue: formatMoney(minor, currency, digits),
  };
}

function eventsMoney(minor: number, currency: string) {
  const value = toDecimalString(minor, currencyDigits(currency));
  return { amount: value, currency, value };
}

type Formatted = ReturnType<typeof formatDates>;

/**
 * Formatting with luxon in a time zone costs about 0.2 ms an event; a list of 50 events asked again and
 * again formats the same few dates, so the texts are kept by what they depend on (bounded, oldest out).
 */
const formattedTexts = new Map<string, Formatted>();
const FORMATTED_KEPT = 2_000;

export function formatted(settings: StoredEvent['dateAndTimeSettings']): Formatted {
  const key = `${settings.startDate}|${settings.endDate}|${settings.timeZoneId}|${settings.dateAndTimeTbdMessage ?? ''}`;
  let texts = formattedTexts.get(key);
  if (!texts) {
    texts = Object.freeze(formatDates(settings));
    if (formattedTexts.size >= FORMATTED_KEPT) formattedTexts.delete(formattedTexts.keys().next().value!);
    formattedTexts.set(key, texts);
  }
  return texts;
}

function formatDates(settings: StoredEvent['dateAndTimeSettings']) {
  if (!settings.startDate || !settings.endDate)
    return { dateAndTime: settings.dateAndTimeTbdMessage ?? 'Date and time to be announced' };
  const zone = { zone: settings.timeZoneId, locale: 'en-US' };
  const start = DateTime.fromISO(settings.startDate, zone);
  const end = DateTime.fromISO(settings.endDate, zone);
  const day = (d: DateTime) => d.toFormat('MMMM d, yyyy');
  const time = (d: DateTime) => d.toFormat('h:mm a');
  const sameDay = day(start) === day(end);
  return {
    dateAndTime: sameDay
      ? `${day(start)}, ${time(start)} – ${time(end)}`
      : `${day(start)}, ${time(start)} – ${day(end)}, ${time(end)}`,
    startDate: day(start),
    startTime: time(start),
    endDate: day(end),
    endTime: time(end),
  };
}

const compact = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const icsText = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

function whereText(event: StoredEvent): string {
  const address = event.location.address as
    | { formattedAddress?: string; addressLine?: string; city?: string }
    | undefined;
  return (
    address?.formattedAddress ||
    [address?.addressLine, address?.city].filter(Boolean).join(', ') ||
    event.location.name ||
    ''
  );
}

const calendarLinks = new Map<string, ReturnType<typeof buildCalendarUrls>>();

/**
 * A Google Calendar link and an iCalendar file (a data URL, so that it needs no route of its own),
 * kept by the event's id and last change: a list asked again builds none of them again.
 */
export function calendarUrls(event: StoredEvent) {
  const key = `${event.id}|${event.revision}`;
  let links = calendarLinks.get(key);
  if (!links) {
    links = Object.freeze(buildCalendarUrls(event));
    if (calendarLinks.size >= FORMATTED_KEPT) calendarLinks.delete(calendarLinks.keys().next().value!);
    calendarLinks.set(key, links);
  }
  return links;
}

function buildCalendarUrls(event: StoredEvent) {
  const { startDate, endDate } = event.dateAndTimeSettings;
  const where = whereText(event);
  const google = new URL('https://calendar.google.com/calendar/render');
  google.searchParams.set('action', 'TEMPLATE');
  google.searchParams.set('text', event.title);
  if (startDate && endDate) google.searchParams.set('dates', `${compact(startDate)}/${compact(endDate)}`);
  if (event.shortDescription) google.searchParams.set('details', event.shortDescription);
  if (where) google.searchParams.set('location', where);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Plaza//Events//EN',
    'BEGIN:VEVENT',
    `UID:${event.id}@plaza`,
    `DTSTAMP:${compact(event.updatedDate)}`,
    ...(startDate && endDate ? [`DTSTART:${compact(startDate)}`, `DTEND:${compact(endDate)}`] : []),
    `SUMMARY:${icsText(event.title)}`,
    ...(where ? [`LOCATION:${icsText(where)}`] : []),
    ...(event.shortDescription ? [`DESCRIPTION:${icsText(event.shortDescription)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return {
    google: google.toString(),
    ics: `data:text/calendar;charset=utf-8,${encodeURIComponent(lines.join('\r\n'))}`,
  };
}

function registration(
  event: StoredEvent,
  status: EventStatus,
  tickets: TicketSummary,
  full: boolean,
  now: number,
) {
  const stored = event.registration;
  const type = registrationType(stored);
  const summary = {
    type,
    status: registrationStatus(stored, status, { rsvpYes: 0, tickets: tickets.tickets }, now),
    initialType: stored.initialType,
  };
  if (!full) return summary;
  const { currency } = stored.tickets;
  return {
    ...summary,
    rsvp: stored.rsvp,
    tickets: {
      ...stored.tickets,
      ...(tickets.lowest === undefined ? {} : { lowestPrice: money(tickets.lowest, currency) }),
      ...(tickets.highest === undefined ? {} : { highestPrice: money(tickets.highest, currency) }),
      soldOut: soldOut({ rsvpYes: 0, tickets: tickets.tickets }),
    },
    ...(stored.external ? { external: stored.external } : {}),
    allowedGuestTypes: stored.allowedGuestTypes,
    registrationPaused: stored.registrationPaused,
    registrationDisabled: stored.registrationDisabled,
  };
}

const pageUrl = (site: SiteInfo, path: string) => ({ base: site.siteUrl, path });

/** The event as answered to a caller at `context.now`. */
export type EventView = Static<typeof EventV3>;

export function renderEvent(
  event: StoredEvent,
  tickets: TicketSummary | undefined,
  context: RenderContext,
): EventView {
  const { now, fields, admin, site } = context;
  const has = (field: string) => fields.has(field);
  const status = statusOf(event, now);
  const summary = tickets ?? NO_TICKETS;
  const settings = event.dateAndTimeSettings;
  const { session, ...conferencing } = event.onlineConferencing;
  const currency = event.registration.tickets.currency;
  return {
    id: event.id,
    revision: event.revision,
    location: event.location,
    dateAndTimeSettings: {
      ...settings,
      recurrenceStatus: recurrenceStatus(event.lifecycle, settings.recurringEvents.individualEventDates, now),
      formatted: formatted(settings),
    },
    title: event.title,
    slug: event.slug,
    createdDate: event.createdDate,
    updatedDate: event.updatedDate,
    ...(event.publishedDate ? { publishedDate: event.publishedDate } : {}),
    status,
    registration: registration(event, status, summary, has('REGISTRATION'), now),
    instanceId: site.id,
    ...(event.userId ? { userId: event.userId } : {}),
    guestListSettings: event.guestListSettings,
    onlineConferencing: {
      ...conferencing,
      ...(session && admin && has('ONLINE_CONFERENCING_SESSION') ? { session } : {}),
    },
    eventDisplaySettings: event.eventDisplaySettings,
    ...(has('DETAILS')
      ? {
          ...(event.shortDescription === undefined ? {} : { shortDescription: event.shortDescription }),
          ...(event.mainImage ? { mainImage: event.mainImage } : {}),
          calendarUrls: calendarUrls(event),
        }
      : {}),
    ...(has('TEXTS')
      ? {
          ...(event.description ? { description: event.description } : {}),
          ...(event.detailedDescription === undefined
            ? {}
            : { detailedDescription: event.detailedDescription }),
        }
      : {}),
    ...(has('URLS') ? { eventPageUrl: pageUrl(site, `/event-details/${event.slug}`) } : {}),
    ...(has('FORM') ? { form: event.form } : {}),
    ...(has('DASHBOARD') && admin
      ? {
          summaries: {
            rsvps: { totalCount: 0, yesCount: 0, noCount: 0, waitlistCount: 0 },
            tickets: {
              ticketsSold: summary.sold,
              revenue: eventsMoney(0, currency),
              currencyLocked: summary.sold > 0,
              totalOrders: 0,
              totalSales: eventsMoney(0, currency),
            },
            ...(event.cancellation ? { cancellation: event.cancellation } : {}),
          },
        }
      : {}),
    ...(has('FEED') ? { feed: { token: event.feedToken } } : {}),
    ...(has('SEO_SETTINGS')
      ? {
          seoSettings: {
            slug: event.slug,
            advancedSeoData: event.seoSettings.advancedSeoData,
            hidden: false,
          },
        }
      : {}),
    ...(has('AGENDA')
      ? {
          agendaSettings: {
            enabled: event.agendaSettings.enabled,
            pageUrl: pageUrl(site, `/event-details/${event.slug}/agenda`),
          },
        }
      : {}),
    ...(has('CATEGORIES') ? { categories: { categories: event.categories } } : {}),
  } as EventView;
}

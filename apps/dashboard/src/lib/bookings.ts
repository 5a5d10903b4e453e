import { DateTime } from 'luxon';
import type { Booking, Service, TimePeriod, Weekday } from '../api/bookings.ts';
import { formatMoney } from './decimal.ts';

/** Dates and hours of the bookings pages, in the site's time zone. */

export const WEEKDAYS: readonly Weekday[] = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
];

export const dayName = (day: Weekday) => day.charAt(0) + day.slice(1).toLowerCase();

/**
 * The Monday starting the week of `date` (yyyy-MM-dd, in `zone`), or of today when it is missing or
 * not a date.
 */
export function weekOf(date: string | null, zone: string, now = new Date()): DateTime {
  const given = date ? DateTime.fromISO(date, { zone }) : undefined;
  const day = given?.isValid ? given : DateTime.fromJSDate(now, { zone });
  return day.startOf('week');
}

/** The seven days of the week starting `monday`, and the instants bounding it. */
export function weekDays(monday: DateTime) {
  const days = Array.from({ length: 7 }, (_, i) => monday.plus({ days: i }));
  const end = monday.plus({ weeks: 1 });
  return { days, from: monday.toUTC().toISO()!, to: end.toUTC().toISO()! };
}

/** The weekday index (0 = Monday) an instant falls on in `zone`. */
export const weekdayIndex = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).weekday - 1;

export const hourMinute = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat('HH:mm');

const DAY_TIME = 'ccc d LLL yyyy, HH:mm';

/** "Tue 24 Nov 2026, 10:00–10:45" in `zone`; a range over several days names both days. */
export function timeRange(startIso: string, endIso: string, zone: string) {
  const start = DateTime.fromISO(startIso, { zone });
  const end = DateTime.fromISO(endIso, { zone });
  const sameDay = start.hasSame(end, 'day') || end.equals(start.plus({ days: 1 }).startOf('day'));
  return sameDay
    ? `${start.toFormat(DAY_TIME)}–${end.toFormat('HH:mm')}`
    : `${start.toFormat(DAY_TIME)} – ${end.toFormat(DAY_TIME)}`;
}

// --- working hours -------------------------------------------------------------------------------

export interface Period {
  open: string;
  close: string;
}
export type WeekHours = Record<Weekday, Period[]>;

/** Periods of each weekday; a period ending on a later day is cut at midnight (the editor keeps days apart). */
export function hoursByDay(periods: readonly TimePeriod[]): WeekHours {
  const week = Object.fromEntries(WEEKDAYS.map((day) => [day, [] as Period[]])) as WeekHours;
  for (const period of periods) {
    const close = period.closeDay === period.openDay ? period.closeTime : '24:00';
    week[period.openDay].push({ open: period.openTime, close: close === '24:00' ? '00:00' : close });
  }
  for (const day of WEEKDAYS) week[day].sort((a, b) => a.open.localeCompare(b.open));
  return week;
}

/**
 * The API's periods of the editor's week, or the first problem per day. An end of 00:00 is midnight
 * (the API's 24:00), since a time field cannot show 24:00.
 */
export function periodsOf(week: WeekHours): {
  periods: TimePeriod[];
  problems: Partial<Record<Weekday, string>>;
} {
  const periods: TimePeriod[] = [];
  const problems: Partial<Record<Weekday, string>> = {};
  for (const day of WEEKDAYS) {
    const ranges = week[day]
      .map((p) => ({ open: p.open, close: p.close === '00:00' ? '24:00' : p.close }))
      .sort((a, b) => a.open.localeCompare(b.open));
    ranges.forEach((range, i) => {
      if (!/^\d\d:\d\d$/.test(range.open) || !/^\d\d:\d\d$/.test(range.close))
        problems[day] ??= 'Give every period a start and an end.';
      else if (range.close <= range.open)
        problems[day] ??= `${range.open}–${range.close} ends before it starts.`;
      else if (i > 0 && range.open < ranges[i - 1]!.close)
        problems[day] ??= `${range.open}–${range.close} overlaps the period before it.`;
      periods.push({ openDay: day, openTime: range.open, closeDay: day, closeTime: range.close });
    });
  }
  return { periods, problems };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** "5 days, 40 h a week"; no periods of their own: the business location's hours. */
export function hoursSummary(periods: readonly TimePeriod[] | undefined) {
  if (!periods) return 'Business hours';
  const week = hoursByDay(periods);
  const days = WEEKDAYS.filter((day) => week[day].length > 0).length;
  if (days === 0) return 'Not working';
  const minutes = WEEKDAYS.flatMap((day) => week[day]).reduce(
    (sum, p) => sum + (p.close === '00:00' ? 1440 : minutesOf(p.close)) - minutesOf(p.open),
    0,
  );
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${days} ${days === 1 ? 'day' : 'days'}, ${hours} h a week`;
}

// --- time off ------------------------------------------------------------------------------------

/** An instant as a `datetime-local` value in `zone`. */
export const localInput = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");

/** A `datetime-local` value read in `zone`, as an instant; undefined when it is not one. */
export function instantOf(local: string, zone: string): string | undefined {
  const value = DateTime.fromISO(local, { zone });
  return value.isValid ? value.toUTC().toISO()! : undefined;
}

// --- services and bookings -----------------------------------------------------------------------

export function priceOf(service: Service, currency: string) {
  const payment = service.payment ?? {};
  switch (payment.rateType) {
    case 'FIXED':
      return payment.fixed?.price ? formatMoney(payment.fixed.price.value, currency) : '—';
    case 'VARIED':
      return payment.varied?.defaultPrice
        ? `From ${formatMoney(payment.varied.defaultPrice.value, currency)}`
        : 'Varies';
    case 'CUSTOM':
      return payment.custom?.description || 'Custom';
    default:
      return 'Free';
  }
}

export const durationOf = (service: Service) =>
  service.schedule?.availabilityConstraints?.sessionDurations?.[0];

export const BOOKING_STATUS: Record<Booking['status'], { word: string; tone: string }> = {
  CREATED: { word: 'In checkout', tone: '' },
  CONFIRMED: { word: 'Confirmed', tone: 'badge-ok' },
  PENDING: { word: 'Waiting for approval', tone: 'badge-warn' },
  CANCELED: { word: 'Cancelled', tone: 'badge-danger' },
  DECLINED: { word: 'Declined', tone: 'badge-danger' },
};

const PAYMENT: Record<string, string> = {
  PAID: 'Paid',
  NOT_PAID: 'Not paid',
  EXEMPT: 'Nothing to pay',
  REFUNDED: 'Refunded',
  UNDEFINED: 'Not paid yet',
};

/** The booking's payment, and how it is to be paid when that is offline. */
export const paymentOf = (booking: Pick<Booking, 'paymentStatus' | 'selectedPaymentOption'>) =>
  `${PAYMENT[booking.paymentStatus] ?? booking.paymentStatus}${
    booking.selectedPaymentOption === 'OFFLINE' ? ' (to be paid in person)' : ''
  }`;

/** Who booked: the contact's name or e-mail, else the kind of caller who made it. */
export function customerOf(booking: Booking) {
  const contact = booking.contactDetails;
  const name = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ');
  if (name || contact?.email) return [name, contact?.email].filter(Boolean).join(' · ');
  const by = booking.createdBy;
  if (by.memberId) return `Member ${by.memberId.slice(0, 8)}`;
  if (by.anonymousVisitorId) return 'A visitor (no contact details)';
  return 'Booked by the owner';
}

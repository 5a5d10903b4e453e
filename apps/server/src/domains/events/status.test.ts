import { describe, expect, it } from 'vitest';
import {
  eventStatus,
  recurrenceStatus,
  registrationStatus,
  registrationType,
  saleStatus,
  seriesSpan,
  statusCondition,
  withStatusConditions,
} from './status.ts';

const at = (iso: string) => Date.parse(iso);
// A concert on 1 March 2026, 19:00–22:00 UTC.
const concert = { startDate: '2026-03-01T19:00:00.000Z', endDate: '2026-03-01T22:00:00.000Z' };

describe('eventStatus', () => {
  it('follows the dates once published: UPCOMING → STARTED at the start → ENDED at the end', () => {
    expect(eventStatus('PUBLISHED', concert, at('2026-03-01T18:59:59.999Z'))).toBe('UPCOMING');
    expect(eventStatus('PUBLISHED', concert, at('2026-03-01T19:00:00.000Z'))).toBe('STARTED');
    expect(eventStatus('PUBLISHED', concert, at('2026-03-01T21:59:59.999Z'))).toBe('STARTED');
    expect(eventStatus('PUBLISHED', concert, at('2026-03-01T22:00:00.000Z'))).toBe('ENDED');
  });

  it('keeps DRAFT and CANCELED whatever the time', () => {
    for (const now of ['2026-01-01T00:00:00Z', '2026-03-01T20:00:00Z', '2027-01-01T00:00:00Z']) {
      expect(eventStatus('DRAFT', concert, at(now))).toBe('DRAFT');
      expect(eventStatus('CANCELED', concert, at(now))).toBe('CANCELED');
    }
  });

  it('is UPCOMING while the date is to be announced', () => {
    expect(eventStatus('PUBLISHED', { startDate: null, endDate: null }, at('2030-01-01T00:00:00Z'))).toBe(
      'UPCOMING',
    );
  });
});

describe('recurrenceStatus and seriesSpan', () => {
  const dates = [
    { startDate: '2026-03-01T19:00:00.000Z', endDate: '2026-03-01T21:00:00.000Z' },
    { startDate: '2026-03-08T19:00:00.000Z', endDate: '2026-03-08T21:00:00.000Z' },
  ];

  it('tells a series from a one-time event, and where the series stands', () => {
    expect(recurrenceStatus('PUBLISHED', [], at('2026-01-01T00:00:00Z'))).toBe('ONE_TIME');
    expect(recurrenceStatus('PUBLISHED', dates.slice(0, 1), at('2026-01-01T00:00:00Z'))).toBe('ONE_TIME');
    expect(recurrenceStatus('PUBLISHED', dates, at('2026-02-01T00:00:00Z'))).toBe('RECURRING');
    expect(recurrenceStatus('PUBLISHED', dates, at('2026-03-05T00:00:00Z'))).toBe('RECURRING_UPCOMING');
    expect(recurrenceStatus('PUBLISHED', dates, at('2026-03-09T00:00:00Z'))).toBe('RECURRING_RECENTLY_ENDED');
    expect(recurrenceStatus('CANCELED', dates, at('2026-02-01T00:00:00Z'))).toBe(
      'RECURRING_RECENTLY_CANCELED',
    );
  });

  it('spans a series from its first start to its last end', () => {
    expect(seriesSpan([dates[1]!, dates[0]!])).toEqual({
      startDate: '2026-03-01T19:00:00.000Z',
      endDate: '2026-03-08T21:00:00.000Z',
    });
    expect(seriesSpan([])).toBeUndefined();
  });
});

describe('registration', () => {
  const now = at('2026-02-01T00:00:00Z');
  const onSale = { saleStatus: 'SALE_STARTED' as const, soldOut: false };

  it('types: NONE when disabled, EXTERNAL with a URL, else the initial type', () => {
    expect(registrationType({ initialType: 'RSVP' })).toBe('RSVP');
    expect(registrationType({ initialType: 'TICKETING', external: { url: 'https://x.example' } })).toBe(
      'EXTERNAL',
    );
    expect(registrationType({ initialType: 'TICKETING', registrationDisabled: true })).toBe('NONE');
  });

  it('ticketing: open while a ticket is on sale, closed automatically when sold out or over', () => {
    const settings = { initialType: 'TICKETING' as const };
    expect(registrationStatus(settings, 'UPCOMING', { rsvpYes: 0, tickets: [onSale] }, now)).toBe(
      'OPEN_TICKETS',
    );
    const soldOut = { rsvpYes: 0, tickets: [{ ...onSale, soldOut: true }] };
    expect(registrationStatus(settings, 'UPCOMING', soldOut, now)).toBe('CLOSED_AUTOMATICALLY');
    const scheduled = { rsvpYes: 0, tickets: [{ ...onSale, saleStatus: 'SALE_SCHEDULED' as const }] };
    expect(registrationStatus(settings, 'UPCOMING', scheduled, now)).toBe('CLOSED_AUTOMATICALLY');
    expect(registrationStatus(settings, 'ENDED', { rsvpYes: 0, tickets: [onSale] }, now)).toBe(
      'CLOSED_AUTOMATICALLY',
    );
    expect(registrationStatus(settings, 'CANCELED', { rsvpYes: 0, tickets: [onSale] }, now)).toBe(
      'CLOSED_AUTOMATICALLY',
    );
  });

  it('closed manually when paused or turned off; external registration stays open', () => {
    const uptake = { rsvpYes: 0, tickets: [onSale] };
    expect(
      registrationStatus({ initialType: 'TICKETING', registrationPaused: true }, 'UPCOMING', uptake, now),
    ).toBe('CLOSED_MANUALLY');
    expect(
      registrationStatus({ initialType: 'RSVP', registrationDisabled: true }, 'UPCOMING', uptake, now),
    ).toBe('CLOSED_MANUALLY');
    expect(
      registrationStatus(
        { initialType: 'RSVP', external: { url: 'https://x.example' } },
        'STARTED',
        uptake,
        now,
      ),
    ).toBe('OPEN_EXTERNAL');
  });

  it('RSVP: scheduled before its window, closed after it, waitlist once full', () => {
    const none = { rsvpYes: 0, tickets: [] };
    const window = { startDate: '2026-02-10T00:00:00.000Z', endDate: '2026-02-20T00:00:00.000Z' };
    const rsvp = (extra = {}) => ({ initialType: 'RSVP' as const, rsvp: { ...window, ...extra } });
    expect(registrationStatus(rsvp(), 'UPCOMING', none, now)).toBe('SCHEDULED_RSVP');
    expect(registrationStatus(rsvp(), 'UPCOMING', none, at('2026-02-15T00:00:00Z'))).toBe('OPEN_RSVP');
    expect(registrationStatus(rsvp(), 'UPCOMING', none, at('2026-02-20T00:00:00Z'))).toBe(
      'CLOSED_AUTOMATICALLY',
    );
    const full = { rsvpYes: 10, tickets: [] };
    const mid = at('2026-02-15T00:00:00Z');
    expect(registrationStatus(rsvp({ limit: 10 }), 'UPCOMING', full, mid)).toBe('CLOSED_AUTOMATICALLY');
    expect(registrationStatus(rsvp({ limit: 10, waitlistEnabled: true }), 'UPCOMING', full, mid)).toBe(
      'OPEN_RSVP_WAITLIST_ONLY',
    );
  });
});

describe('saleStatus', () => {
  const period = { startDate: '2026-02-01T00:00:00.000Z', endDate: '2026-03-01T00:00:00.000Z' };
  it('is scheduled before the period, started in it, ended after it or once the event is over', () => {
    expect(saleStatus(period, at('2026-01-31T23:59:59Z'))).toBe('SALE_SCHEDULED');
    expect(saleStatus(period, at('2026-02-01T00:00:00Z'))).toBe('SALE_STARTED');
    expect(saleStatus(period, at('2026-03-01T00:00:00Z'))).toBe('SALE_ENDED');
    expect(saleStatus(undefined, at('2026-02-15T00:00:00Z'))).toBe('SALE_STARTED');
    expect(saleStatus(undefined, at('2026-02-15T00:00:00Z'), true)).toBe('SALE_ENDED');
  });
});

describe('withStatusConditions', () => {
  const now = '2026-02-01T00:00:00.000Z';
  it('turns status conditions at any depth into conditions on the lifecycle and the dates', () => {
    expect(withStatusConditions({ status: 'DRAFT' }, now)).toEqual({ lifecycle: 'DRAFT' });
    expect(withStatusConditions({ title: 'Jazz', status: { $in: ['ENDED', 'CANCELED'] } }, now)).toEqual({
      $and: [{ title: 'Jazz' }, { $or: [statusCondition('ENDED', now), statusCondition('CANCELED', now)] }],
    });
    expect(withStatusConditions({ $or: [{ status: { $ne: 'UPCOMING' } }, { slug: 'x' }] }, now)).toEqual({
      $or: [{ $not: statusCondition('UPCOMING', now) }, { slug: 'x' }],
    });
  });

  it('refuses a status that does not exist and operators status cannot take', () => {
    expect(() => withStatusConditions({ status: 'SOON' }, now)).toThrow(/must be one of/);
    expect(() => withStatusConditions({ status: { $gt: 'UPCOMING' } }, now)).toThrow(
      /\$eq, \$ne, \$in and \$nin/,
    );
  });
});

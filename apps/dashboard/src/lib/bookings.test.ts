import { describe, expect, it } from 'vitest';
import type { Booking, Service, TimePeriod } from '../api/bookings.ts';
import {
  customerOf,
  hoursByDay,
  hoursSummary,
  instantOf,
  localInput,
  periodsOf,
  priceOf,
  timeRange,
  weekDays,
  weekOf,
} from './bookings.ts';

const day = (openDay: TimePeriod['openDay'], openTime: string, closeTime: string, closeDay = openDay) => ({
  openDay,
  openTime,
  closeDay,
  closeTime,
});

describe('weeks in the site’s time zone', () => {
  it('starts on the Monday of the given day, or of today, and bounds the week by instants', () => {
    const monday = weekOf('2026-11-26', 'America/New_York');
    expect(monday.toISODate()).toBe('2026-11-23');
    const { days, from, to } = weekDays(monday);
    expect(days.map((d) => d.toFormat('ccc d'))).toEqual([
      'Mon 23',
      'Tue 24',
      'Wed 25',
      'Thu 26',
      'Fri 27',
      'Sat 28',
      'Sun 29',
    ]);
    expect([from, to]).toEqual(['2026-11-23T05:00:00.000Z', '2026-11-30T05:00:00.000Z']);
    expect(weekOf('not a day', 'UTC', new Date('2026-03-04T12:00:00Z')).toISODate()).toBe('2026-03-02');
    expect(weekOf(null, 'Pacific/Auckland', new Date('2026-03-01T20:00:00Z')).toISODate()).toBe('2026-03-02');
  });

  it('writes ranges in the zone, naming both days when they differ', () => {
    expect(timeRange('2026-11-24T15:00:00Z', '2026-11-24T15:45:00Z', 'Europe/Lisbon')).toBe(
      'Tue 24 Nov 2026, 15:00–15:45',
    );
    expect(timeRange('2026-11-24T22:00:00Z', '2026-11-25T00:00:00Z', 'UTC')).toBe(
      'Tue 24 Nov 2026, 22:00–00:00',
    );
    expect(timeRange('2026-11-24T09:00:00Z', '2026-11-26T18:00:00Z', 'UTC')).toBe(
      'Tue 24 Nov 2026, 09:00 – Thu 26 Nov 2026, 18:00',
    );
  });

  it('reads and writes datetime-local values in the zone', () => {
    expect(instantOf('2026-07-01T09:30', 'Europe/Lisbon')).toBe('2026-07-01T08:30:00.000Z');
    expect(localInput('2026-07-01T08:30:00.000Z', 'Europe/Lisbon')).toBe('2026-07-01T09:30');
    expect(instantOf('', 'UTC')).toBeUndefined();
  });
});

describe('working hours', () => {
  it('splits periods by weekday, midnight as 00:00, and joins them back as the API has them', () => {
    const week = hoursByDay([
      day('TUESDAY', '12:00', '24:00'),
      day('MONDAY', '13:00', '17:00'),
      day('MONDAY', '09:00', '12:00'),
    ]);
    expect(week.MONDAY).toEqual([
      { open: '09:00', close: '12:00' },
      { open: '13:00', close: '17:00' },
    ]);
    expect(week.TUESDAY).toEqual([{ open: '12:00', close: '00:00' }]);
    expect(periodsOf(week)).toEqual({
      periods: [
        day('MONDAY', '09:00', '12:00'),
        day('MONDAY', '13:00', '17:00'),
        day('TUESDAY', '12:00', '24:00'),
      ],
      problems: {},
    });
  });

  it('a period over midnight is cut at the end of its day', () => {
    expect(hoursByDay([day('FRIDAY', '22:00', '02:00', 'SATURDAY')]).FRIDAY).toEqual([
      { open: '22:00', close: '00:00' },
    ]);
  });

  it('names the first problem of each day: empty, backwards or overlapping periods', () => {
    const week = hoursByDay([]);
    week.MONDAY = [{ open: '12:00', close: '10:00' }];
    week.TUESDAY = [
      { open: '09:00', close: '12:00' },
      { open: '11:00', close: '13:00' },
    ];
    week.WEDNESDAY = [{ open: '', close: '10:00' }];
    expect(periodsOf(week).problems).toEqual({
      MONDAY: '12:00–10:00 ends before it starts.',
      TUESDAY: '11:00–13:00 overlaps the period before it.',
      WEDNESDAY: 'Give every period a start and an end.',
    });
  });

  it('sums a week up', () => {
    expect(hoursSummary(undefined)).toBe('Business hours');
    expect(hoursSummary([])).toBe('Not working');
    expect(hoursSummary([day('MONDAY', '00:00', '12:00'), day('SUNDAY', '12:00', '24:00')])).toBe(
      '2 days, 24 h a week',
    );
  });
});

describe('services and bookings', () => {
  const service = (payment: Service['payment']): Service => ({
    id: 's',
    revision: '1',
    type: 'APPOINTMENT',
    name: 'Cut',
    payment,
  });

  it('prices a service by its rate type', () => {
    expect(priceOf(service({ rateType: 'FIXED', fixed: { price: { value: '45' } } }), 'USD')).toBe('$45.00');
    expect(priceOf(service({ rateType: 'VARIED', varied: { defaultPrice: { value: '10.5' } } }), 'EUR')).toBe(
      'From €10.50',
    );
    expect(priceOf(service({ rateType: 'CUSTOM', custom: { description: 'Ask us' } }), 'USD')).toBe('Ask us');
    expect(priceOf(service({ rateType: 'NO_FEE' }), 'USD')).toBe('Free');
  });

  it('names the customer by contact, else by who booked', () => {
    const booking = (extra: Partial<Booking>) => ({ createdBy: {}, ...extra }) as Booking;
    expect(
      customerOf(
        booking({ contactDetails: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } }),
      ),
    ).toBe('Ada Lovelace · ada@example.com');
    expect(customerOf(booking({ createdBy: { memberId: '0123456789abcdef' } }))).toBe('Member 01234567');
    expect(customerOf(booking({ createdBy: { anonymousVisitorId: 'v' } }))).toBe(
      'A visitor (no contact details)',
    );
  });
});

/**
 * Daylight-saving days and a half-hour zone. Each case states the instants the local times must be,
 * worked out by hand from the zone's rules.
 */
import { describe, expect, it } from 'vitest';
import { appointment, request, staffMember, summary } from './availability/testing.ts';
import { queryAvailability, type ServiceInput } from './availability.ts';

function day(
  zone: string,
  hours: { start: string; end: string }[],
  from: string,
  to: string,
  extra: Partial<ServiceInput> = {},
) {
  const service = appointment({ timeZone: zone, ...extra });
  return summary(queryAvailability(service, { staff: [staffMember('a', hours)] }, request(from, to)));
}

describe('America/New_York', () => {
  it('fall-back (2024-11-03): 01:00–04:00 is four real hours, the repeated 01:00 offered twice', () => {
    // 01:00 EDT = 05:00Z; the clocks go back at 06:00Z, so 01:00 EST = 06:00Z; 04:00 EST = 09:00Z.
    expect(
      day(
        'America/New_York',
        [{ start: '01:00', end: '04:00' }],
        '2024-11-03T00:00:00Z',
        '2024-11-04T12:00:00Z',
      ),
    ).toEqual([
      '2024-11-03T05:00:00Z 2024-11-03T01:00:00 a',
      '2024-11-03T06:00:00Z 2024-11-03T01:00:00 a',
      '2024-11-03T07:00:00Z 2024-11-03T02:00:00 a',
      '2024-11-03T08:00:00Z 2024-11-03T03:00:00 a',
      // The next day is a normal EST day: 01:00 = 06:00Z.
      '2024-11-04T06:00:00Z 2024-11-04T01:00:00 a',
      '2024-11-04T07:00:00Z 2024-11-04T02:00:00 a',
      '2024-11-04T08:00:00Z 2024-11-04T03:00:00 a',
    ]);
  });

  it('spring-forward (2024-03-10): 01:00–04:00 is two real hours, no 02:00', () => {
    // 01:00 EST = 06:00Z; at 07:00Z the clock jumps from 02:00 EST to 03:00 EDT; 04:00 EDT = 08:00Z.
    expect(
      day(
        'America/New_York',
        [{ start: '01:00', end: '04:00' }],
        '2024-03-10T00:00:00Z',
        '2024-03-10T23:00:00Z',
      ),
    ).toEqual(['2024-03-10T06:00:00Z 2024-03-10T01:00:00 a', '2024-03-10T07:00:00Z 2024-03-10T03:00:00 a']);
  });

  it('spring-forward: a range starting in the skipped hour starts when the clock jumps', () => {
    // 02:30 does not exist that night; the range starts at 03:00 EDT (07:00Z) and ends 05:00 EDT.
    expect(
      day(
        'America/New_York',
        [{ start: '02:30', end: '05:00' }],
        '2024-03-10T00:00:00Z',
        '2024-03-10T23:00:00Z',
      ),
    ).toEqual(['2024-03-10T07:00:00Z 2024-03-10T03:00:00 a', '2024-03-10T08:00:00Z 2024-03-10T04:00:00 a']);
  });

  it('a day across the change keeps its real length: 00:00–06:00 on 30-minute steps', () => {
    const spring = day(
      'America/New_York',
      [{ start: '00:00', end: '06:00' }],
      '2024-03-10T00:00:00Z',
      '2024-03-10T23:00:00Z',
      {
        durationMinutes: 30,
      },
    );
    expect(spring).toHaveLength(10);
    expect(spring.some((s) => s.includes('T02:'))).toBe(false);
    const autumn = day(
      'America/New_York',
      [{ start: '00:00', end: '06:00' }],
      '2024-11-03T00:00:00Z',
      '2024-11-03T23:00:00Z',
      {
        durationMinutes: 30,
      },
    );
    expect(autumn).toHaveLength(14);
    expect(autumn.filter((s) => s.includes('T01:00:00 ')).length).toBe(2);
  });

  it('a weekly class at a repeated or skipped wall time runs once, at the first such moment', () => {
    const service: ServiceInput = {
      ...appointment({ timeZone: 'America/New_York' }),
      type: 'CLASS',
      sessions: {
        scheduleId: 'sch',
        capacity: 5,
        rules: [
          { weekday: 'SUN', start: '01:30', durationMinutes: 60, from: '2024-11-03', to: '2024-11-03' },
          { weekday: 'SUN', start: '02:30', durationMinutes: 60, from: '2024-03-10', to: '2024-03-10' },
        ],
      },
    };
    const spring = queryAvailability(
      service,
      { staff: [] },
      request('2024-03-10T00:00:00Z', '2024-03-11T00:00:00Z'),
    );
    const autumn = queryAvailability(
      service,
      { staff: [] },
      request('2024-11-03T00:00:00Z', '2024-11-04T00:00:00Z'),
    );
    // 01:30 EDT = 05:30Z, ending 01:30 EST; 02:30 is skipped, so the class starts at 03:00 EDT = 07:00Z.
    expect(summary(autumn)).toEqual(['2024-11-03T05:30:00Z 2024-11-03T01:30:00 -']);
    expect(autumn[0]!.entry.slot.endDate).toBe('2024-11-03T01:30:00');
    expect(summary(spring)).toEqual(['2024-03-10T07:00:00Z 2024-03-10T03:00:00 -']);
  });

  it('writes slot times in the buyer zone, whatever the business zone', () => {
    // A New York business at 09:00 EST (14:00Z) seen from Kolkata (UTC+05:30) is 19:30.
    const service = appointment({ timeZone: 'America/New_York' });
    const world = { staff: [staffMember('a', [{ start: '09:00', end: '10:00' }])] };
    const [slot] = queryAvailability(
      service,
      world,
      request('2024-01-08T00:00:00Z', '2024-01-09T00:00:00Z', { timeZone: 'Asia/Kolkata' }),
    );
    expect(slot!.entry.slot).toMatchObject({
      startDate: '2024-01-08T19:30:00',
      endDate: '2024-01-08T20:30:00',
      timezone: 'Asia/Kolkata',
    });
  });
});

describe('Europe/London', () => {
  it('fall-back (2024-10-27): 00:00–03:00 gives four slots, 01:00 twice', () => {
    // 00:00 BST = 23:00Z the day before; 02:00 BST becomes 01:00 GMT at 01:00Z; 03:00 GMT = 03:00Z.
    expect(
      day(
        'Europe/London',
        [{ start: '00:00', end: '03:00' }],
        '2024-10-26T12:00:00Z',
        '2024-10-27T12:00:00Z',
      ),
    ).toEqual([
      '2024-10-26T23:00:00Z 2024-10-27T00:00:00 a',
      '2024-10-27T00:00:00Z 2024-10-27T01:00:00 a',
      '2024-10-27T01:00:00Z 2024-10-27T01:00:00 a',
      '2024-10-27T02:00:00Z 2024-10-27T02:00:00 a',
    ]);
  });

  it('spring-forward (2024-03-31): 00:00–03:00 gives two slots, no 01:00', () => {
    // 01:00 GMT jumps to 02:00 BST at 01:00Z; 03:00 BST = 02:00Z.
    expect(
      day(
        'Europe/London',
        [{ start: '00:00', end: '03:00' }],
        '2024-03-30T12:00:00Z',
        '2024-03-31T12:00:00Z',
      ),
    ).toEqual(['2024-03-31T00:00:00Z 2024-03-31T00:00:00 a', '2024-03-31T01:00:00Z 2024-03-31T02:00:00 a']);
  });

  it('a weekly class keeps its local time across the change', () => {
    const service: ServiceInput = {
      ...appointment({ timeZone: 'Europe/London' }),
      type: 'CLASS',
      sessions: {
        scheduleId: 'sch',
        capacity: 5,
        rules: [{ weekday: 'SAT', start: '10:00', durationMinutes: 60, from: '2024-03-01' }],
      },
    };
    const offers = queryAvailability(
      service,
      { staff: [] },
      request('2024-03-23T00:00:00Z', '2024-04-07T00:00:00Z'),
    );
    expect(summary(offers)).toEqual([
      '2024-03-23T10:00:00Z 2024-03-23T10:00:00 -',
      '2024-03-30T10:00:00Z 2024-03-30T10:00:00 -',
      '2024-04-06T09:00:00Z 2024-04-06T10:00:00 -',
    ]);
  });
});

describe('Asia/Kolkata (UTC+05:30)', () => {
  it('places local hours on half-hour instants and writes them back in any zone', () => {
    const service = appointment({ timeZone: 'Asia/Kolkata' });
    const world = { staff: [staffMember('a', [{ start: '09:00', end: '11:00' }])] };
    const req = request('2024-06-03T00:00:00Z', '2024-06-04T00:00:00Z');
    expect(summary(queryAvailability(service, world, req))).toEqual([
      '2024-06-03T03:30:00Z 2024-06-03T09:00:00 a',
      '2024-06-03T04:30:00Z 2024-06-03T10:00:00 a',
    ]);
    expect(
      queryAvailability(service, world, { ...req, timeZone: 'Europe/London' }).map(
        (o) => o.entry.slot.startDate,
      ),
    ).toEqual(['2024-06-03T04:30:00', '2024-06-03T05:30:00']);
  });

  it('counts a local day from local midnight, 18:30Z the day before', () => {
    const service = appointment({ timeZone: 'Asia/Kolkata' });
    const world = { staff: [staffMember('a', [{ start: '00:00', end: '02:00' }])] };
    expect(
      summary(queryAvailability(service, world, request('2024-06-02T12:00:00Z', '2024-06-03T12:00:00Z'))),
    ).toEqual(['2024-06-02T18:30:00Z 2024-06-03T00:00:00 a', '2024-06-02T19:30:00Z 2024-06-03T01:00:00 a']);
  });
});

import { describe, expect, it } from 'vitest';
import { appointment, iso, staffMember } from './availability/testing.ts';
import {
  AvailabilityInputError,
  type AvailabilityWorld,
  encodeCursor,
  type MultiSlotLeg,
  type MultiSlotRequest,
  multiSlot,
} from './availability.ts';

const morning = [{ start: '09:00', end: '12:00' }];
const cut = appointment({ id: 'svc-cut', durationMinutes: 60, bufferMinutes: 15, staffIds: ['a'] });
const colour = appointment({ id: 'svc-colour', durationMinutes: 30, bufferMinutes: 0, staffIds: ['b'] });
const world: AvailabilityWorld = { staff: [staffMember('a', morning), staffMember('b', morning)] };
const monday: MultiSlotRequest = {
  from: '2024-01-08T00:00:00Z',
  to: '2024-01-09T00:00:00Z',
  now: '2024-01-01T00:00:00Z',
  timeZone: 'UTC',
};
const legs: MultiSlotLeg[] = [{ service: cut }, { service: colour }];

const nested = (answer: ReturnType<typeof multiSlot>) =>
  answer.slots.map((s) =>
    s
      .nestedTimeSlots!.map(
        (n) => `${n.serviceId}@${n.start.slice(11, 16)}-${n.end.slice(11, 16)}/${n.resource?.id}`,
      )
      .join(' '),
  );

describe('multiSlot', () => {
  it('chains services back to back, the next starting after the previous one and its buffer', () => {
    const answer = multiSlot(legs, world, monday);
    // Cut on the hour; colour 15 minutes after it ends. An 11:00 cut would need colour at 12:15,
    // after b's hours.
    expect(nested(answer)).toEqual([
      'svc-cut@09:00-10:00/a svc-colour@10:15-10:45/b',
      'svc-cut@10:00-11:00/a svc-colour@11:15-11:45/b',
    ]);
    expect(answer.slots[0]!.slot).toMatchObject({
      serviceId: 'svc-cut',
      startDate: '2024-01-08T09:00:00',
      endDate: '2024-01-08T10:45:00',
      resource: { id: 'a', name: 'Staff a' },
    });
    expect(answer.cursorPagingMetadata).toEqual({
      count: 2,
      cursors: { next: null, prev: null },
      hasNext: false,
    });
  });

  it('drops a chain whose later service has no free staff member', () => {
    const busy = {
      ...world,
      busy: [{ staffId: 'b', start: '2024-01-08T10:30:00Z', end: '2024-01-08T11:00:00Z' }],
    };
    expect(nested(multiSlot(legs, busy, monday))).toEqual(['svc-cut@10:00-11:00/a svc-colour@11:15-11:45/b']);
  });

  it('gives one staff member two legs only with the larger buffer between them', () => {
    // a gives both; b only the second, which needs 30 minutes kept free around it.
    const first = appointment({ id: 's1', durationMinutes: 60, bufferMinutes: 0, staffIds: ['a'] });
    const second = appointment({ id: 's2', durationMinutes: 30, bufferMinutes: 30, staffIds: ['a', 'b'] });
    const answer = multiSlot([{ service: first }, { service: second }], world, {
      ...monday,
      to: '2024-01-08T11:00:00Z',
    });
    expect(nested(answer)).toEqual(['s1@09:00-10:00/a s2@10:00-10:30/b']);
    const onlyA = multiSlot([{ service: first }, { service: second, staffIds: ['a'] }], world, monday);
    expect(onlyA.slots).toEqual([]);
  });

  it('marks a chain unbookable when any of its services breaks its policy', () => {
    const strict = { ...colour, policy: { onlineBookingEnabled: true, earliestBookingMinutes: 60 } };
    const answer = multiSlot([{ service: cut }, { service: strict }], world, {
      ...monday,
      now: '2024-01-08T08:30:00Z',
    });
    expect(answer.slots.map((s) => [s.bookable, s.bookingPolicyViolations.tooEarlyToBook])).toEqual([
      [false, true],
      [false, true],
    ]);
    expect(
      multiSlot([{ service: cut }, { service: strict }], world, {
        ...monday,
        now: '2024-01-08T09:30:00Z',
        bookableOnly: true,
      }).slots,
    ).toEqual([]);
  });

  it('pages with an opaque cursor through exactly the unpaged answer', () => {
    const week = { ...monday, to: '2024-01-15T00:00:00Z', stepMinutes: 15 };
    const all = multiSlot(legs, world, { ...week, cursorPaging: { limit: 100 } }).offers.map((o) => o.start);
    expect(all.length).toBeGreaterThan(20);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = multiSlot(legs, world, { ...week, cursorPaging: { limit: 7, cursor } });
      expect(page.cursorPagingMetadata.count).toBe(page.slots.length);
      seen.push(...page.offers.map((o) => o.start));
      cursor = page.cursorPagingMetadata.cursors.next;
      expect(page.cursorPagingMetadata.hasNext).toBe(cursor !== null);
      pages++;
    } while (cursor && pages < 50);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 7));
    expect(() => multiSlot(legs, world, { ...week, cursorPaging: { cursor: 'not-ours' } })).toThrow(
      AvailabilityInputError,
    );
    expect(() => multiSlot(legs, world, { ...week, cursorPaging: { limit: 101 } })).toThrow(
      AvailabilityInputError,
    );
  });

  it('applies slotsPerDay before paging', () => {
    const week = { ...monday, to: '2024-01-11T00:00:00Z', stepMinutes: 15, slotsPerDay: 2 };
    const answer = multiSlot(legs, world, { ...week, cursorPaging: { limit: 4 } });
    expect(answer.offers.map((o) => iso(o.start))).toEqual([
      '2024-01-08T09:00:00Z',
      '2024-01-08T09:15:00Z',
      '2024-01-09T09:00:00Z',
      '2024-01-09T09:15:00Z',
    ]);
    const next = multiSlot(legs, world, {
      ...week,
      cursorPaging: { limit: 4, cursor: answer.cursorPagingMetadata.cursors.next },
    });
    expect(next.offers.map((o) => iso(o.start))).toEqual(['2024-01-10T09:00:00Z', '2024-01-10T09:15:00Z']);
    expect(encodeCursor(answer.offers[3]!.start)).toBe(answer.cursorPagingMetadata.cursors.next);
  });

  it('refuses non-appointment services and empty or long chains', () => {
    const klass = { ...cut, type: 'CLASS' as const };
    expect(() => multiSlot([{ service: klass }], world, monday)).toThrow(/appointment/);
    expect(() => multiSlot([], world, monday)).toThrow(AvailabilityInputError);
    expect(() => multiSlot(Array(7).fill({ service: cut }), world, monday)).toThrow(AvailabilityInputError);
  });
});

import { describe, expect, it } from 'vitest';
import { dayText, durationText, groupByStaff, type HostedSlot, timeText } from './bookings.ts';

const slot = (startDate: string, resource?: { id: string; name: string }): HostedSlot => ({
  startDate,
  endDate: startDate,
  openSpots: 1,
  totalSpots: 1,
  ...(resource ? { resource } : {}),
});

describe('slot words', () => {
  it('writes local times and days as given, whatever the zone of the machine', () => {
    expect(timeText('2026-03-08T02:30:00')).toBe('2:30 AM');
    expect(timeText('2026-03-02T14:00:00')).toBe('2:00 PM');
    expect(dayText('2026-03-02')).toEqual({ weekday: 'Mon', day: 'Mar 2', long: 'Monday, March 2' });
  });

  it('writes durations in hours and minutes', () => {
    expect(durationText(45)).toBe('45 min');
    expect(durationText(60)).toBe('1 hr');
    expect(durationText(90)).toBe('1 hr 30 min');
  });
});

describe('groupByStaff', () => {
  const alex = { id: 'a', name: 'Alex' };
  const sam = { id: 's', name: 'Sam' };

  it('groups per staff member, in the order of their first slot, when several give slots', () => {
    const groups = groupByStaff([slot('T09', sam), slot('T10', alex), slot('T11', sam)]);
    expect(groups.map((g) => [g.staff?.name, g.slots.map((s) => s.startDate)])).toEqual([
      ['Sam', ['T09', 'T11']],
      ['Alex', ['T10']],
    ]);
  });

  it('keeps one group without a heading for one staff member, none for no slots', () => {
    expect(groupByStaff([slot('T09', alex), slot('T10', alex)])).toEqual([
      { slots: [slot('T09', alex), slot('T10', alex)] },
    ]);
    expect(groupByStaff([])).toEqual([]);
  });
});

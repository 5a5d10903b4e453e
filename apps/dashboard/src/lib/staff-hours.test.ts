import { describe, expect, it } from 'vitest';
import { sameHoursOn, staffChanges } from './staff-hours.ts';

describe('a new staff member’s hours', () => {
  it('gives each chosen day the same period', () => {
    const { periods, problem } = sameHoursOn(['MONDAY', 'WEDNESDAY'], '09:00', '17:30');
    expect(problem).toBeUndefined();
    expect(periods).toEqual([
      { openDay: 'MONDAY', openTime: '09:00', closeDay: 'MONDAY', closeTime: '17:30' },
      { openDay: 'WEDNESDAY', openTime: '09:00', closeDay: 'WEDNESDAY', closeTime: '17:30' },
    ]);
  });

  it('reads an end of 00:00 as midnight and names a period ending before it starts', () => {
    expect(sameHoursOn(['FRIDAY'], '18:00', '00:00').periods[0]?.closeTime).toBe('24:00');
    expect(sameHoursOn(['FRIDAY'], '18:00', '09:00').problem).toBe('18:00–09:00 ends before it starts.');
    expect(sameHoursOn([], '09:00', '17:00').periods).toEqual([]);
  });
});

describe('the services a staff member gives', () => {
  const services = [
    { id: 'cut', staffMemberIds: ['ana', 'bo'] },
    { id: 'dye', staffMemberIds: ['bo'] },
    { id: 'wash' },
  ];

  it('adds them to the newly chosen and takes them off the others, keeping the rest', () => {
    expect(staffChanges(services, 'ana', new Set(['dye', 'wash']))).toEqual([
      { service: services[0], staffMemberIds: ['bo'] },
      { service: services[1], staffMemberIds: ['bo', 'ana'] },
      { service: services[2], staffMemberIds: ['ana'] },
    ]);
  });

  it('changes nothing when the choice is what they give', () => {
    expect(staffChanges(services, 'bo', new Set(['cut', 'dye']))).toEqual([]);
  });
});

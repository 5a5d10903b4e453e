import { describe, expect, it } from 'vitest';
import { isTimestamp, reviveDates } from '../src/core/dates.ts';

describe('reviveDates: "…Date" fields holding ISO timestamps become Date', () => {
  it('converts createdDate, updatedDate and any other …Date at any depth', () => {
    const revived = reviveDates({
      site: { id: 's1', createdDate: '2024-01-01T00:00:00.000Z', updatedDate: '2024-02-01T10:30:00+02:00' },
      events: [{ startDate: '2024-03-01T09:00:00Z' }],
    });
    expect(revived.site.createdDate).toEqual(new Date('2024-01-01T00:00:00.000Z'));
    expect(revived.site.updatedDate).toEqual(new Date('2024-02-01T08:30:00.000Z'));
    expect(revived.events[0]?.startDate).toEqual(new Date('2024-03-01T09:00:00Z'));
  });

  it('keeps id as id and leaves other strings alone', () => {
    const revived = reviveDates({ id: 'x', name: '2024-01-01T00:00:00Z', createdBy: '2024-01-01T00:00:00Z' });
    expect(revived).toEqual({ id: 'x', name: '2024-01-01T00:00:00Z', createdBy: '2024-01-01T00:00:00Z' });
  });

  it('keeps local date-times and dates without a zone as strings', () => {
    const revived = reviveDates({
      startDate: '2024-05-01T10:00:00',
      birthDate: '1990-04-02',
      endDate: 'soon',
    });
    expect(revived).toEqual({ startDate: '2024-05-01T10:00:00', birthDate: '1990-04-02', endDate: 'soon' });
  });

  it('refuses impossible timestamps', () => {
    expect(isTimestamp('2024-13-45T00:00:00Z')).toBe(false);
    expect(isTimestamp('2024-01-01T00:00:00.123456Z')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { eventDraftOf, eventInputOf, fromLocalInput, timeZones, toLocalInput } from './event-form.ts';

describe('event form dates', () => {
  it('reads a local time in the event’s zone, summer and winter', () => {
    expect(fromLocalInput('2026-07-01T19:30', 'Europe/Paris')).toBe('2026-07-01T17:30:00Z');
    expect(fromLocalInput('2026-12-01T19:30', 'Europe/Paris')).toBe('2026-12-01T18:30:00Z');
    expect(fromLocalInput('2026-12-01T19:30', 'America/New_York')).toBe('2026-12-02T00:30:00Z');
  });

  it('shows an instant as the zone’s clock, and round-trips', () => {
    expect(toLocalInput('2026-12-02T00:30:00Z', 'America/New_York')).toBe('2026-12-01T19:30');
    expect(fromLocalInput(toLocalInput('2026-03-29T01:15:00Z', 'Europe/London'), 'Europe/London')).toBe(
      '2026-03-29T01:15:00Z',
    );
  });

  it('leaves empty values out and hands bad ones to the server', () => {
    expect(fromLocalInput('  ', 'UTC')).toBeUndefined();
    expect(fromLocalInput('tomorrow', 'UTC')).toBe('tomorrow');
    expect(toLocalInput(undefined, 'UTC')).toBe('');
    expect(toLocalInput('nonsense', 'UTC')).toBe('');
  });

  it('lists the zones with the current one', () => {
    expect(timeZones('Europe/Paris')).toContain('Europe/Paris');
    expect(timeZones('Mars/Olympus')[0]).toBe('Mars/Olympus');
    expect(timeZones('')).toContain('UTC');
  });
});

describe('the event form', () => {
  const draft = {
    title: '  Gala ',
    shortDescription: ' ',
    start: '2027-03-10T19:00',
    end: '2027-03-10T23:00',
    timeZoneId: 'Europe/Paris',
    tbd: false,
    locationType: 'VENUE' as const,
    locationName: 'Pier 9',
    address: '9 Quai du Port',
    registration: 'TICKETING' as const,
  };

  it('sends a new event’s times in its zone, its venue and its kind of registration', () => {
    expect(eventInputOf(draft, true)).toEqual({
      title: 'Gala',
      shortDescription: null,
      dateAndTimeSettings: {
        dateAndTimeTbd: false,
        timeZoneId: 'Europe/Paris',
        startDate: '2027-03-10T18:00:00Z',
        endDate: '2027-03-10T22:00:00Z',
      },
      location: { name: 'Pier 9', type: 'VENUE', address: { formattedAddress: '9 Quai du Port' } },
      registration: { initialType: 'TICKETING' },
    });
  });

  it('leaves the dates out when they are to be announced, the address when online, the registration on edit', () => {
    const input = eventInputOf({ ...draft, tbd: true, locationType: 'ONLINE' }, false);
    expect(input.dateAndTimeSettings).toEqual({ dateAndTimeTbd: true, timeZoneId: 'Europe/Paris' });
    expect(input.location).toEqual({ name: 'Pier 9', type: 'ONLINE' });
    expect(input).not.toHaveProperty('registration');
  });

  it('starts from the event as stored, its times on its own clock', () => {
    const form = eventDraftOf(
      {
        id: 'e1',
        revision: '3',
        title: 'Gala',
        slug: 'gala',
        status: 'DRAFT',
        shortDescription: null,
        dateAndTimeSettings: {
          startDate: '2027-03-10T18:00:00Z',
          endDate: '2027-03-10T22:00:00Z',
          timeZoneId: 'Europe/Paris',
        },
        location: { name: 'Pier 9', type: 'VENUE' },
        registration: { type: 'TICKETING', initialType: 'TICKETING' },
      },
      'UTC',
    );
    expect(form).toMatchObject({ start: '2027-03-10T19:00', end: '2027-03-10T23:00', shortDescription: '' });
    expect(eventDraftOf(undefined, 'America/New_York')).toMatchObject({
      timeZoneId: 'America/New_York',
      start: '',
      registration: 'TICKETING',
    });
  });
});

/** An event the events tests start from: a ticketed concert in Paris on 1 March 2026. */
export const START = '2026-03-01T19:00:00.000Z';
export const END = '2026-03-01T22:00:00.000Z';

export const concert = (extra: Record<string, unknown> = {}) => ({
  title: 'Jazz Night',
  location: {
    name: 'Blue Hall',
    type: 'VENUE',
    address: { city: 'Paris', country: 'FR', addressLine: '1 Rue X' },
  },
  dateAndTimeSettings: { startDate: START, endDate: END, timeZoneId: 'Europe/Paris' },
  registration: { initialType: 'TICKETING' },
  shortDescription: 'Live jazz',
  ...extra,
});

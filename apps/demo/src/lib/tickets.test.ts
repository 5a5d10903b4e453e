import { describe, expect, it } from 'vitest';
import {
  availabilityNote,
  eventPlace,
  maxQuantity,
  registrationNote,
  reservationRefusal,
  selectionTotal,
  ticketPrice,
} from './tickets.ts';

const ticket = (extra: object = {}) => ({
  id: 'ga',
  name: 'GA',
  price: { amount: '25.00', currency: 'USD' },
  limitPerCheckout: 20,
  saleStatus: 'SALE_STARTED',
  dashboard: { unsold: 140 },
  ...extra,
});

describe('tickets example', () => {
  it('names the place of an event: venue and city, online, or nothing', () => {
    expect(eventPlace({ location: { name: 'Plaza Hall', address: { city: 'New York' } } })).toBe(
      'Plaza Hall, New York',
    );
    expect(eventPlace({ location: { type: 'ONLINE', name: 'Zoom' } })).toBe('Online');
    expect(eventPlace({})).toBe('');
  });

  it('says why an event sells no tickets here', () => {
    expect(registrationNote({ registration: { type: 'RSVP', status: 'OPEN_RSVP' } })).toMatch(/RSVP/);
    expect(registrationNote({ registration: { type: 'TICKETING', status: 'CLOSED_AUTOMATICALLY' } })).toBe(
      'Sold out',
    );
    expect(registrationNote({ registration: { type: 'TICKETING', status: 'OPEN_TICKETS' } })).toBeUndefined();
  });

  it('prices, limits and what is left of a ticket', () => {
    expect(ticketPrice(ticket())).toBe('$25.00');
    expect(ticketPrice(ticket({ free: true }))).toBe('Free');
    expect(maxQuantity(ticket())).toBe(10);
    expect(maxQuantity(ticket({ limitPerCheckout: 3 }))).toBe(3);
    expect(maxQuantity(ticket({ saleStatus: 'SALE_ENDED' }))).toBe(0);
    expect(availabilityNote(ticket())).toBeUndefined();
    expect(availabilityNote(ticket({ dashboard: { unsold: 3 } }))).toBe('Only 3 left');
    expect(availabilityNote(ticket({ dashboard: { unsold: 0 }, limitPerCheckout: 0 }))).toBe('Sold out');
    expect(availabilityNote(ticket({ saleStatus: 'SALE_SCHEDULED' }))).toBe('Sales have not started');
  });

  it('adds up a choice of tickets without floating-point drift', () => {
    const tickets = [ticket(), ticket({ id: 'front', price: { amount: '65.10', currency: 'USD' } })];
    expect(selectionTotal(tickets, { ga: 2, front: 3 })).toEqual({ count: 5, formatted: '$245.30' });
    expect(selectionTotal(tickets, {})).toEqual({ count: 0, formatted: '$0.00' });
  });

  it('puts refused reservations in words, or leaves them to the API', () => {
    expect(reservationRefusal('TICKET_SOLD_OUT')).toMatch(/Not enough/);
    expect(reservationRefusal('SOMETHING_ELSE')).toBeUndefined();
  });
});

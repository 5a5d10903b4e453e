import { describe, expect, it } from 'vitest';
import { eventFields } from './event.ts';
import {
  guestErrors,
  guestErrorsOf,
  guestKey,
  guestsToSend,
  seatsOf,
  startingGuests,
  withGuestAnswer,
} from './event-guests.ts';

const fields = eventFields({
  controls: [
    {
      type: 'NAME',
      inputs: [
        { name: 'firstName', label: 'First Name', mandatory: true },
        { name: 'lastName', label: 'Last Name', mandatory: true },
      ],
    },
    { type: 'INPUT', inputs: [{ name: 'email', label: 'Email', mandatory: true }] },
    { type: 'DROPDOWN', inputs: [{ name: 'diet', label: 'Diet', options: ['None', 'Vegan'] }] },
  ],
});
const reservation = {
  id: 'r',
  status: 'RESERVATION_PENDING',
  expires: '2026-03-01T19:20:00.000Z',
  tickets: [
    {
      ticketDefinitionId: 'a',
      name: 'Front row',
      quantity: 1,
      price: { amount: '65', currency: 'USD', formattedAmount: '$65.00' },
    },
    {
      ticketDefinitionId: 'b',
      name: 'GA',
      quantity: 2,
      price: { amount: '25', currency: 'USD', formattedAmount: '$25.00' },
    },
  ],
};
const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', diet: '' };
const alan = { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com', diet: 'Vegan' };
const saved = (answers: typeof ada) => ({
  firstName: answers.firstName,
  lastName: answers.lastName,
  email: answers.email,
  form: {
    inputValues: Object.entries(answers)
      .filter(([, value]) => value)
      .map(([inputName, value]) => ({ inputName, value, values: [] })),
  },
});

describe('the guests of the hosted ticket page', () => {
  it('has a guest per ticket, in the reservation’s order, the first one the buyer to start with', () => {
    expect(seatsOf(reservation).map((seat) => seat.name)).toEqual(['Front row', 'GA', 'GA']);
    const guests = startingGuests(fields, undefined, 3);
    expect(guests.sameAsBuyer).toBe(true);
    expect(guests.answers).toHaveLength(3);
    expect(guests.answers[1]).toEqual({ firstName: '', lastName: '', email: '', diet: '' });
  });

  it('asks every guest but a first one who is the buyer, and sends the buyer’s answers for them', () => {
    let guests = startingGuests(fields, undefined, 2);
    expect(Object.keys(guestErrors(fields, guests))).toEqual([
      'guest2.firstName',
      'guest2.lastName',
      'guest2.email',
    ]);
    expect(guestErrors(fields, guests)['guest2.firstName']).toBe('Ticket 2: enter the guest’s first name.');
    for (const [name, value] of Object.entries(alan)) guests = withGuestAnswer(guests, 1, name, value);
    expect(guestErrors(fields, guests)).toEqual({});
    const sent = guestsToSend(fields, ada, guests);
    expect(sent.map((guest) => guest.form.inputValues.map((v) => v.value))).toEqual([
      ['Ada', 'Lovelace', 'ada@example.com'],
      ['Alan', 'Turing', 'alan@example.com', 'Vegan'],
    ]);

    // Not the buyer's ticket: the first guest is asked too.
    guests = { ...guests, sameAsBuyer: false };
    expect(Object.keys(guestErrors(fields, guests))).toEqual([
      guestKey(0, 'firstName'),
      guestKey(0, 'lastName'),
      guestKey(0, 'email'),
    ]);
    expect(guestsToSend(fields, ada, guests)[0]!.form.inputValues).toEqual([]);
  });

  it('starts from the guests saved: a first guest answering as the buyer is the buyer', () => {
    const details = { ...saved(ada), guests: [saved(ada), saved(alan)] };
    const same = startingGuests(fields, details, 2);
    expect(same.sameAsBuyer).toBe(true);
    expect(same.answers[1]).toEqual(alan);
    const other = startingGuests(fields, { ...details, guests: [saved(alan), saved(ada)] }, 2);
    expect([other.sameAsBuyer, other.answers[0]]).toEqual([false, alan]);
    // Tickets saved with no guest named: the first is the buyer's.
    const unnamed = startingGuests(fields, { ...details, guests: [{ form: { inputValues: [] } }] }, 1);
    expect(unnamed.sameAsBuyer).toBe(true);
  });

  it('reads the server’s violations of each guest’s form by field', () => {
    expect(
      guestErrorsOf([
        { field: 'guests[1].form.email', description: 'is not an e-mail address' },
        { field: 'form.email', description: 'is required' },
        { field: 'guests', description: 'must name one guest per ticket (2)' },
      ]),
    ).toEqual({ 'guest2.email': 'Ticket 2: this is not an e-mail address.' });
  });
});

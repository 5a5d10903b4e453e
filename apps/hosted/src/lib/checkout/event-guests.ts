/**
 * The guests of the hosted ticket page: one per ticket held, in the reservation's order (the order
 * the server numbers the tickets in), each answering the event's form as the buyer does. The first
 * ticket is the buyer's unless they say otherwise, so one ticket bought for oneself asks nothing more.
 */
import {
  answerErrors,
  type EventAnswers,
  type EventField,
  formToSend,
  type HostedEventCheckout,
  startingAnswers,
} from './event.ts';

/** A ticket held: its type's name, one entry per ticket. */
export interface Seat {
  name: string;
}

export interface Guests {
  /** The first ticket's guest is the buyer: their answers are sent for it. */
  sameAsBuyer: boolean;
  /** Each ticket's guest's answers (the first one's unused while it is the buyer's). */
  answers: EventAnswers[];
}

export function seatsOf(reservation: HostedEventCheckout['reservation']): Seat[] {
  return reservation.tickets.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({ name: line.name })),
  );
}

/** The key of a guest's field among the page's fields (errors, focus): `guest2.email`. */
export const guestKey = (index: number, name: string) => `guest${index + 1}.${name}`;

const sameAnswers = (a: EventAnswers, b: EventAnswers) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the page starts from: the guests saved, or none yet with the first ticket the buyer's. A saved
 * first guest who answered as the buyer did is the buyer again.
 */
export function startingGuests(
  fields: EventField[],
  details: HostedEventCheckout['details'],
  count: number,
): Guests {
  const saved = details?.guests ?? [];
  const answers = Array.from({ length: count }, (_, i) => startingAnswers(fields, saved[i]));
  const named = saved.some((guest) => guest.firstName || guest.lastName || guest.email);
  const first = answers[0];
  const sameAsBuyer = !named || !first || sameAnswers(first, startingAnswers(fields, details));
  return { sameAsBuyer, answers };
}

export const withGuestAnswer = (
  guests: Guests,
  index: number,
  name: string,
  value: string | string[],
): Guests => ({
  ...guests,
  answers: guests.answers.map((answers, i) => (i === index ? { ...answers, [name]: value } : answers)),
});

/** `Ticket 2: enter the guest’s e-mail.`: with several guests, the summary says whose answer it is. */
const forTicket = (index: number, message: string) =>
  `Ticket ${index + 1}: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;

/** The guests' answers checked as the buyer's are, keyed by `guestKey`. */
export function guestErrors(fields: EventField[], guests: Guests): Record<string, string> {
  const errors: Record<string, string> = {};
  guests.answers.forEach((answers, i) => {
    if (i === 0 && guests.sameAsBuyer) return;
    for (const [name, message] of Object.entries(answerErrors(fields, answers, 'the guest’s')))
      errors[guestKey(i, name)] = forTicket(i, message);
  });
  return errors;
}

/** The guests as `updateHostedEventCheckout` takes them: a form per ticket. */
export function guestsToSend(fields: EventField[], buyer: EventAnswers, guests: Guests) {
  return guests.answers.map((answers, i) => ({
    form: formToSend(fields, i === 0 && guests.sameAsBuyer ? buyer : answers),
  }));
}

/** The server's `guests[i].form.<input>` violations, keyed by `guestKey`. */
export function guestErrorsOf(violations: ReadonlyArray<{ field: string; description: string }>) {
  const errors: Record<string, string> = {};
  for (const violation of violations) {
    const found = /^guests\[(\d+)\]\.form\.(.+)$/.exec(violation.field);
    if (found) {
      const index = Number(found[1]);
      errors[guestKey(index, found[2]!)] = forTicket(index, `This ${violation.description}.`);
    }
  }
  return errors;
}

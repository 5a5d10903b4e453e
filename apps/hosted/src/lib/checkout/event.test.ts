import { eventsCalls } from '@plaza/contracts';
import { describe, expect, it } from 'vitest';
import { paths } from '../../api.ts';
import {
  answerErrors,
  answerErrorsOf,
  eventFields,
  formToSend,
  startingAnswers,
  ticketCount,
  timeLeft,
} from './event.ts';

const form = {
  controls: [
    {
      type: 'NAME',
      label: 'Name',
      inputs: [
        { name: 'firstName', label: 'First Name', mandatory: true, maxLength: 100 },
        { name: 'lastName', label: 'Last Name', mandatory: true, maxLength: 100 },
      ],
    },
    { type: 'INPUT', label: 'Email', inputs: [{ name: 'email', label: 'Email', mandatory: true }] },
    { type: 'GUEST_CONTROL', label: 'Guests', inputs: [{ name: 'additionalGuests', label: 'Guests' }] },
    {
      type: 'DROPDOWN',
      label: 'Diet',
      inputs: [{ name: 'diet', label: 'Diet', options: ['None', 'Vegan'], mandatory: false }],
    },
    {
      type: 'CHECKBOX',
      label: 'Topics',
      inputs: [{ name: 'topics', label: 'Topics', options: ['Jazz', 'Blues'], array: true }],
    },
  ],
};

describe('the hosted ticket page', () => {
  it('asks the form’s inputs, the buyer first, guest counts left out', () => {
    const fields = eventFields(form);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['firstName', 'text', true],
      ['lastName', 'text', true],
      ['email', 'email', true],
      ['diet', 'choice', false],
      ['topics', 'checkboxes', false],
    ]);
    // A form without the buyer's inputs still asks them.
    expect(eventFields({ controls: [] }).map((f) => f.name)).toEqual(['firstName', 'lastName', 'email']);
  });

  it('checks the answers, then sends only those given', () => {
    const fields = eventFields(form);
    const answers = startingAnswers(fields, undefined);
    expect(answers).toEqual({ firstName: '', lastName: '', email: '', diet: '', topics: [] });
    expect(Object.keys(answerErrors(fields, answers))).toEqual(['firstName', 'lastName', 'email']);
    const filled = { ...answers, firstName: ' Ada ', lastName: 'Lovelace', email: 'nope', topics: ['Jazz'] };
    expect(answerErrors(fields, filled)).toEqual({ email: expect.any(String) });
    expect(formToSend(fields, { ...filled, email: 'ada@example.com' })).toEqual({
      inputValues: [
        { inputName: 'firstName', value: 'Ada', values: [] },
        { inputName: 'lastName', value: 'Lovelace', values: [] },
        { inputName: 'email', value: 'ada@example.com', values: [] },
        { inputName: 'topics', value: '', values: ['Jazz'] },
      ],
    });
  });

  it('starts from what the buyer saved, and reads the server’s violations by field', () => {
    const fields = eventFields(form);
    const saved = startingAnswers(fields, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      form: { inputValues: [{ inputName: 'topics', value: '', values: ['Blues'] }] },
    });
    expect(saved).toMatchObject({ firstName: 'Ada', email: 'ada@example.com', topics: ['Blues'] });
    expect(answerErrorsOf([{ field: 'form.email', description: 'is not an e-mail address' }])).toEqual({
      email: 'This is not an e-mail address.',
    });
  });

  it('counts the time left down to nothing', () => {
    const expires = '2026-03-01T19:20:00.000Z';
    expect(timeLeft(expires, Date.parse('2026-03-01T19:05:00.500Z')).text).toBe('15:00');
    expect(timeLeft(expires, Date.parse('2026-03-01T19:19:58.000Z')).text).toBe('0:02');
    expect(timeLeft(expires, Date.parse('2026-03-01T19:21:00.000Z'))).toEqual({ ms: 0, text: '0:00' });
    expect(ticketCount(1)).toBe('1 ticket');
    expect(ticketCount(3)).toBe('3 tickets');
  });

  it('calls the paths the server serves', () => {
    const path = paths.hostedEventCheckout('abc').replace('abc', '{redirectSessionId}');
    for (const name of ['getHostedEventCheckout', 'updateHostedEventCheckout'])
      expect(eventsCalls.find((call) => call.name === name)?.paths).toContain(path);
  });
});

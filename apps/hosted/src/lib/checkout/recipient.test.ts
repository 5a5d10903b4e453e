import { describe, expect, it } from 'vitest';
import { fromContactDetails, recipientErrors, toContactDetails } from './recipient.ts';

describe('recipient', () => {
  it('needs a first and last name; the phone is optional but must look like one', () => {
    expect(recipientErrors({ firstName: ' ', lastName: '', phone: '' })).toEqual({
      firstName: 'Enter the first name.',
      lastName: 'Enter the last name.',
    });
    expect(recipientErrors({ firstName: 'Ann', lastName: 'Lee', phone: '+1 (415) 555-0100' })).toEqual({});
    expect(recipientErrors({ firstName: 'Ann', lastName: 'Lee', phone: 'call me' }).phone).toBe(
      'Enter a phone number, like +1 415 555 0100.',
    );
    expect(recipientErrors({ firstName: 'Ann', lastName: 'Lee', phone: '-- --' }).phone).toBeDefined();
  });

  it('round-trips the contact details, trimmed and without an empty phone', () => {
    expect(toContactDetails({ firstName: ' Ann ', lastName: 'Lee', phone: ' ' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(fromContactDetails({ firstName: 'Ann', phone: '+351 912 345 678' })).toEqual({
      firstName: 'Ann',
      lastName: '',
      phone: '+351 912 345 678',
    });
    expect(fromContactDetails(undefined)).toEqual({ firstName: '', lastName: '', phone: '' });
  });
});

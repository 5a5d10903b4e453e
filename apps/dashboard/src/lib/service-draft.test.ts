import { describe, expect, it } from 'vitest';
import type { Service } from '../api/bookings.ts';
import { draftOf, EMPTY_SERVICE, serviceFieldsOf } from './service-draft.ts';

const haircut: Service = {
  id: 's1',
  revision: '3',
  type: 'APPOINTMENT',
  name: 'Haircut',
  payment: {
    rateType: 'FIXED',
    fixed: { price: { value: '45.00', currency: 'USD', formattedValue: '$45.00' } },
    options: { online: true, inPerson: false },
  },
  onlineBooking: { enabled: true, allowMultipleRequests: true },
  schedule: { availabilityConstraints: { sessionDurations: [45], timeBetweenSessions: 15 } },
  staffMemberIds: ['a', 'b'],
};

describe('a service as its form edits it', () => {
  it('reads the fields the form shows', () => {
    expect(draftOf(haircut)).toEqual({
      name: 'Haircut',
      duration: '45',
      rateType: 'FIXED',
      price: '45.00',
      customText: '',
      staffIds: ['a', 'b'],
      onlineEnabled: true,
      manualApproval: false,
    });
  });

  it('writes them back keeping what the form does not show', () => {
    const fields = serviceFieldsOf(
      { ...draftOf(haircut), name: ' Long haircut ', duration: '60', price: '55', manualApproval: true },
      haircut,
    );
    expect(fields).toEqual({
      name: 'Long haircut',
      payment: {
        rateType: 'FIXED',
        fixed: { price: { value: '55' } },
        options: { online: true, inPerson: false },
      },
      staffMemberIds: ['a', 'b'],
      onlineBooking: { enabled: true, allowMultipleRequests: true, requireManualApproval: true },
      schedule: { availabilityConstraints: { sessionDurations: [60], timeBetweenSessions: 15 } },
    });
  });

  it('writes each rate type as the API has it; a new service can be paid online and in person', () => {
    const payment = (rateType: (typeof EMPTY_SERVICE)['rateType']) =>
      serviceFieldsOf({ ...EMPTY_SERVICE, rateType, price: '10', customText: 'Ask us' }).payment;
    const options = { online: true, inPerson: true };
    expect(payment('FIXED')).toEqual({ rateType: 'FIXED', fixed: { price: { value: '10' } }, options });
    expect(payment('VARIED')).toEqual({
      rateType: 'VARIED',
      varied: { defaultPrice: { value: '10' } },
      options,
    });
    expect(payment('CUSTOM')).toEqual({ rateType: 'CUSTOM', custom: { description: 'Ask us' }, options });
    expect(payment('NO_FEE')).toEqual({ rateType: 'NO_FEE' });
  });

  it('sends a duration that is not a whole number as typed, for the API to name the field', () => {
    const durations = (duration: string) =>
      serviceFieldsOf({ ...EMPTY_SERVICE, duration }).schedule.availabilityConstraints.sessionDurations;
    expect(durations('30')).toEqual([30]);
    expect(durations('')).toEqual(['']);
    expect(durations('1.5')).toEqual(['1.5']);
  });
});

import { describe, expect, it } from 'vitest';
import { type DetailsForm, detailsToSave, paymentToSend } from './pay-request.ts';

const form: DetailsForm = {
  email: ' ana@example.com ',
  ships: true,
  pickup: false,
  address: {
    country: 'US',
    region: 'US-CA',
    city: 'San Francisco',
    postalCode: '94103',
    addressLine: '500 Market St',
    addressLine2: '',
  },
  recipient: { firstName: 'Ana', lastName: 'Lee', phone: '' },
  chosen: {
    code: 'standard',
    carrierId: 'plaza',
    title: 'Standard',
    pickup: false,
    price: '$5.00',
    details: [],
  },
  billingCountry: '',
};

describe('detailsToSave', () => {
  it('sends where the goods go and how', () => {
    expect(detailsToSave(form)).toEqual({
      email: 'ana@example.com',
      shippingAddress: {
        country: 'US',
        subdivision: 'US-CA',
        subdivisionFullname: 'California',
        city: 'San Francisco',
        postalCode: '94103',
        addressLine: '500 Market St',
      },
      shippingContactDetails: { firstName: 'Ana', lastName: 'Lee' },
      selectedShippingOption: { code: 'standard', carrierId: 'plaza' },
    });
  });

  it('sends no address for a pickup, and only the billing country when nothing ships', () => {
    expect(detailsToSave({ ...form, pickup: true })).not.toHaveProperty('shippingAddress');
    expect(detailsToSave({ ...form, ships: false, billingCountry: 'DE' })).toEqual({
      email: 'ana@example.com',
      billingAddress: { country: 'DE' },
    });
  });
});

describe('paymentToSend', () => {
  it('sends the card for the test provider only', () => {
    const card = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };
    expect(paymentToSend('test', card)).toEqual({
      paymentMethod: 'test',
      card: { number: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    expect(paymentToSend('offline', card)).toEqual({ paymentMethod: 'offline' });
  });

  it('sends no card when there is nothing to pay', () => {
    const card = { number: '', expiry: '', cvc: '' };
    expect(paymentToSend('test', card, true)).toEqual({ paymentMethod: 'test' });
  });
});

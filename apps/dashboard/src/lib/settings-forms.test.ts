import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import {
  couponDraft,
  couponOf,
  EMPTY_COUPON,
  EMPTY_SHIPPING,
  entries,
  instantOf,
  localInput,
  placed,
  placedFields,
  rateDraft,
  rateOf,
  shippingDraft,
  shippingOf,
  violationOn,
  violationsUnder,
} from './settings-forms.ts';

describe('settings forms', () => {
  it('splits lists typed one a line or with commas', () => {
    expect(entries(' https://a.example/cb\nhttps://b.example/cb, openid  email\n')).toEqual([
      'https://a.example/cb',
      'https://b.example/cb',
      'openid',
      'email',
    ]);
  });

  it('places an entry in a list, or adds it', () => {
    expect(placed(['a', 'b'], 'c', undefined)).toEqual(['a', 'b', 'c']);
    expect(placed(['a', 'b'], 'c', 0)).toEqual(['c', 'b']);
  });

  it('finds the violation naming an entry itself, not its fields', () => {
    const error = new ApiError(400, 'INVALID', 'bad', [
      { field: 'settings.taxRates[1].rate', description: 'must be a number' },
      { field: 'settings.taxRates[1]', description: 'repeats an earlier entry' },
    ]);
    expect(violationOn(error, 'settings.taxRates[1]')).toBe('repeats an earlier entry');
    expect(violationOn(error, 'settings.taxRates[0]')).toBeUndefined();
    expect(violationOn(new Error('x'), 'settings.taxRates[1]')).toBeUndefined();
  });

  it('reads and writes a tax rate, sending a rate that is no number as typed', () => {
    const draft = rateDraft({ country: 'US', subdivision: 'US-CA', rate: 7.25, itemType: 'DIGITAL' });
    expect(rateOf({ ...draft, name: ' State ' })).toEqual({
      country: 'US',
      subdivision: 'US-CA',
      itemType: 'DIGITAL',
      rate: 7.25,
      name: 'State',
    });
    expect(rateOf({ ...draft, country: 'de', subdivision: '', itemType: '', rate: 'seven' })).toEqual({
      country: 'DE',
      rate: 'seven',
    });
    expect(rateOf({ ...draft, country: '*', subdivision: '', itemType: '', rate: '' }).rate).toBe('');
  });

  it('converts coupon dates between the site time zone and UTC', () => {
    expect(instantOf('2030-03-01T09:30', 'Europe/Lisbon')).toBe('2030-03-01T09:30:00Z');
    expect(instantOf('2030-07-01T09:30', 'Europe/Lisbon')).toBe('2030-07-01T08:30:00Z');
    expect(localInput('2030-07-01T08:30:00Z', 'Europe/Lisbon')).toBe('2030-07-01T09:30');
    expect(instantOf('soon', 'UTC')).toBe('soon');
  });

  it('sends every field of a coupon form, without the other types’ discount', () => {
    const draft = {
      ...EMPTY_COUPON,
      code: ' SPRING ',
      type: 'FIXED_AMOUNT' as const,
      percentage: '10',
      amount: '5.00',
      expirationDate: '2030-01-01T00:00',
      usageLimit: '100',
      catalogItemIds: 'p1\np2',
    };
    expect(couponOf(draft, 'UTC')).toEqual({
      code: 'SPRING',
      type: 'FIXED_AMOUNT',
      active: true,
      amount: '5.00',
      expirationDate: '2030-01-01T00:00:00Z',
      usageLimit: 100,
      scope: { catalogItemIds: ['p1', 'p2'] },
    });
    expect(
      couponOf({ ...EMPTY_COUPON, code: 'FREE', type: 'FREE_SHIPPING', percentage: '5' }, 'UTC'),
    ).toEqual({
      code: 'FREE',
      type: 'FREE_SHIPPING',
      active: true,
    });
    const coupon = {
      id: 'c1',
      revision: '2',
      code: 'TENOFF',
      type: 'PERCENTAGE' as const,
      percentage: 10,
      startDate: '2030-01-01T00:00:00Z',
      active: false,
      numberOfUsages: 0,
      createdDate: '2029-01-01T00:00:00Z',
    };
    expect(couponOf(couponDraft(coupon, 'America/New_York'), 'America/New_York')).toEqual({
      code: 'TENOFF',
      type: 'PERCENTAGE',
      percentage: 10,
      startDate: '2030-01-01T00:00:00Z',
      active: false,
    });
  });
});

describe('shipping option form', () => {
  it('reads an option back as it was sent, keeping its carrier and dropping empty fields', () => {
    const option = {
      code: 'express',
      title: 'Express',
      type: 'FLAT_RATE' as const,
      carrierId: 'dhl',
      price: '9.00',
      regions: [{ country: 'US', subdivision: 'US-AK', price: '20.00' }],
    };
    const draft = shippingDraft(option);
    expect(shippingOf(draft, option)).toEqual(option);
    expect(shippingOf({ ...draft, regions: [], price: ' ', type: 'STORE_PICKUP' }, option)).toEqual({
      code: 'express',
      title: 'Express',
      type: 'STORE_PICKUP',
      carrierId: 'dhl',
    });
    const pickup = { ...EMPTY_SHIPPING.pickup, city: 'Lisbon', country: 'pt' };
    expect(
      shippingOf({ ...EMPTY_SHIPPING, code: 'desk', title: 'Desk', type: 'STORE_PICKUP', pickup }),
    ).toEqual({
      code: 'desk',
      title: 'Desk',
      type: 'STORE_PICKUP',
      pickupAddress: { city: 'Lisbon', country: 'PT' },
    });
    // A pickup address is for store pickup only.
    expect(shippingOf({ ...EMPTY_SHIPPING, code: 'std', title: 'Std', pickup })).not.toHaveProperty(
      'pickupAddress',
    );
  });
});

describe('violations of list fields', () => {
  it('places an entry’s violation beside its list', () => {
    const error = new ApiError(400, 'INVALID', 'bad', [
      { field: 'oAuthApp.allowedOrigins[1]', description: 'must match an origin' },
      { field: 'oAuthApp.allowedOriginsNote', description: 'other' },
      { field: 'oAuthApp.name', description: 'is required' },
    ]);
    expect(violationsUnder(error, 'oAuthApp.allowedOrigins')).toBe('must match an origin');
    expect(placedFields(error, ['oAuthApp.allowedOrigins', 'oAuthApp.name'])).toEqual([
      'oAuthApp.allowedOrigins[1]',
      'oAuthApp.name',
    ]);
  });
});

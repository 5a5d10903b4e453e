import { COUNTRY_CODES } from '@plaza/contracts/countries';
import { describe, expect, it } from 'vitest';
import {
  type AddressForm,
  addressErrors,
  addressLabels,
  addressToSave,
  countryFromLanguages,
  countryOptions,
  EMPTY_ADDRESS,
  fromAddress,
  regionInput,
  toAddressInput,
} from './address.ts';

const us: AddressForm = {
  country: 'US',
  region: 'US-CA',
  city: 'San Francisco',
  postalCode: '94103',
  addressLine: '1 Market St',
  addressLine2: '',
};

describe('countries', () => {
  it('lists every ISO 3166-1 country once, named and sorted for people', () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    const options = countryOptions();
    expect(options.find((o) => o.code === 'DE')?.name).toBe('Germany');
    expect(options.find((o) => o.code === 'US')?.name).toBe('United States');
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('guesses the country from the browser languages', () => {
    expect(countryFromLanguages(['en-US', 'en'])).toBe('US');
    expect(countryFromLanguages(['de', 'fr-CA'])).toBe('CA');
    expect(countryFromLanguages(['zh-Hant-TW'])).toBe('TW');
    expect(countryFromLanguages(['en', 'es-419'])).toBeUndefined();
  });
});

describe('addressErrors', () => {
  it('accepts a complete address', () => {
    expect(addressErrors(us)).toEqual({});
    expect(addressErrors({ ...us, postalCode: '94103-1234' })).toEqual({});
    expect(
      addressErrors({ ...us, country: 'CA', region: 'CA-ON', postalCode: 'k1a 0b1', city: 'Ottawa' }),
    ).toEqual({});
    expect(addressErrors({ ...us, country: 'DE', region: '', postalCode: '10115', city: 'Berlin' })).toEqual(
      {},
    );
  });

  it('asks for every missing part, with the words of the country', () => {
    expect(addressErrors(EMPTY_ADDRESS)).toEqual({
      country: 'Choose a country.',
      city: 'Enter the city.',
      addressLine: 'Enter the street address.',
    });
    expect(addressErrors({ ...EMPTY_ADDRESS, country: 'US' })).toEqual({
      region: 'Choose a state.',
      city: 'Enter the city.',
      postalCode: 'Enter the ZIP code.',
      addressLine: 'Enter the street address.',
    });
    expect(addressErrors({ ...us, country: 'CA', region: '' }).region).toBe('Choose a province.');
  });

  it('checks postal codes where their shape is known, and lets them go where there are none', () => {
    expect(addressErrors({ ...us, postalCode: '9410' }).postalCode).toBe(
      'Enter a valid ZIP code, like 94103.',
    );
    // State and ZIP code checked against each other.
    expect(addressErrors({ ...us, postalCode: '10001' }).postalCode).toBe(
      'This ZIP code is not in California: check the ZIP code or the state.',
    );
    expect(addressErrors({ ...us, region: 'US-NY', postalCode: '10001' })).toEqual({});
    expect(addressErrors({ ...us, region: '', postalCode: '10001' })).toEqual({ region: 'Choose a state.' });
    expect(addressErrors({ ...us, country: 'GB', region: '', postalCode: 'SW1A 1AA' })).toEqual({});
    expect(addressErrors({ ...us, country: 'GB', region: '', postalCode: '12345' }).postalCode).toMatch(
      /SW1A 1AA/,
    );
    expect(addressErrors({ ...us, country: 'HK', region: '', postalCode: '' })).toEqual({});
    expect(addressErrors({ ...us, country: 'JP', region: '', postalCode: '!!' }).postalCode).toBe(
      'Check the postal code.',
    );
  });

  it('refuses a region of another country and unknown countries', () => {
    expect(addressErrors({ ...us, region: 'CA-ON' }).region).toMatch(/from the list/);
    expect(addressErrors({ ...us, country: 'ZZ' }).country).toMatch(/from the list/);
  });

  it('labels fields per country', () => {
    expect(addressLabels('US')).toMatchObject({
      region: 'State',
      postalCode: 'ZIP code',
      regionListed: true,
    });
    expect(addressLabels('FR')).toMatchObject({
      region: 'Region',
      postalCode: 'Postal code',
      regionListed: false,
    });
    expect(addressLabels('AE').postalOptional).toBe(true);
  });
});

describe('toAddressInput and fromAddress', () => {
  it('sends the ISO region with its name, trimmed fields, and nothing empty', () => {
    expect(toAddressInput({ ...us, city: ' San Francisco ', addressLine2: ' ' })).toEqual({
      country: 'US',
      subdivision: 'US-CA',
      subdivisionFullname: 'California',
      city: 'San Francisco',
      postalCode: '94103',
      addressLine: '1 Market St',
    });
    expect(toAddressInput({ ...EMPTY_ADDRESS, country: 'FR', region: 'Île-de-France' })).toEqual({
      country: 'FR',
      subdivisionFullname: 'Île-de-France',
    });
    expect(toAddressInput({ ...us, country: 'CA', region: 'CA-ON', postalCode: 'k1a  0b1' }).postalCode).toBe(
      'K1A 0B1',
    );
  });

  it('keeps for the totals only what they depend on', () => {
    expect(regionInput(us)).toEqual({ country: 'US', subdivision: 'US-CA' });
    // A ZIP code left from before that the chosen state does not have is not saved with it.
    expect(addressToSave({ ...us, postalCode: '10115' })).not.toHaveProperty('postalCode');
    expect(addressToSave(us)).toMatchObject({ subdivision: 'US-CA', postalCode: '94103' });
    expect(addressToSave({ ...us, country: 'DE', region: '', postalCode: '10115' })).toMatchObject({
      country: 'DE',
      postalCode: '10115',
    });
    expect(regionInput({ ...us, country: 'FR', region: 'Bretagne' })).toEqual({ country: 'FR' });
    expect(regionInput(EMPTY_ADDRESS)).toBeUndefined();
  });

  it('reads back what the checkout holds', () => {
    expect(fromAddress(toAddressInput(us))).toEqual(us);
    expect(fromAddress({ country: 'us', subdivision: 'CA', city: 'LA' })).toMatchObject({
      country: 'US',
      region: 'US-CA',
      city: 'LA',
    });
    expect(fromAddress(undefined)).toEqual(EMPTY_ADDRESS);
    expect(fromAddress({ country: 'XX' }).country).toBe('');
  });
});

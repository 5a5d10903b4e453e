/**
 * The shipping address form: countries (ISO 3166-1 alpha-2, named by the browser's Intl data so
 * no name table ships), the regions of the countries where shops usually need one, and the checks
 * done before the address is sent. The server keeps `country` and `subdivision` (ISO 3166-2,
 * e.g. "US-CA") for tax and shipping rules; a region typed as text goes to `subdivisionFullname`.
 */
import { COUNTRY_CODES, REGIONS, usZipMatchesState } from '@plaza/contracts/countries';
import type { Address } from './types.ts';

export interface AddressForm {
  country: string;
  /** The region code ("US-CA") for countries listed in REGIONS, else free text. */
  region: string;
  city: string;
  postalCode: string;
  addressLine: string;
  addressLine2: string;
}

export type AddressField = Exclude<keyof AddressForm, 'addressLine2'>;

export const EMPTY_ADDRESS: AddressForm = {
  country: '',
  region: '',
  city: '',
  postalCode: '',
  addressLine: '',
  addressLine2: '',
};

let named: { code: string; name: string }[] | undefined;

/** Every country with its English name, sorted by name. */
export function countryOptions(): { code: string; name: string }[] {
  if (named) return named;
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  named = COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, 'en'),
  );
  return named;
}

/** Countries without postal codes (or where few addresses use them): the field is optional there. */
const POSTAL_OPTIONAL = new Set(
  'AE AG AO AW BF BI BJ BO BS BW BZ CD CF CG CI CK CM DJ DM ER FJ GA GD GH GM GN GQ GY HK IE KI KM KN KP LY ML MO MR MW NR NU QA RW SB SC SL SO SR SS ST SY TD TF TG TK TL TO TT TV UG VU YE ZW'.split(
    ' ',
  ),
);

const POSTAL_PATTERNS: Record<string, { pattern: RegExp; example: string }> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '94103' },
  CA: { pattern: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/, example: 'K1A 0B1' },
  AU: { pattern: /^\d{4}$/, example: '2000' },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/, example: 'SW1A 1AA' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  FR: { pattern: /^\d{5}$/, example: '75001' },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/, example: '1012 AB' },
};

/** Labels that depend on the country. */
export function addressLabels(country: string) {
  return {
    region: REGIONS[country]?.label ?? 'Region',
    regionListed: Boolean(REGIONS[country]),
    postalCode: country === 'US' ? 'ZIP code' : 'Postal code',
    /** The postal code's name within a sentence. */
    postalNoun: country === 'US' ? 'ZIP code' : 'postal code',
    postalOptional: POSTAL_OPTIONAL.has(country),
  };
}

export const normalisePostalCode = (postalCode: string) =>
  postalCode.trim().replace(/\s+/g, ' ').toUpperCase();

/** Inline messages for the address fields; empty when it can be sent. */
export function addressErrors(form: AddressForm): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  const { country } = form;
  const labels = addressLabels(country);
  if (!country) errors.country = 'Choose a country.';
  else if (!COUNTRY_CODES.includes(country)) errors.country = 'Choose a country from the list.';
  if (labels.regionListed) {
    if (!form.region) errors.region = `Choose a ${labels.region.toLowerCase()}.`;
    else if (!REGIONS[country]!.options.some((option) => option.code === form.region))
      errors.region = `Choose a ${labels.region.toLowerCase()} from the list.`;
  }
  if (!form.city.trim()) errors.city = 'Enter the city.';
  const postal = normalisePostalCode(form.postalCode);
  const rule = POSTAL_PATTERNS[country];
  if (!postal) {
    if (country && !labels.postalOptional) errors.postalCode = `Enter the ${labels.postalNoun}.`;
  } else if (rule && !rule.pattern.test(postal))
    errors.postalCode = `Enter a valid ${labels.postalNoun}, like ${rule.example}.`;
  else if (!rule && !/^[A-Z0-9][A-Z0-9 -]{1,11}$/.test(postal))
    errors.postalCode = `Check the ${labels.postalNoun}.`;
  else if (country === 'US' && !errors.region && !usZipMatchesState(postal, form.region)) {
    const state = REGIONS.US?.options.find((option) => option.code === form.region)?.name ?? form.region;
    errors.postalCode = `This ZIP code is not in ${state}: check the ZIP code or the state.`;
  }
  if (!form.addressLine.trim()) errors.addressLine = 'Enter the street address.';
  return errors;
}

/** The address as the server takes it (only the fields that were filled in). */
export function toAddressInput(form: AddressForm): Address {
  const address: Address = {};
  if (form.country) address.country = form.country;
  const region = form.region.trim();
  const listed = REGIONS[form.country]?.options.find((option) => option.code === region);
  if (listed) {
    address.subdivision = listed.code;
    address.subdivisionFullname = listed.name;
  } else if (region && !REGIONS[form.country]) address.subdivisionFullname = region;
  const put = (key: 'city' | 'postalCode' | 'addressLine' | 'addressLine2', value: string) => {
    if (value) address[key] = value;
  };
  put('city', form.city.trim());
  put('postalCode', normalisePostalCode(form.postalCode));
  put('addressLine', form.addressLine.trim());
  put('addressLine2', form.addressLine2.trim());
  return address;
}

/**
 * The address as saved while the buyer chooses (country, state): without a US ZIP code of another
 * state than the one just chosen (left from before), which the server would refuse with the change.
 */
export function addressToSave(form: AddressForm): Address {
  const { postalCode, ...rest } = toAddressInput(form);
  return rest.country === 'US' && !usZipMatchesState(postalCode, rest.subdivision)
    ? rest
    : { ...rest, ...(postalCode ? { postalCode } : {}) };
}

/** The part of the address the totals depend on (tax rate and shipping regions). */
export function regionInput(form: AddressForm): Address | undefined {
  if (!form.country) return undefined;
  const { country, subdivision } = toAddressInput(form);
  return { country, ...(subdivision ? { subdivision } : {}) } as Address;
}

/** The form filled from an address the checkout already holds. */
export function fromAddress(address: Address | undefined): AddressForm {
  if (!address) return { ...EMPTY_ADDRESS };
  const country = (address.country ?? '').toUpperCase();
  let region = address.subdivisionFullname ?? '';
  if (REGIONS[country] && address.subdivision) {
    const code = address.subdivision.toUpperCase();
    region = code.includes('-') ? code : `${country}-${code}`;
  } else if (!region && address.subdivision) region = address.subdivision;
  return {
    country: COUNTRY_CODES.includes(country) ? country : '',
    region,
    city: address.city ?? '',
    postalCode: address.postalCode ?? '',
    addressLine: address.addressLine ?? '',
    addressLine2: address.addressLine2 ?? '',
  };
}

/** The country of the browser's language ("en-US" → "US"), to preselect. */
export function countryFromLanguages(languages: readonly string[]): string | undefined {
  for (const tag of languages) {
    const region = /^[a-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})\b/.exec(tag)?.[1]?.toUpperCase();
    if (region && COUNTRY_CODES.includes(region)) return region;
  }
  return undefined;
}

/** The country of the browser's language, when it names one. */
export const guessedCountry = (): string =>
  typeof navigator === 'undefined'
    ? ''
    : (countryFromLanguages(navigator.languages ?? [navigator.language]) ?? '');

/** The address form to start from: the saved address, else the country of the browser's language. */
export function startingAddress(saved: Address | undefined): AddressForm {
  const address = fromAddress(saved);
  if (!address.country) address.country = guessedCountry();
  return address;
}

/** What decides the totals of an address (country and region), to tell whether they changed. */
export const regionKey = (address: AddressForm) => JSON.stringify(regionInput(address) ?? null);

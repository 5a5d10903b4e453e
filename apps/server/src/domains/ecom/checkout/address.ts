import { REGIONS, usZipMatchesState } from '@plaza/contracts/countries';
import { invalidField } from '../../../lib/errors.ts';
import { type AddressInput, fullSubdivision } from '../settings.ts';

/**
 * Refuses a US address whose ZIP code belongs to another state than the one it names (a ZIP of
 * New York with California): the carrier would refuse it, and the tax goes by the state. The
 * hosted checkout page checks the same in the browser; this holds for every caller.
 */
export function checkAddress(address: AddressInput | undefined, field: string): void {
  if (!address || typeof address.country !== 'string' || address.country.toUpperCase() !== 'US') return;
  const state = fullSubdivision('US', address.subdivision);
  if (usZipMatchesState(address.postalCode, state)) return;
  const name = REGIONS.US?.options.find((option) => option.code === state)?.name ?? state;
  throw invalidField(`${field}.postalCode`, `ZIP code ${address.postalCode} is not in ${name}`);
}

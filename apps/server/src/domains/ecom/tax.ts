/**
 * Manual tax rates (the site's `ecom.taxRates`): a rate per place (a country's subdivision, a country,
 * or `*`) and per item type (PHYSICAL, DIGITAL, SERVICE goods, or SHIPPING), as the platform's manual
 * tax mappings map a tax group and a tax region to a rate.
 */
import {
  type AddressInput,
  fullSubdivision,
  type StoreRules,
  type TaxedItemType,
  type TaxRateRule,
} from './settings.ts';
import type { Totals } from './totals.ts';

/** A rate as applied: its fraction in millionths and its name. */
export interface AppliedRate {
  micros: number;
  name?: string;
}

/** One rate applied in a cart: where it applies, what it taxes, and what it took. */
export interface TaxBreakdownEntry {
  rule: TaxRateRule;
  taxable: number;
  tax: number;
}

export interface Region {
  country?: string;
  subdivision?: string;
}

export function regionOf(address: AddressInput | undefined): Region | undefined {
  if (!address?.country) return undefined;
  const country = address.country.toUpperCase();
  const subdivision = fullSubdivision(country, address.subdivision);
  return { country, ...(subdivision ? { subdivision } : {}) };
}

export const appliedRate = (rule: TaxRateRule): AppliedRate => ({
  micros: rule.micros,
  ...(rule.name ? { name: rule.name } : {}),
});

/**
 * The rate that taxes `itemType` in `region`: the most local place that has one (its subdivision, its
 * country, then `*`), where a rate for the item type comes before the place's rate for every line.
 * Shipping takes a SHIPPING rate, or with `taxShipping` the place's rate for every line.
 */
export function rateFor(
  rules: StoreRules,
  region: Region | undefined,
  itemType: TaxedItemType | undefined,
): TaxRateRule | undefined {
  const places: Array<[string, string | undefined]> = [];
  if (region?.country) {
    if (region.subdivision) places.push([region.country, region.subdivision]);
    places.push([region.country, undefined]);
  }
  places.push(['*', undefined]);
  const general = itemType !== 'SHIPPING' || rules.taxShipping;
  for (const [country, subdivision] of places) {
    const here = rules.taxRates.filter((r) => r.country === country && r.subdivision === subdivision);
    const found =
      (itemType ? here.find((r) => r.itemType === itemType) : undefined) ??
      (general ? here.find((r) => r.itemType === undefined) : undefined);
    if (found) return found;
  }
  return undefined;
}

const reasonOf = (rule: TaxRateRule) =>
  rule.country === '*' ? ('GLOBAL_SETTING_TO_MANUAL' as const) : ('REGION_SETTING_TO_MANUAL' as const);

/**
 * How the cart's tax was found, for its summary: the place's rate for every line when it has one,
 * else the first rate applied; NO_TAX_COLLECTED when none applies.
 */
export function taxRateFor(
  rules: StoreRules,
  address: AddressInput | undefined,
  addressType: StoreRules['taxableAddressType'] = rules.taxableAddressType,
  applied: readonly TaxRateRule[] = [],
): Totals['taxRate'] {
  const found = rateFor(rules, regionOf(address), undefined) ?? applied[0];
  if (!found) return { micros: 0, rateType: 'NO_TAX_COLLECTED', addressType };
  return {
    micros: found.micros,
    rateType: 'MANUAL_RATE',
    manualRateReason: reasonOf(found),
    addressType,
    ...(found.name ? { name: found.name } : {}),
  };
}

/** Where a rate applies, as the platform names a jurisdiction (a subdivision is a state, province or region). */
export function jurisdictionOf(rule: TaxRateRule) {
  if (rule.subdivision) return { jurisdiction: rule.subdivision, jurisdictionType: 'STATE' as const };
  if (rule.country === '*') return { jurisdiction: '*', jurisdictionType: 'UNDEFINED' as const };
  return { jurisdiction: rule.country, jurisdictionType: 'COUNTRY' as const };
}

/** A rate's name as checkouts show it. */
export const taxNameOf = (rate: { name?: string | undefined }) => rate.name ?? 'Tax';

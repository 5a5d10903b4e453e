/**
 * The store's checkout settings, kept in the site settings: `ecom` (tax, shipping, weight unit)
 * and `payments` (`{test, offline}`). Read leniently (bad entries are skipped), written through
 * `updateEcomSettings`, whose schema checks them.
 */
import { isRegionOf, REGIONS } from '@plaza/contracts/countries';
import type { Caller } from '../../http/access.ts';
import { invalidField } from '../../lib/errors.ts';
import { getSite, type SitesDeps, updateSite } from '../sites/index.ts';
import { checkPercentScale, currencyDigits, type MoneyFormat, parseMoney, percentToMicros } from './money.ts';

export interface AddressInput {
  country?: string;
  subdivision?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  [key: string]: unknown;
}

/** What a rate taxes: a line of one item type, or shipping; a rate without one taxes every line. */
export type TaxedItemType = 'PHYSICAL' | 'DIGITAL' | 'SERVICE' | 'SHIPPING';

export interface TaxRateSetting {
  country: string;
  subdivision?: string;
  rate: number;
  name?: string;
  itemType?: TaxedItemType;
}

/** A rate as the totals use it: its place, its fraction in millionths, and what it taxes. */
export interface TaxRateRule {
  country: string;
  subdivision?: string;
  micros: number;
  name?: string;
  itemType?: TaxedItemType;
}

export interface ShippingSetting {
  code: string;
  title: string;
  type: 'FLAT_RATE' | 'STORE_PICKUP';
  carrierId?: string;
  price?: string | number;
  regions?: Array<{ country: string; subdivision?: string; price: string | number }>;
  freeOver?: string | number;
  deliveryTime?: string;
  instructions?: string;
  pickupAddress?: AddressInput;
}

export interface EcomSettingsInput {
  taxIncludedInPrices?: boolean;
  taxableAddressType?: 'SHIPPING' | 'BILLING' | 'BUSINESS';
  taxShipping?: boolean;
  businessAddress?: AddressInput;
  taxRates?: TaxRateSetting[];
  shippingOptions?: ShippingSetting[];
  weightUnit?: 'KG' | 'LB';
  payments?: { test?: boolean; offline?: boolean };
}

/** A shipping option with its money in minor units. */
export interface ShippingRule {
  code: string;
  title: string;
  type: 'FLAT_RATE' | 'STORE_PICKUP';
  carrierId: string;
  price?: number;
  regions: Array<{ country: string; subdivision?: string; price: number }>;
  freeOver?: number;
  deliveryTime?: string;
  instructions?: string;
  pickupAddress?: AddressInput;
}

export interface StoreRules {
  money: MoneyFormat;
  taxIncludedInPrices: boolean;
  taxableAddressType: 'SHIPPING' | 'BILLING' | 'BUSINESS';
  taxShipping: boolean;
  businessAddress?: AddressInput;
  taxRates: TaxRateRule[];
  shipping: ShippingRule[];
  weightUnit: 'KG' | 'LB';
  payments: { test: boolean; offline: boolean };
}

export const DEFAULT_CARRIER = 'plaza';

const TAXED_ITEM_TYPES = new Set<TaxedItemType>(['PHYSICAL', 'DIGITAL', 'SERVICE', 'SHIPPING']);

/** Whether `rule` is the shipping option a buyer chose: by its code, and by carrier when one is named. */
export const isChosenShipping = (
  rule: ShippingRule,
  chosen: { code: string; carrierId?: string | undefined },
) => rule.code === chosen.code && (!chosen.carrierId || chosen.carrierId === rule.carrierId);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function money(value: unknown, digits: number): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  try {
    return parseMoney(value, digits, 'settings');
  } catch {
    return undefined;
  }
}

/**
 * Whether `address` says anything: an empty one (`{}`, or only empty fields) is how a buyer takes a
 * saved address back, as the schemas allow no null.
 */
export function hasAddress(address: AddressInput | undefined): address is AddressInput {
  const says = (value: unknown): boolean =>
    typeof value === 'object' && value !== null
      ? Object.values(value).some(says)
      : value !== undefined && value !== null && value !== '';
  return says(address);
}

/** `address` as kept: its country code upper case (requests may send either case). */
export function keptAddress<A extends AddressInput | undefined>(address: A): A {
  if (!address || typeof address.country !== 'string') return address;
  return { ...address, country: address.country.toUpperCase() };
}

/** ISO-3166-2 with its country prefix: ("US", "CA") → "US-CA". */
export function fullSubdivision(country: string | undefined, subdivision: string | undefined) {
  if (!subdivision) return undefined;
  const upper = subdivision.toUpperCase();
  return upper.includes('-') || !country ? upper : `${country.toUpperCase()}-${upper}`;
}

/** The settings as the totals need them, from a site's settings and currency. */
export function storeRules(settings: Record<string, unknown>, currency: string): StoreRules {
  const digits = currencyDigits(currency);
  const ecom = (isObject(settings.ecom) ? settings.ecom : {}) as EcomSettingsInput;
  const payments = isObject(settings.payments) ? settings.payments : {};
  const shipping: ShippingRule[] = [];
  for (const option of Array.isArray(ecom.shippingOptions) ? ecom.shippingOptions : []) {
    if (!isObject(option) || typeof option.code !== 'string') continue;
    const regions = (Array.isArray(option.regions) ? option.regions : []).flatMap((region) => {
      const price = money(region.price, digits);
      if (typeof region.country !== 'string' || price === undefined) return [];
      const subdivision = fullSubdivision(region.country, region.subdivision);
      return [{ country: region.country.toUpperCase(), price, ...(subdivision ? { subdivision } : {}) }];
    });
    const price = money(option.price, digits);
    const freeOver = money(option.freeOver, digits);
    shipping.push({
      code: option.code,
      title: option.title ?? option.code,
      type: option.type === 'STORE_PICKUP' ? 'STORE_PICKUP' : 'FLAT_RATE',
      carrierId: option.carrierId ?? DEFAULT_CARRIER,
      regions,
      ...(price === undefined ? {} : { price }),
      ...(freeOver === undefined ? {} : { freeOver }),
      ...(option.deliveryTime ? { deliveryTime: option.deliveryTime } : {}),
      ...(option.instructions ? { instructions: option.instructions } : {}),
      ...(isObject(option.pickupAddress) ? { pickupAddress: option.pickupAddress } : {}),
    });
  }
  const taxRates = (Array.isArray(ecom.taxRates) ? ecom.taxRates : []).flatMap((rate) => {
    if (!isObject(rate) || typeof rate.country !== 'string' || typeof rate.rate !== 'number') return [];
    const country = rate.country.toUpperCase();
    const subdivision = fullSubdivision(country, rate.subdivision);
    return [
      {
        country,
        micros: percentToMicros(rate.rate),
        ...(subdivision ? { subdivision } : {}),
        ...(rate.name ? { name: rate.name } : {}),
        ...(TAXED_ITEM_TYPES.has(rate.itemType as TaxedItemType)
          ? { itemType: rate.itemType as TaxedItemType }
          : {}),
      },
    ];
  });
  return {
    money: { currency, digits },
    taxIncludedInPrices: ecom.taxIncludedInPrices === true,
    taxableAddressType: ecom.taxableAddressType ?? 'SHIPPING',
    taxShipping: ecom.taxShipping === true,
    ...(isObject(ecom.businessAddress) ? { businessAddress: ecom.businessAddress } : {}),
    taxRates,
    shipping,
    weightUnit: ecom.weightUnit === 'LB' ? 'LB' : 'KG',
    payments: { test: payments.test === true, offline: payments.offline === true },
  };
}

export interface SettingsDeps {
  sites: SitesDeps;
}

/**
 * The rules of each cached site record, derived once per record (every cart call needs them; a changed
 * site is a new record). Callers only read rules.
 */
const rulesBySite = new WeakMap<object, StoreRules>();

/** The rules of a site (cached site read: a few seconds at most behind another process). */
export async function rulesOf(deps: SettingsDeps, siteId: string): Promise<StoreRules> {
  const site = (await deps.sites.store.getSiteCached(siteId)) ?? (await getSite(deps.sites, siteId));
  let rules = rulesBySite.get(site);
  if (!rules) {
    rules = storeRules(site.settings, site.currency);
    rulesBySite.set(site, rules);
  }
  return rules;
}

function settingsView(settings: Record<string, unknown>): EcomSettingsInput {
  const ecom = (isObject(settings.ecom) ? settings.ecom : {}) as EcomSettingsInput;
  const payments = isObject(settings.payments) ? settings.payments : {};
  return { ...ecom, payments: { test: payments.test === true, offline: payments.offline === true } };
}

export async function getEcomSettings(deps: SettingsDeps, caller: Caller) {
  const site = await getSite(deps.sites, caller.siteId);
  return { settings: settingsView(site.settings) };
}

/**
 * Refuses a second entry under the same key (`keyOf`): a shipping option is chosen by its code and a
 * rate or a region is found by its place, so a later twin would never be used.
 */
function refuseTwins<T>(items: readonly T[], keyOf: (item: T) => string, field: (i: number) => string) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const key = keyOf(item);
    if (seen.has(key)) throw invalidField(field(i), 'repeats an earlier entry for the same place or code');
    seen.add(key);
  });
}

const placeOf = (entry: { country: string; subdivision?: string | undefined }) =>
  `${entry.country.toUpperCase()} ${fullSubdivision(entry.country, entry.subdivision) ?? ''}`;

/**
 * Refuses a region its country does not have (for the countries whose regions are listed): a rate
 * or a price for "US-CAL" would never apply to anyone.
 */
function checkRegion(entry: { country: string; subdivision?: string | undefined }, field: string) {
  const subdivision = fullSubdivision(entry.country, entry.subdivision);
  if (!subdivision || isRegionOf(entry.country, subdivision)) return;
  const example = REGIONS[entry.country.toUpperCase()]!.options[0]!.code;
  throw invalidField(
    field,
    `${subdivision} is not a region of ${entry.country.toUpperCase()}: use its ISO 3166-2 code, such as ${example}`,
    'FORMAT',
  );
}

/** Replaces the given top-level fields; money amounts are checked against the site currency. */
export async function updateEcomSettings(deps: SettingsDeps, caller: Caller, input: EcomSettingsInput) {
  const site = await getSite(deps.sites, caller.siteId);
  const digits = currencyDigits(site.currency);
  const options = input.shippingOptions ?? [];
  refuseTwins(
    options,
    (option) => option.code,
    (i) => `settings.shippingOptions[${i}].code`,
  );
  options.forEach((option, i) => {
    const at = `settings.shippingOptions[${i}]`;
    if (option.price !== undefined) parseMoney(option.price, digits, `${at}.price`);
    if (option.freeOver !== undefined) parseMoney(option.freeOver, digits, `${at}.freeOver`);
    const regions = option.regions ?? [];
    refuseTwins(regions, placeOf, (j) => `${at}.regions[${j}]`);
    regions.forEach((region, j) => {
      parseMoney(region.price, digits, `${at}.regions[${j}].price`);
      checkRegion(region, `${at}.regions[${j}].subdivision`);
    });
  });
  refuseTwins(
    input.taxRates ?? [],
    (rate) => `${placeOf(rate)} ${rate.itemType ?? ''}`,
    (i) => `settings.taxRates[${i}]`,
  );
  input.taxRates?.forEach((rate, i) => {
    checkPercentScale(rate.rate, `settings.taxRates[${i}].rate`);
    checkRegion(rate, `settings.taxRates[${i}].subdivision`);
  });
  const { payments, ...given } = input;
  // Countries kept upper case, as addresses keep them; `*` stays as it is.
  const ecom: EcomSettingsInput = {
    ...given,
    ...(given.taxRates
      ? { taxRates: given.taxRates.map((rate) => ({ ...rate, country: rate.country.toUpperCase() })) }
      : {}),
    ...(given.shippingOptions
      ? {
          shippingOptions: given.shippingOptions.map((option) => ({
            ...option,
            ...(option.regions
              ? {
                  regions: option.regions.map((region) => ({
                    ...region,
                    country: region.country.toUpperCase(),
                  })),
                }
              : {}),
            ...(option.pickupAddress ? { pickupAddress: keptAddress(option.pickupAddress) } : {}),
          })),
        }
      : {}),
    ...(given.businessAddress ? { businessAddress: keptAddress(given.businessAddress) } : {}),
  };
  const current = settingsView(site.settings);
  const { payments: currentPayments, ...currentEcom } = current;
  const next: Record<string, unknown> = { ecom: { ...currentEcom, ...ecom } };
  if (payments) next.payments = { ...currentPayments, ...payments };
  const updated = await updateSite(deps.sites, caller.siteId, { settings: next });
  return { settings: settingsView(updated.settings) };
}

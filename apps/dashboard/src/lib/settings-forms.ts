/** What the settings forms hold (text, as typed) and what they send, both ways. */
import { DateTime } from 'luxon';
import { ApiError } from '../api/client.ts';
import type {
  Coupon,
  CouponInput,
  CouponType,
  ShippingOption,
  TaxItemType,
  TaxRate,
} from '../api/settings-ecom.ts';

/** One entry a line, or separated by commas or spaces: redirect URIs, origins, scopes, ids. */
export const entries = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The violation naming exactly `field` (an entry as a whole, e.g. a rate repeating another). */
export function violationOn(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.fieldViolations.find((v) => v.field === field)?.description;
}

const under = (field: string, prefix: string) =>
  field === prefix || field.startsWith(`${prefix}.`) || field.startsWith(`${prefix}[`);

/** The violations of a field and of its entries when it is a list (`allowedOrigins[1]`), as one text. */
export function violationsUnder(error: unknown, prefix: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const found = error.fieldViolations.filter((v) => under(v.field, prefix));
  return found.length > 0 ? found.map((v) => v.description).join(' ') : undefined;
}

/** The exact fields of the violations a form shows beside its fields (for `FormError`'s `shown`). */
export function placedFields(error: unknown, prefixes: readonly string[]): string[] {
  if (!(error instanceof ApiError)) return [];
  return error.fieldViolations.filter((v) => prefixes.some((p) => under(v.field, p))).map((v) => v.field);
}

/** `list` with `item` in place of entry `index`, or added at the end when `index` is undefined. */
export function placed<T>(list: readonly T[], item: T, index: number | undefined): T[] {
  return index === undefined ? [...list, item] : list.map((old, i) => (i === index ? item : old));
}

/** A number typed in a form, or the text itself when it is none, for the API to name the field. */
export function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

const regionNames =
  typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : undefined;

/** "US" → "United States"; `*` → "Everywhere"; an unknown code stays as it is. */
export function countryName(code: string): string {
  if (code === '*') return 'Everywhere';
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

// --- tax rates ------------------------------------------------------------------------------------

export interface TaxRateDraft {
  country: string;
  subdivision: string;
  itemType: TaxItemType | '';
  rate: string;
  name: string;
}

export const EMPTY_RATE: TaxRateDraft = { country: '', subdivision: '', itemType: '', rate: '', name: '' };

export const rateDraft = (rate: TaxRate): TaxRateDraft => ({
  country: rate.country,
  subdivision: rate.subdivision ?? '',
  itemType: rate.itemType ?? '',
  rate: String(rate.rate),
  name: rate.name ?? '',
});

/** The rate as the settings keep it; a rate that is no number is sent as typed, for the API to refuse. */
export function rateOf(draft: TaxRateDraft): TaxRate {
  const country = draft.country.trim();
  return {
    country: country === '*' ? country : country.toUpperCase(),
    ...(draft.subdivision.trim() ? { subdivision: draft.subdivision.trim().toUpperCase() } : {}),
    ...(draft.itemType ? { itemType: draft.itemType } : {}),
    rate: numberOrText(draft.rate) as number,
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
  };
}

// --- shipping options ----------------------------------------------------------------------------

export interface RegionDraft {
  /** Keys the rows for React: regions have no id of their own. */
  key: number;
  country: string;
  subdivision: string;
  price: string;
}

export interface ShippingDraft {
  code: string;
  title: string;
  type: ShippingOption['type'];
  price: string;
  freeOver: string;
  deliveryTime: string;
  instructions: string;
  regions: RegionDraft[];
  pickup: { addressLine: string; city: string; postalCode: string; country: string; subdivision: string };
}

export const EMPTY_SHIPPING: ShippingDraft = {
  code: '',
  title: '',
  type: 'FLAT_RATE',
  price: '',
  freeOver: '',
  deliveryTime: '',
  instructions: '',
  regions: [],
  pickup: { addressLine: '', city: '', postalCode: '', country: '', subdivision: '' },
};

export const shippingDraft = (option: ShippingOption): ShippingDraft => ({
  code: option.code,
  title: option.title,
  type: option.type,
  price: option.price === undefined ? '' : String(option.price),
  freeOver: option.freeOver === undefined ? '' : String(option.freeOver),
  deliveryTime: option.deliveryTime ?? '',
  instructions: option.instructions ?? '',
  regions: (option.regions ?? []).map((region, key) => ({
    key,
    country: region.country,
    subdivision: region.subdivision ?? '',
    price: String(region.price),
  })),
  pickup: {
    addressLine: option.pickupAddress?.addressLine ?? '',
    city: option.pickupAddress?.city ?? '',
    postalCode: option.pickupAddress?.postalCode ?? '',
    country: option.pickupAddress?.country ?? '',
    subdivision: option.pickupAddress?.subdivision ?? '',
  },
});

const given = <T extends Record<string, unknown>>(fields: T) =>
  Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;

/** The option as the settings keep it; a pickup address only for store pickup, the carrier kept. */
export function shippingOf(draft: ShippingDraft, before?: ShippingOption): ShippingOption {
  const pickup = given({
    addressLine: draft.pickup.addressLine.trim(),
    city: draft.pickup.city.trim(),
    postalCode: draft.pickup.postalCode.trim(),
    country: draft.pickup.country.trim().toUpperCase(),
    subdivision: draft.pickup.subdivision.trim().toUpperCase(),
  });
  return {
    code: draft.code.trim(),
    title: draft.title.trim(),
    type: draft.type,
    ...given({
      carrierId: before?.carrierId,
      price: draft.price.trim(),
      freeOver: draft.freeOver.trim(),
      deliveryTime: draft.deliveryTime.trim(),
      instructions: draft.instructions.trim(),
    }),
    ...(draft.regions.length > 0
      ? {
          regions: draft.regions.map((region) => ({
            country: region.country.trim().toUpperCase(),
            ...given({ subdivision: region.subdivision.trim().toUpperCase() }),
            price: region.price.trim(),
          })),
        }
      : {}),
    ...(draft.type === 'STORE_PICKUP' && Object.keys(pickup).length > 0 ? { pickupAddress: pickup } : {}),
  };
}

// --- coupons --------------------------------------------------------------------------------------

export interface CouponDraft {
  code: string;
  name: string;
  type: CouponType;
  percentage: string;
  amount: string;
  minimumSubtotal: string;
  /** `datetime-local` values, in the site's time zone. */
  startDate: string;
  expirationDate: string;
  usageLimit: string;
  catalogItemIds: string;
  active: boolean;
}

export const EMPTY_COUPON: CouponDraft = {
  code: '',
  name: '',
  type: 'PERCENTAGE',
  percentage: '',
  amount: '',
  minimumSubtotal: '',
  startDate: '',
  expirationDate: '',
  usageLimit: '',
  catalogItemIds: '',
  active: true,
};

/** An instant as a `datetime-local` value in `zone`. */
export function localInput(iso: string | undefined, zone: string): string {
  if (!iso) return '';
  return DateTime.fromISO(iso, { zone }).toFormat("yyyy-LL-dd'T'HH:mm");
}

/** A `datetime-local` value read in `zone`, as UTC; text that is no date is sent as typed. */
export function instantOf(local: string, zone: string): string {
  const at = DateTime.fromISO(local, { zone });
  return at.isValid ? at.toUTC().toISO({ suppressMilliseconds: true })! : local;
}

export const couponDraft = (coupon: Coupon, zone: string): CouponDraft => ({
  code: coupon.code,
  name: coupon.name ?? '',
  type: coupon.type,
  percentage: coupon.percentage === undefined ? '' : String(coupon.percentage),
  amount: coupon.amount ?? '',
  minimumSubtotal: coupon.minimumSubtotal ?? '',
  startDate: localInput(coupon.startDate, zone),
  expirationDate: localInput(coupon.expirationDate, zone),
  usageLimit: coupon.usageLimit === undefined ? '' : String(coupon.usageLimit),
  catalogItemIds: coupon.scope?.catalogItemIds.join('\n') ?? '',
  active: coupon.active,
});

/** Every field of the form; the discount field of the other types is left out. */
export function couponOf(draft: CouponDraft, zone: string): CouponInput {
  const text = (value: string) => value.trim() || undefined;
  const ids = entries(draft.catalogItemIds);
  const input: CouponInput = {
    code: draft.code.trim(),
    type: draft.type,
    active: draft.active,
    name: text(draft.name),
    percentage:
      draft.type === 'PERCENTAGE' && text(draft.percentage)
        ? (numberOrText(draft.percentage) as number)
        : undefined,
    amount: draft.type === 'FIXED_AMOUNT' ? text(draft.amount) : undefined,
    minimumSubtotal: text(draft.minimumSubtotal),
    startDate: draft.startDate ? instantOf(draft.startDate, zone) : undefined,
    expirationDate: draft.expirationDate ? instantOf(draft.expirationDate, zone) : undefined,
    usageLimit: text(draft.usageLimit) ? (numberOrText(draft.usageLimit) as number) : undefined,
    scope: ids.length > 0 ? { catalogItemIds: ids } : undefined,
  };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as CouponInput;
}

/**
 * Site coupons (owner CRUD under /plaza/v1/coupons) and their checks when a buyer applies one.
 * Codes are case-insensitive (kept upper-case); usages are counted in `times_used` when an order
 * is placed, refused past `usageLimit` by the same conditional UPDATE.
 */

import { parseMask } from '../../db/documents.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Caller } from '../../http/access.ts';
import { type AppError, invalidField } from '../../lib/errors.ts';
import { rawJson, wrapRawList } from '../../lib/raw-json.ts';
import { NEWEST_FIRST, withDefaultSort, withFieldOperands } from '../../query/index.ts';
import type { EcomDeps } from './context.ts';
import { ecomErrors } from './errors.ts';
import {
  checkPercentScale,
  currencyDigits,
  formatMoney,
  parseMoney,
  percentToMicros,
  toDecimalString,
} from './money.ts';
import type { CouponRule } from './totals.ts';

export interface CouponFields {
  code: string;
  type: 'PERCENTAGE' | 'FIXED_AMOUNT' | 'FREE_SHIPPING';
  name?: string;
  percentage?: number;
  amount?: string | number;
  minimumSubtotal?: string | number;
  startDate?: string;
  expirationDate?: string;
  usageLimit?: number;
  scope?: { catalogItemIds: string[] };
  active?: boolean;
}

type StoredCoupon = Omit<CouponFields, 'amount' | 'minimumSubtotal'> & {
  id: string;
  active: boolean;
  amount?: string;
  minimumSubtotal?: string;
};

async function digitsOf(deps: EcomDeps, siteId: string) {
  const site = await deps.sites.store.getSiteCached(siteId);
  return currencyDigits(site?.currency ?? 'USD');
}

/** A date-time in UTC; one the calendar cannot hold (a leap second, 25:00) is refused. */
function utc(dateTime: string, field: string): string {
  const time = Date.parse(dateTime);
  if (Number.isNaN(time)) throw invalidField(field, 'is not a date and time a calendar holds', 'FORMAT');
  return new Date(time).toISOString();
}

/** The fields an update's mask may name (a named one left out is cleared, but a coupon keeps its code and type). */
const MASKABLE = new Set([
  'code',
  'type',
  'name',
  'percentage',
  'amount',
  'minimumSubtotal',
  'startDate',
  'expirationDate',
  'usageLimit',
  'scope',
  'active',
]);
const REQUIRED = new Set(['code', 'type']);

/** The coupon type each discount field belongs to. */
const TYPE_OF = { percentage: 'PERCENTAGE', amount: 'FIXED_AMOUNT' } as const;

/**
 * The coupon's own fields of `fields` that are kept as sent (code, type, active, dates and amounts are
 * normalised below): the contract lets other keys through (entities stay open), and a stored one would
 * be answered back, a `numberOfUsages` twice.
 */
function keptAsSent({ name, percentage, usageLimit, scope }: CouponFields) {
  return {
    ...(name === undefined ? {} : { name }),
    ...(percentage === undefined ? {} : { percentage }),
    ...(usageLimit === undefined ? {} : { usageLimit }),
    ...(scope === undefined ? {} : { scope: { catalogItemIds: scope.catalogItemIds } }),
  };
}

/** Checks a whole coupon and normalises its code, amounts and dates. */
function normalise(
  fields: CouponFields,
  digits: number,
  /** The fields the request names: those kept from before are not checked again by newer rules. */
  sent: ReadonlySet<string> | 'all' = 'all',
  at = 'coupon',
): Omit<StoredCoupon, 'id'> {
  const named = (field: string) => sent === 'all' || sent.has(field);
  const amount = (value: string | number | undefined, field: string) =>
    value === undefined ? undefined : toDecimalString(parseMoney(value, digits, `${at}.${field}`), digits);
  if (fields.type === 'PERCENTAGE' && fields.percentage === undefined)
    throw invalidField(`${at}.percentage`, 'is required for PERCENTAGE coupons', 'REQUIRED_FIELD');
  if (fields.type === 'FIXED_AMOUNT' && fields.amount === undefined)
    throw invalidField(`${at}.amount`, 'is required for FIXED_AMOUNT coupons', 'REQUIRED_FIELD');
  for (const field of ['percentage', 'amount'] as const) {
    if (fields[field] !== undefined && named(field) && fields.type !== TYPE_OF[field])
      throw invalidField(`${at}.${field}`, `applies to ${TYPE_OF[field]} coupons only`, 'FIELD_NOT_ALLOWED');
  }
  const { percentage } = fields;
  if (percentage !== undefined && named('percentage')) checkPercentScale(percentage, `${at}.percentage`);
  // Kept in UTC (`…Z`): dates given with an offset then order as text as they do in time.
  const startDate = fields.startDate && utc(fields.startDate, `${at}.startDate`);
  const expirationDate = fields.expirationDate && utc(fields.expirationDate, `${at}.expirationDate`);
  if (startDate && expirationDate && expirationDate <= startDate)
    throw invalidField(`${at}.expirationDate`, 'must be after startDate');
  const fixed = amount(fields.amount, 'amount');
  if (fixed !== undefined && named('amount') && Number(fixed) === 0)
    throw invalidField(`${at}.amount`, 'must be more than 0', 'DECIMAL_GT');
  const minimum = amount(fields.minimumSubtotal, 'minimumSubtotal');
  return {
    code: fields.code.toUpperCase(),
    type: fields.type,
    ...keptAsSent(fields),
    ...(startDate ? { startDate } : {}),
    ...(expirationDate ? { expirationDate } : {}),
    active: fields.active ?? true,
    ...(fixed === undefined ? {} : { amount: fixed }),
    ...(minimum === undefined ? {} : { minimumSubtotal: minimum }),
  };
}

const withUsages = (doc: string, used: number) => `${doc.slice(0, -1)},"numberOfUsages":${used}}`;

async function view(deps: EcomDeps, siteId: string, id: string) {
  const doc = await deps.store.coupons.forSite(siteId).getRaw(id);
  if (doc === undefined) throw ecomErrors.couponNotFoundById(id);
  const used = (await deps.store.timesUsed(siteId, [id])).get(id) ?? 0;
  return rawJson(`{"coupon":${withUsages(doc, used)}}`);
}

export async function createCoupon(deps: EcomDeps, caller: Caller, input: CouponFields) {
  const fields = normalise(input, await digitsOf(deps, caller.siteId));
  try {
    const created = await deps.store.coupons.forSite(caller.siteId).create(fields);
    return view(deps, caller.siteId, created.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw ecomErrors.couponCodeTaken(fields.code);
    throw error;
  }
}

export const getCoupon = (deps: EcomDeps, caller: Caller, id: string) => view(deps, caller.siteId, id);

export async function updateCoupon(
  deps: EcomDeps,
  caller: Caller,
  input: Partial<CouponFields> & { id: string; revision?: string | number },
  mask?: unknown,
) {
  const coupons = deps.store.coupons.forSite(caller.siteId);
  const current = await coupons.get<StoredCoupon>(input.id);
  if (!current) throw ecomErrors.couponNotFoundById(input.id);
  const { id, revision, ...patch } = input;
  const paths = parseMask(mask);
  for (const path of paths ?? []) {
    if (!MASKABLE.has(path)) throw invalidField('mask', `names ${path}, which is not a field of a coupon`);
    if (REQUIRED.has(path) && (patch as Record<string, unknown>)[path] === undefined)
      throw invalidField(`coupon.${path}`, 'is required when the mask names it', 'REQUIRED_FIELD');
  }
  const chosen = paths
    ? Object.fromEntries(paths.map((p) => [p, (patch as Record<string, unknown>)[p]]))
    : patch;
  // The discount field of another type than the coupon's is dropped when kept from before (a type
  // change), refused when sent.
  const kept: Record<string, unknown> = { ...current };
  const type = (chosen as Partial<CouponFields>).type ?? current.type;
  for (const field of ['percentage', 'amount'] as const)
    if (TYPE_OF[field] !== type && !(field in chosen)) delete kept[field];
  const merged = { ...kept, ...chosen } as CouponFields;
  const fields = normalise(merged, await digitsOf(deps, caller.siteId), new Set(Object.keys(chosen)));
  try {
    // What the coupon no longer has is named, to be cleared (an update keeps absent fields): the
    // discount field of another type, and keys stored before only a coupon's own were kept.
    const cleared = Object.fromEntries(Object.keys(current).map((key) => [key, undefined]));
    await coupons.update(id, { ...cleared, ...fields }, { expectedRevision: revision });
  } catch (error) {
    if (isUniqueViolation(error)) throw ecomErrors.couponCodeTaken(fields.code);
    throw error;
  }
  return view(deps, caller.siteId, id);
}

export async function deleteCoupon(deps: EcomDeps, caller: Caller, id: string) {
  if (!(await deps.store.coupons.forSite(caller.siteId).delete(id))) throw ecomErrors.couponNotFoundById(id);
  return {};
}

/** The query as the coupons table answers it: codes in any case (kept upper case), newest first unless sorted. */
const couponQuery = (query: unknown): unknown =>
  withFieldOperands(withDefaultSort(query, NEWEST_FIRST), 'code', (code) => code.toUpperCase());

export async function queryCoupons(deps: EcomDeps, caller: Caller, query: unknown) {
  const page = await deps.store.coupons.forSite(caller.siteId).query(couponQuery(query));
  const ids = page.items.map((doc) => (JSON.parse(doc) as { id: string }).id);
  const used = await deps.store.timesUsed(caller.siteId, ids);
  return wrapRawList(
    'coupons',
    page.items.map((doc, i) => withUsages(doc, used.get(ids[i]!) ?? 0)),
    { pagingMetadata: page.metadata },
  );
}

function toRule(coupon: StoredCoupon, digits: number): CouponRule {
  const minor = (value: string | undefined) =>
    value === undefined ? undefined : parseMoney(value, digits, 'coupon');
  const amount = minor(coupon.amount);
  const minimumSubtotal = minor(coupon.minimumSubtotal);
  return {
    id: coupon.id,
    code: coupon.code,
    ...(coupon.name ? { name: coupon.name } : {}),
    type: coupon.type,
    ...(coupon.percentage === undefined ? {} : { percentMicros: percentToMicros(coupon.percentage) }),
    ...(amount === undefined ? {} : { amount }),
    ...(minimumSubtotal === undefined ? {} : { minimumSubtotal }),
    ...(coupon.scope?.catalogItemIds.length ? { catalogItemIds: coupon.scope.catalogItemIds } : {}),
  };
}

/**
 * Why `coupon`, used `timesUsed` times, cannot be used at `now` (switched off, not started, expired,
 * used up), if it cannot.
 */
function unusable(coupon: StoredCoupon, timesUsed: number, now: number): AppError | undefined {
  if (!coupon.active) return ecomErrors.couponDisabled(coupon.code);
  if (coupon.startDate && now < Date.parse(coupon.startDate))
    return ecomErrors.couponNotActiveYet(coupon.code, coupon.startDate);
  if (coupon.expirationDate && now >= Date.parse(coupon.expirationDate))
    return ecomErrors.couponExpired(coupon.code, coupon.expirationDate);
  if (coupon.usageLimit !== undefined && timesUsed >= coupon.usageLimit)
    return ecomErrors.couponExhausted(coupon.code);
  return undefined;
}

/**
 * Why the coupon frozen in a checkout can no longer be used (gone, switched off, out of its dates,
 * used up by other orders since), if it cannot: the checkout then drops it before anything is charged.
 * The order's transaction still counts the use itself, for payers racing for the last one.
 */
export async function lapsedCoupon(deps: EcomDeps, siteId: string, frozen: { id: string; code: string }) {
  const found = await deps.store.couponByCode(siteId, frozen.code);
  const coupon = found && (JSON.parse(found.doc) as StoredCoupon);
  // A coupon deleted and made again under the same code is another coupon.
  if (!found || !coupon || coupon.id !== frozen.id) return ecomErrors.couponNotFound(frozen.code);
  return unusable(coupon, found.timesUsed, deps.clock.now().getTime());
}

/**
 * The coupon of `code` if a buyer may use it now. With `subtotal` the minimum is checked too (when
 * applying; later estimates keep the coupon and only warn). With `id`, the coupon a cart applied:
 * one deleted and made again under the same code is another coupon, which the cart never applied.
 */
export async function usableCoupon(
  deps: EcomDeps,
  siteId: string,
  code: string,
  currency: string,
  { subtotal, id }: { subtotal?: number; id?: string | undefined } = {},
): Promise<CouponRule> {
  const found = await deps.store.couponByCode(siteId, code);
  const coupon = found && (JSON.parse(found.doc) as StoredCoupon);
  if (!found || !coupon || (id !== undefined && coupon.id !== id)) throw ecomErrors.couponNotFound(code);
  const refusal = unusable(coupon, found.timesUsed, deps.clock.now().getTime());
  if (refusal) throw refusal;
  const digits = currencyDigits(currency);
  const rule = toRule(coupon, digits);
  if (subtotal !== undefined && rule.minimumSubtotal !== undefined && subtotal < rule.minimumSubtotal)
    throw ecomErrors.couponMinimum(coupon.code, formatMoney(rule.minimumSubtotal, currency, digits));
  return rule;
}

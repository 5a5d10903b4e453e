/**
 * A service write as a stored document: the writable fields of the request merged into the stored
 * service (top-level fields replace, or the paths of a mask), read-only parts dropped, money
 * normalised to the site currency, and every entity it names checked to exist in the site.
 */
import { newId } from '../../../lib/ids.ts';
import { getPath, setPath } from '../../../lib/paths.ts';
import { bookingsErrors } from '../errors.ts';
import type { Executor } from '../store.ts';
import {
  type BookingsDeps,
  DEFAULT_FORM_ID,
  defined,
  isObject,
  type Json,
  type SiteFacts,
} from './context.ts';

/** Top-level fields a write may set; everything else of a service is the server's. */
export const WRITABLE = new Set([
  'appId',
  'type',
  'sortOrder',
  'name',
  'description',
  'tagLine',
  'defaultCapacity',
  'media',
  'hidden',
  'category',
  'form',
  'payment',
  'onlineBooking',
  'conferencing',
  'locations',
  'bookingPolicy',
  'schedule',
  'staffMemberIds',
  'extendedFields',
  'seoData',
  'taxableAddress',
]);

/** `patch` applied to `base`: every writable top-level field it holds, or only the paths of `mask`. */
export function mergeWritable(base: Json, patch: Json, mask: readonly string[] | undefined): Json {
  const merged = structuredClone(base);
  if (mask && mask.length > 0) {
    for (const path of mask) {
      const head = path.split('.')[0]!;
      if (WRITABLE.has(head) && head !== 'appId')
        setPath(merged, path, structuredClone(getPath(patch, path)));
    }
    return merged;
  }
  for (const [key, value] of Object.entries(patch)) {
    if (WRITABLE.has(key) && value !== undefined && !(key === 'appId' && base.appId !== undefined)) {
      merged[key] = structuredClone(value);
    }
  }
  return merged;
}

/** "25.5" in USD → 2550 minor units; more decimals than the currency has are refused. */
function minorOf(value: string, facts: SiteFacts, field: string): number {
  const [whole, fraction = ''] = value.split('.');
  if (fraction.length > facts.digits) {
    throw bookingsErrors.invalid(
      field,
      `has more decimals than ${facts.currency} allows (${facts.digits})`,
      'INVALID_RATE',
    );
  }
  return Number(whole) * 10 ** facts.digits + Number(fraction.padEnd(facts.digits, '0') || '0');
}

/** Money as stored: its decimal value normalised (`"25.5"` → `"25.50"`); currency and text are rendered. */
function money(value: unknown, facts: SiteFacts, field: string): Json | undefined {
  if (!isObject(value)) return undefined;
  const minor = minorOf(String(value.value), facts, `${field}.value`);
  const text = String(minor).padStart(facts.digits + 1, '0');
  return {
    value: facts.digits === 0 ? text : `${text.slice(0, -facts.digits)}.${text.slice(-facts.digits)}`,
  };
}

function payment(input: unknown, stored: unknown, facts: SiteFacts): Json {
  const given = isObject(input) ? input : {};
  const pricingPlanIds =
    isObject(stored) && Array.isArray(stored.pricingPlanIds) ? stored.pricingPlanIds : [];
  const rateType = (given.rateType as string | undefined) ?? 'NO_FEE';
  const options = isObject(given.options) ? given.options : {};
  const out: Json = {
    rateType,
    options: defined({
      online: options.online ?? false,
      inPerson: options.inPerson ?? rateType !== 'NO_FEE',
      deposit: options.deposit ?? false,
      pricingPlan: options.pricingPlan ?? pricingPlanIds.length > 0,
    }),
    pricingPlanIds,
    addOnOption: given.addOnOption ?? 'ONLINE',
  };
  const fixed = isObject(given.fixed) ? given.fixed : undefined;
  const varied = isObject(given.varied) ? given.varied : undefined;
  if (rateType === 'FIXED') {
    const price = money(fixed?.price, facts, 'service.payment.fixed.price');
    if (!price)
      throw bookingsErrors.invalid('service.payment.fixed.price', 'is required for FIXED', 'INVALID_RATE');
    out.fixed = defined({
      price,
      deposit: money(fixed?.deposit, facts, 'service.payment.fixed.deposit'),
      fullUpfrontPaymentAllowed: fixed?.fullUpfrontPaymentAllowed ?? false,
    });
  } else if (rateType === 'VARIED') {
    const defaultPrice = money(varied?.defaultPrice, facts, 'service.payment.varied.defaultPrice');
    if (!defaultPrice) {
      throw bookingsErrors.invalid(
        'service.payment.varied.defaultPrice',
        'is required for VARIED',
        'INVALID_RATE',
      );
    }
    out.varied = defined({
      defaultPrice,
      deposit: money(varied?.deposit, facts, 'service.payment.varied.deposit'),
      minPrice: money(varied?.minPrice, facts, 'service.payment.varied.minPrice') ?? defaultPrice,
      maxPrice: money(varied?.maxPrice, facts, 'service.payment.varied.maxPrice') ?? defaultPrice,
      fullUpfrontPaymentAllowed: varied?.fullUpfrontPaymentAllowed ?? false,
    });
  } else if (rateType === 'CUSTOM') {
    out.custom = { description: isObject(given.custom) ? (given.custom.description ?? '') : '' };
  }
  const chosen = out.options as Json;
  if (rateType === 'FIXED' || rateType === 'VARIED') {
    if (!chosen.online && !chosen.inPerson && !chosen.pricingPlan) {
      throw bookingsErrors.invalid(
        'service.payment.options',
        'needs one of online, inPerson or pricingPlan for a FIXED or VARIED rate',
        'INVALID_PAYMENT_OPTIONS',
      );
    }
    const deposit = ((out.fixed ?? out.varied) as Json).deposit;
    if (chosen.deposit && (!deposit || !chosen.online || chosen.inPerson)) {
      throw bookingsErrors.invalid(
        'service.payment.options.deposit',
        'needs a deposit amount, online true and inPerson false',
        'INVALID_PAYMENT_OPTIONS',
      );
    }
  } else if (chosen.online || chosen.deposit) {
    throw bookingsErrors.invalid(
      'service.payment.options',
      `online and deposit payments need a FIXED or VARIED rate, not ${rateType}`,
      'INVALID_PAYMENT_OPTIONS',
    );
  }
  return out;
}

/** Locations as stored: a business location by id (checked), a custom address, or the customer's place. */
async function locations(
  deps: BookingsDeps,
  trx: Executor,
  siteId: string,
  input: unknown[],
): Promise<Json[]> {
  const out: Json[] = [];
  const seen = new Set<string>();
  for (const [index, item] of input.entries()) {
    const field = `service.locations[${index}]`;
    const location = isObject(item) ? item : {};
    const type = (location.type as string | undefined) ?? (location.business ? 'BUSINESS' : 'CUSTOM');
    let stored: Json;
    if (type === 'BUSINESS') {
      const id = isObject(location.business) ? (location.business.id as string | undefined) : undefined;
      const found = id ? await deps.store.locations.forSite(siteId, trx).get<Json>(id) : undefined;
      if (!found || found.archived) {
        throw bookingsErrors.invalid(
          `${field}.business.id`,
          'names no active business location of the site',
          'INVALID_BUSINESS_LOCATION',
        );
      }
      stored = { id: found.id, type, business: { id: found.id } };
    } else if (type === 'CUSTOM') {
      const address = isObject(location.custom) ? location.custom.address : undefined;
      if (!isObject(address)) {
        throw bookingsErrors.invalid(
          `${field}.custom.address`,
          'is required for a CUSTOM location',
          'INVALID_CUSTOM_LOCATION',
        );
      }
      const id =
        (isObject(location.custom) && typeof location.custom.id === 'string' && location.custom.id) ||
        newId();
      stored = { id, type, custom: { id, address } };
    } else {
      stored = { id: typeof location.id === 'string' && location.id ? location.id : newId(), type };
    }
    const key = type === 'CUSTOMER' ? 'CUSTOMER' : String(stored.id);
    if (seen.has(key)) throw bookingsErrors.invalid(field, 'is listed twice', 'INVALID_LOCATIONS');
    seen.add(key);
    out.push(stored);
  }
  return out;
}

/**
 * The weekly session rules of a class or course (an appointment has none): a course needs its first
 * and last dates, every rule's dates in order, and a staff member of the site when it names one.
 */
async function weeklySessions(
  type: string,
  given: unknown,
  staffExists: (id: string) => Promise<unknown>,
): Promise<Json[] | undefined> {
  if (!Array.isArray(given)) return undefined;
  const field = 'service.schedule.weeklySessions';
  if (type === 'APPOINTMENT' && given.length > 0)
    throw bookingsErrors.invalid(field, 'are for classes and courses only', 'INVALID_SCHEDULE');
  for (const [index, rule] of (given as Json[]).entries()) {
    if (type === 'COURSE' && (!rule.startDate || !rule.endDate))
      throw bookingsErrors.invalid(
        `${field}[${index}].endDate`,
        'a course runs between a first and a last date: both are required',
        'INVALID_SCHEDULE',
      );
    if (rule.startDate && rule.endDate && String(rule.endDate) < String(rule.startDate))
      throw bookingsErrors.invalid(
        `${field}[${index}].endDate`,
        'must not be before startDate',
        'INVALID_SCHEDULE',
      );
  }
  for (const [index, rule] of (given as Json[]).entries()) {
    if (rule.staffMemberId && !(await staffExists(String(rule.staffMemberId))))
      throw bookingsErrors.invalid(
        `${field}[${index}].staffMemberId`,
        `names no staff member of the site: ${String(rule.staffMemberId)}`,
        'INVALID_STAFF_MEMBER_IDS',
      );
  }
  return given as Json[];
}

async function requireEach(
  ids: readonly string[],
  exists: (id: string) => Promise<unknown>,
  field: string,
  rule: string,
) {
  for (const [index, id] of ids.entries()) {
    if (!(await exists(id)))
      throw bookingsErrors.invalid(`${field}[${index}]`, `names no such entity of the site: ${id}`, rule);
  }
}

/**
 * The merged service checked and normalised in `trx`. `defaultPolicyId` stands in for a service that
 * names no policy.
 */
export async function normaliseService(
  deps: BookingsDeps,
  trx: Executor,
  siteId: string,
  facts: SiteFacts,
  merged: Json,
  base: Json | undefined,
  defaultPolicyId: string,
): Promise<Json> {
  const type = merged.type as string;
  const schedule = isObject(merged.schedule) ? merged.schedule : {};
  const constraints = isObject(schedule.availabilityConstraints) ? schedule.availabilityConstraints : {};
  const sessionDurations = Array.isArray(constraints.sessionDurations)
    ? constraints.sessionDurations
    : type === 'APPOINTMENT'
      ? [60]
      : undefined;
  const capacity = (merged.defaultCapacity as number | undefined) ?? (type === 'APPOINTMENT' ? 1 : 10);
  if (type === 'APPOINTMENT' && capacity !== 1) {
    throw bookingsErrors.invalid(
      'service.defaultCapacity',
      'must be 1 for an APPOINTMENT',
      'INVALID_APPOINTMENT_CAPACITY',
    );
  }
  const onlineBooking = isObject(merged.onlineBooking) ? merged.onlineBooking : {};
  const pay = payment(merged.payment, base?.payment, facts);
  if (onlineBooking.requireManualApproval && (pay.options as Json).pricingPlan) {
    throw bookingsErrors.invalid(
      'service.onlineBooking.requireManualApproval',
      'cannot be combined with paying by pricing plan',
      'INVALID_MANUAL_APPROVAL_WITH_PRICING_PLANS',
    );
  }

  const categoryId = isObject(merged.category) ? (merged.category.id as string) : undefined;
  if (categoryId && !(await deps.store.categories.forSite(siteId, trx).get(categoryId))) {
    throw bookingsErrors.invalid('service.category.id', 'names no category of the site', 'INVALID_CATEGORY');
  }
  const policyId = isObject(merged.bookingPolicy)
    ? (merged.bookingPolicy.id as string | undefined)
    : undefined;
  if (policyId && !(await deps.store.policies.forSite(siteId, trx).get(policyId))) {
    throw bookingsErrors.invalid(
      'service.bookingPolicy.id',
      'names no booking policy of the site',
      'INVALID_BOOKING_POLICY',
    );
  }
  const staffMemberIds = Array.isArray(merged.staffMemberIds) ? (merged.staffMemberIds as string[]) : [];
  const staff = deps.store.staff.forSite(siteId, trx);
  await requireEach(
    staffMemberIds,
    (id) => staff.get(id),
    'service.staffMemberIds',
    'INVALID_STAFF_MEMBER_IDS',
  );

  const media = isObject(merged.media) ? merged.media : {};
  return defined({
    appId: merged.appId,
    type,
    sortOrder: merged.sortOrder,
    name: merged.name,
    description: merged.description,
    tagLine: merged.tagLine,
    defaultCapacity: capacity,
    media: defined({
      items: Array.isArray(media.items) ? media.items : [],
      mainMedia: media.mainMedia,
      coverMedia: media.coverMedia,
    }),
    hidden: merged.hidden ?? false,
    category: categoryId ? { id: categoryId } : undefined,
    form: { id: isObject(merged.form) ? merged.form.id : DEFAULT_FORM_ID },
    payment: pay,
    onlineBooking: {
      enabled: onlineBooking.enabled ?? true,
      requireManualApproval: onlineBooking.requireManualApproval ?? false,
      allowMultipleRequests: onlineBooking.allowMultipleRequests ?? false,
    },
    conferencing: { enabled: isObject(merged.conferencing) ? (merged.conferencing.enabled ?? false) : false },
    locations: await locations(deps, trx, siteId, Array.isArray(merged.locations) ? merged.locations : []),
    bookingPolicy: { id: policyId ?? defaultPolicyId },
    schedule: defined({
      id: (isObject(base?.schedule) && (base.schedule.id as string | undefined)) || newId(),
      availabilityConstraints: defined({
        sessionDurations,
        timeBetweenSessions: constraints.timeBetweenSessions ?? 0,
      }),
      weeklySessions: await weeklySessions(type, schedule.weeklySessions, (id) => staff.get(id)),
    }),
    staffMemberIds,
    extendedFields: merged.extendedFields,
    seoData: merged.seoData,
    taxableAddress: merged.taxableAddress,
  });
}

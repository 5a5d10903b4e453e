/**
 * A stored service as the API answers it: the entities it names (category, booking policy, business
 * locations, staff members when asked for) read at answer time, so that renaming one of them shows in
 * every service at once; money in the site currency; the page URLs of its slug.
 */
import type { SiteDocuments } from '../../../db/documents.ts';
import { formatMoney } from '../../../lib/money.ts';
import { type BookingsDeps, isObject, type Json, type SiteFacts } from './context.ts';

/** The documents of `ids` in the site, by id (pages of 100, the query engine's largest). */
export async function documentsById(
  documents: SiteDocuments,
  ids: Iterable<string>,
): Promise<Map<string, Json>> {
  const wanted = [...new Set(ids)];
  const found = new Map<string, Json>();
  for (let start = 0; start < wanted.length; start += 100) {
    const chunk = wanted.slice(start, start + 100);
    const page = await documents.query({ filter: { id: { $in: chunk } }, paging: { limit: 100 } });
    for (const text of page.items) {
      const document = JSON.parse(text) as Json;
      found.set(document.id as string, document);
    }
  }
  return found;
}

/** A business location's address (Locations API names) in the wire names of a service address. */
export function serviceAddress(address: unknown): Json | undefined {
  if (!isObject(address)) return undefined;
  const { formatted, location, hint: _hint, ...rest } = address;
  return {
    ...rest,
    ...(formatted === undefined ? {} : { formattedAddress: formatted }),
    ...(location === undefined ? {} : { geocode: location }),
  };
}

/** A business location as a service location (`V2Location`). */
export function businessServiceLocation(location: Json): Json {
  const address = serviceAddress(location.address);
  return {
    id: location.id,
    type: 'BUSINESS',
    business: {
      id: location.id,
      name: location.name,
      default: location.default,
      ...(address ? { address } : {}),
      ...(location.email === undefined ? {} : { email: location.email }),
      ...(location.phone === undefined ? {} : { phone: location.phone }),
    },
    ...(address ? { calculatedAddress: address } : {}),
  };
}

function renderMoney(value: unknown, facts: SiteFacts): unknown {
  if (!isObject(value) || typeof value.value !== 'string') return value;
  const [whole, fraction = ''] = value.value.split('.');
  const minor = Number(whole) * 10 ** facts.digits + Number(fraction.padEnd(facts.digits, '0') || '0');
  return {
    value: value.value,
    currency: facts.currency,
    formattedValue: formatMoney(minor, facts.currency, facts.digits),
  };
}

function renderPayment(payment: unknown, facts: SiteFacts): unknown {
  if (!isObject(payment)) return payment;
  const out: Json = { ...payment };
  for (const key of ['fixed', 'varied'] as const) {
    const part = payment[key];
    if (!isObject(part)) continue;
    out[key] = Object.fromEntries(
      Object.entries(part).map(([name, value]) => [
        name,
        isObject(value) ? renderMoney(value, facts) : value,
      ]),
    );
  }
  return out;
}

const pageUrl = (facts: SiteFacts, relativePath: string) => ({
  relativePath,
  url: `${facts.siteUrl}${relativePath}`,
});

export interface RenderOptions {
  conditionalFields?: readonly string[] | undefined;
}

/** `services` (stored documents) as the API answers them, in order. */
export async function renderServices(
  deps: BookingsDeps,
  siteId: string,
  facts: SiteFacts,
  services: readonly Json[],
  options: RenderOptions = {},
): Promise<Json[]> {
  const ids = (pick: (service: Json) => unknown[]) =>
    services.flatMap(pick).filter((id): id is string => typeof id === 'string');
  const categories = await documentsById(
    deps.store.categories.forSite(siteId),
    ids((s) => [isObject(s.category) ? s.category.id : undefined]),
  );
  const policies = await documentsById(
    deps.store.policies.forSite(siteId),
    ids((s) => [isObject(s.bookingPolicy) ? s.bookingPolicy.id : undefined]),
  );
  const locations = await documentsById(
    deps.store.locations.forSite(siteId),
    ids((s) =>
      (Array.isArray(s.locations) ? s.locations : []).map((l) =>
        isObject(l) && isObject(l.business) ? l.business.id : undefined,
      ),
    ),
  );
  const withStaff = options.conditionalFields?.includes('STAFF_MEMBER_DETAILS') ?? false;
  const staff = withStaff
    ? await documentsById(
        deps.store.staff.forSite(siteId),
        ids((s) => (Array.isArray(s.staffMemberIds) ? s.staffMemberIds : [])),
      )
    : new Map<string, Json>();

  return services.map((service) => {
    const out: Json = { ...service };
    const category = isObject(service.category) ? categories.get(service.category.id as string) : undefined;
    if (category) out.category = { id: category.id, name: category.name, sortOrder: category.sortOrder };
    const policy = isObject(service.bookingPolicy)
      ? policies.get(service.bookingPolicy.id as string)
      : undefined;
    if (policy) {
      const { revision: _revision, ...rest } = policy;
      out.bookingPolicy = rest;
    }
    out.locations = (Array.isArray(service.locations) ? service.locations : []).map((item) => {
      const location = item as Json;
      if (location.type === 'BUSINESS' && isObject(location.business)) {
        const found = locations.get(location.business.id as string);
        return found ? businessServiceLocation(found) : location;
      }
      if (location.type === 'CUSTOM' && isObject(location.custom)) {
        return { ...location, calculatedAddress: location.custom.address };
      }
      return location;
    });
    out.payment = renderPayment(service.payment, facts);
    const schedule = isObject(service.schedule) ? service.schedule : {};
    const constraints = isObject(schedule.availabilityConstraints) ? schedule.availabilityConstraints : {};
    const durations = Array.isArray(constraints.sessionDurations) ? constraints.sessionDurations : [];
    out.schedule = {
      ...schedule,
      availabilityConstraints: { ...constraints, durations: durations.map((minutes) => ({ minutes })) },
    };
    const slug = isObject(service.mainSlug) ? String(service.mainSlug.name) : '';
    out.urls = {
      servicePage: pageUrl(facts, `/service-page/${slug}`),
      bookingPage: pageUrl(facts, `/booking-calendar/${slug}`),
      calendarPage: pageUrl(facts, `/booking-calendar/${slug}`),
    };
    if (withStaff) {
      const members = (Array.isArray(service.staffMemberIds) ? service.staffMemberIds : [])
        .map((id) => staff.get(id as string))
        .filter((member): member is Json => member !== undefined);
      out.staffMemberDetails = {
        staffMembers: members.map((member) => ({
          staffMemberId: member.id,
          ...(member.name === undefined ? {} : { name: member.name }),
          ...(member.mainMedia === undefined ? {} : { mainMedia: member.mainMedia }),
        })),
      };
    }
    return out;
  });
}

export async function renderService(
  deps: BookingsDeps,
  siteId: string,
  facts: SiteFacts,
  service: Json,
  options: RenderOptions = {},
): Promise<Json> {
  return (await renderServices(deps, siteId, facts, [service], options))[0]!;
}

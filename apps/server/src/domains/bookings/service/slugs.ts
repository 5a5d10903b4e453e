/**
 * Service slugs: made from the name, or set by the owner (custom). A service keeps answering to every
 * slug it had (`supportedSlugs`); one slug belongs to one service of a site (`bookings_service_slugs`).
 */
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Caller } from '../../../http/access.ts';
import { bookingsErrors } from '../errors.ts';
import type { Executor } from '../store.ts';
import { type BookingsDeps, isObject, type Json, siteFacts } from './context.ts';
import { renderService } from './view.ts';

/** Lower-case letters (any script), digits, and single hyphens between them: safe in a path unencoded. */
const LEGAL = /^[\p{Ll}\p{Lo}\p{Nd}]+(?:-[\p{Ll}\p{Lo}\p{Nd}]+)*$/u;
const SLUG_MAX = 100;

export const isLegalSlug = (slug: string) => slug.length <= SLUG_MAX && LEGAL.test(slug);

/** "Haircut & Colour" → "haircut-colour"; "Épilation" → "epilation". */
export function slugFrom(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{Ll}\p{Lo}\p{Nd}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX - 6)
    .replace(/-+$/g, '');
  return slug === '' ? 'service' : slug;
}

/** `base`, or `base-2`, `base-3`… : the first the site has not given to another service. */
export async function freeSlug(
  deps: BookingsDeps,
  trx: Executor,
  siteId: string,
  base: string,
  serviceId: string,
): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const owner = await deps.store.slugOwner(trx, siteId, candidate);
    if (owner === undefined || owner === serviceId) return candidate;
  }
}

/** Makes `name` the service's main slug (claimed unless it already has it) and keeps it among its slugs. */
export async function adoptSlug(
  deps: BookingsDeps,
  trx: Executor,
  siteId: string,
  service: Json,
  name: string,
  custom: boolean,
  now: string,
): Promise<Json> {
  const owner = await deps.store.slugOwner(trx, siteId, name);
  if (owner !== undefined && owner !== service.id) throw bookingsErrors.slugTaken(name);
  if (owner === undefined) await deps.store.claimSlug(trx, siteId, name, service.id as string, now);
  const supported = (Array.isArray(service.supportedSlugs) ? service.supportedSlugs : []) as Json[];
  const known = supported.find((slug) => slug.name === name);
  const slug = known
    ? { ...known, custom: custom || known.custom === true }
    : { name, custom, createdDate: now };
  service.supportedSlugs = [...supported.filter((s) => s.name !== name), slug];
  service.mainSlug = slug;
  return slug;
}

/** Whether `slug` could become the custom slug of `serviceId` (any service when absent). */
export async function validateSlug(
  deps: BookingsDeps,
  caller: Caller,
  serviceId: string | undefined,
  slug: string,
) {
  const errors: Array<'SLUG_CONTAINS_ILLEGAL_CHARACTERS' | 'SLUG_ALREADY_EXISTS'> = [];
  if (!isLegalSlug(slug)) errors.push('SLUG_CONTAINS_ILLEGAL_CHARACTERS');
  const owner = await deps.store.slugOwner(deps.store.db, caller.siteId, slug);
  if (owner !== undefined && owner !== serviceId) errors.push('SLUG_ALREADY_EXISTS');
  return errors.length === 0 ? { valid: true, slug, errors } : { valid: false, errors };
}

export async function setCustomSlug(deps: BookingsDeps, caller: Caller, serviceId: string, slug: string) {
  if (!isLegalSlug(slug)) throw bookingsErrors.illegalSlug('slug');
  const facts = await siteFacts(deps, caller.siteId);
  const { service, adopted } = await withSlugRace(slug, () =>
    deps.store.transaction(async (trx) => {
      const services = deps.store.services.forSite(caller.siteId, trx);
      const stored = await services.get<Json>(serviceId);
      if (!stored) throw bookingsErrors.serviceNotFound(serviceId);
      const now = deps.clock.now().toISOString();
      const adopted = await adoptSlug(deps, trx, caller.siteId, stored, slug, true, now);
      const service = await services.update<Json>(
        serviceId,
        { supportedSlugs: stored.supportedSlugs, mainSlug: stored.mainSlug },
        { expectedRevision: stored.revision },
      );
      return { service, adopted };
    }),
  );
  return {
    slug: {
      name: String(adopted.name),
      custom: adopted.custom === true,
      createdDate: String(adopted.createdDate),
    },
    service: await renderService(deps, caller.siteId, facts, service),
  };
}

/** A slug claimed meanwhile by another request surfaces as the unique index's refusal. */
export async function withSlugRace<T>(slug: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw bookingsErrors.slugTaken(slug);
    throw error;
  }
}

export const mainSlugName = (service: Json) =>
  isObject(service.mainSlug) ? String(service.mainSlug.name) : '';

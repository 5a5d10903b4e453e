/**
 * Events v3 use cases. An event's status is never stored: reads derive it from what the owner did
 * (`lifecycle`) and its dates at the clock's time, and queries turn conditions on it into conditions
 * on those (status.ts). Slugs are unique per site (a unique index), made from the title with a number
 * added when taken, or chosen by the owner (`seoSettings.slug`).
 */
import { randomBytes } from 'node:crypto';
import { EVENT_SLUG_PATTERN, queryEvents as queryEventsCall } from '@plaza/contracts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Caller } from '../../../http/access.ts';
import { invalidField } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { schemaSerializer } from '../../../lib/schema-json.ts';
import { withDefaultSort } from '../../../query/index.ts';
import { eventsErrors } from '../errors.ts';
import { EVENT_STATUSES, type EventStatus, statusCondition, withStatusConditions } from '../status.ts';
import type { Executor } from '../store.ts';
import { type EventsDeps, isAdmin, type Raw, type StoredEvent, siteInfo } from './context.ts';
import { deepMerge, eventSettings } from './event-input.ts';
import { eventChanges, keptAnswer } from './kept-answers.ts';
import { type RenderContext, renderEvent, statusOf } from './render.ts';
import { copyDefinitions, deleteDefinitionsOf, ticketSummaries } from './tickets.ts';

type Fields = readonly string[] | undefined;
const SOONEST_FIRST = [{ fieldName: 'dateAndTimeSettings.startDate', order: 'ASC' }] as const;
const slugPattern = new RegExp(EVENT_SLUG_PATTERN);

/** "Jazz Night: Live!" → "jazz-night-live"; accents dropped, at most 100 characters. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'event';
}

async function slugTaken(deps: EventsDeps, siteId: string, slug: string, executor?: Executor) {
  return (await deps.store.events.forSite(siteId, executor).count({ slug })) > 0;
}

/** `base`, or `base-2`, `base-3`… : the first one no event of the site has. */
async function freeSlug(deps: EventsDeps, siteId: string, base: string) {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(deps, siteId, candidate))) return candidate;
  }
}

function chosenSlug(slug: string) {
  if (!slugPattern.test(slug))
    throw invalidField(
      'event.seoSettings.slug',
      'may hold lower-case letters, digits and single hyphens (SLUG_CONTAINS_ILLEGAL_CHARACTERS)',
      'FORMAT',
    );
  return slug;
}

async function renderContext(deps: EventsDeps, caller: Caller, fields: Fields): Promise<RenderContext> {
  const site = await siteInfo(deps, caller.siteId);
  return {
    now: deps.clock.nowMs(),
    fields: new Set(fields ?? []),
    admin: isAdmin(caller),
    site: { ...site, id: caller.siteId },
  };
}

async function render(
  deps: EventsDeps,
  caller: Caller,
  events: StoredEvent[],
  fields: Fields,
  changes?: number[],
) {
  const summaries = await ticketSummaries(deps, caller.siteId, events, changes);
  const context = await renderContext(deps, caller, fields);
  return events.map((event) => renderEvent(event, summaries.get(event.id), context));
}

const answer = async (deps: EventsDeps, caller: Caller, event: StoredEvent, fields: Fields) => ({
  event: (await render(deps, caller, [event], fields))[0]!,
});

async function stored(deps: EventsDeps, caller: Caller, id: string, executor?: Executor) {
  const event = await deps.store.events.forSite(caller.siteId, executor).get<StoredEvent>(id);
  // A visitor is not told that a draft exists.
  if (!event || (event.lifecycle === 'DRAFT' && !isAdmin(caller))) throw eventsErrors.eventNotFound(id);
  return event as StoredEvent;
}

/** The stored event as the settings it was made from, for a change to be laid over. */
const asInput = (event: StoredEvent): Raw => ({ ...event, categories: { categories: event.categories } });

/** Writes a new event; a slug made from the title is made again if another request took it meanwhile. */
async function insert(deps: EventsDeps, caller: Caller, raw: Raw, draft: boolean, copyFrom?: string) {
  const site = await siteInfo(deps, caller.siteId);
  const now = deps.clock.now().toISOString();
  const id = newId();
  const settings = eventSettings(raw, { site, now, eventId: id, publicUrl: deps.publicUrl });
  const custom = settings.seoSettings.slug;
  for (let attempt = 0; ; attempt++) {
    const slug = custom ? chosenSlug(custom) : await freeSlug(deps, caller.siteId, slugify(settings.title));
    const document = {
      ...settings,
      slug,
      lifecycle: draft ? ('DRAFT' as const) : ('PUBLISHED' as const),
      ...(draft ? {} : { publishedDate: now }),
      feedToken: randomBytes(16).toString('hex'),
      ...(caller.kind === 'admin' ? { userId: caller.subjectId } : {}),
    };
    try {
      return await deps.store.transaction(async (trx) => {
        const created = await deps.store.events.forSite(caller.siteId, trx).create(document, { id, now });
        if (copyFrom) await copyDefinitions(deps, trx, caller.siteId, copyFrom, id);
        return created as StoredEvent;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (custom || attempt >= 3) throw eventsErrors.slugTaken(slug);
    }
  }
}

export async function createEvent(deps: EventsDeps, caller: Caller, input: Raw) {
  const event = await insert(deps, caller, input.event, input.draft === true);
  return answer(deps, caller, event, input.fields);
}

export async function cloneEvent(deps: EventsDeps, caller: Caller, input: Raw) {
  const source = await stored(deps, caller, input.eventId);
  const { slug: _slug, ...seo } = source.seoSettings;
  // A clone gets its own slug and online session.
  const base = {
    ...asInput(source),
    seoSettings: seo,
    onlineConferencing: { ...source.onlineConferencing, session: undefined },
  };
  const event = await insert(
    deps,
    caller,
    deepMerge(base, input.event ?? {}) as Raw,
    input.draft === true,
    source.id,
  );
  return answer(deps, caller, event, input.fields);
}

export async function updateEvent(deps: EventsDeps, caller: Caller, input: Raw) {
  const patch: Raw = input.event;
  const current = await stored(deps, caller, patch.id);
  const initialType = patch.registration?.initialType;
  if (initialType !== undefined && initialType !== current.registration.initialType)
    throw invalidField(
      'event.registration.initialType',
      'cannot change once the event exists',
      'FIELD_NOT_ALLOWED',
    );
  const site = await siteInfo(deps, caller.siteId);
  const settings = eventSettings(deepMerge(asInput(current), patch) as Raw, {
    site,
    now: deps.clock.now().toISOString(),
    eventId: current.id,
    publicUrl: deps.publicUrl,
    kept: current.categories,
  });
  const wanted = patch.seoSettings?.slug;
  const slug = wanted && wanted !== current.slug ? chosenSlug(wanted) : current.slug;
  try {
    const updated = await deps.store.events.forSite(caller.siteId).update<StoredEvent>(current.id, {
      shortDescription: undefined,
      detailedDescription: undefined,
      description: undefined,
      mainImage: undefined,
      ...settings,
      slug,
    });
    return answer(deps, caller, updated, input.fields);
  } catch (error) {
    if (isUniqueViolation(error)) throw eventsErrors.slugTaken(slug);
    throw error;
  }
}

export async function publishDraftEvent(deps: EventsDeps, caller: Caller, eventId: string, fields: Fields) {
  const current = await stored(deps, caller, eventId);
  if (current.lifecycle !== 'DRAFT') throw eventsErrors.notDraft(eventId);
  const updated = await deps.store.events
    .forSite(caller.siteId)
    .update<StoredEvent>(eventId, { lifecycle: 'PUBLISHED', publishedDate: deps.clock.now().toISOString() });
  return answer(deps, caller, updated, fields);
}

async function cancel(deps: EventsDeps, caller: Caller, current: StoredEvent) {
  const status = statusOf(current, deps.clock.nowMs());
  if (status !== 'UPCOMING' && status !== 'STARTED') throw eventsErrors.notCancelable(current.id, status);
  return deps.store.events.forSite(caller.siteId).update<StoredEvent>(current.id, {
    lifecycle: 'CANCELED',
    cancellation: {
      canceledDate: deps.clock.now().toISOString(),
      actorType: caller.kind === 'app' ? 'APP' : 'USER',
      actorName: '',
      actorEmail: '',
    },
  });
}

export async function cancelEvent(deps: EventsDeps, caller: Caller, eventId: string, fields: Fields) {
  return answer(deps, caller, await cancel(deps, caller, await stored(deps, caller, eventId)), fields);
}

export async function deleteEvent(deps: EventsDeps, caller: Caller, eventId: string) {
  await deps.store.transaction(async (trx) => {
    if (!(await deps.store.events.forSite(caller.siteId, trx).delete(eventId)))
      throw eventsErrors.eventNotFound(eventId);
    await deleteDefinitionsOf(deps, trx, caller.siteId, eventId);
  });
  return { eventId };
}

const isObject = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The conditions of a bulk call's `filter`: a query object's own `filter`, or the conditions themselves. */
const bulkConditions = (filter: unknown): Raw =>
  isObject(filter) && isObject(filter.filter) ? filter.filter : isObject(filter) ? filter : {};

/** Runs `act` on every event matching `filter` until none is left (each act takes it out of the match). */
async function forEachMatching(
  deps: EventsDeps,
  caller: Caller,
  filter: Raw,
  act: (event: StoredEvent) => Promise<unknown>,
) {
  const events = deps.store.events.forSite(caller.siteId);
  for (;;) {
    const page = await events.query({ filter, paging: { limit: 100 } }, { fieldPrefix: 'filter' });
    if (page.items.length === 0) return {};
    for (const doc of page.items) await act(JSON.parse(doc) as StoredEvent);
  }
}

export async function bulkCancelEventsByFilter(deps: EventsDeps, caller: Caller, filter: unknown) {
  const now = deps.clock.now().toISOString();
  const conditions = withStatusConditions(bulkConditions(filter), now, 'filter.filter');
  const live = { $or: [statusCondition('UPCOMING', now), statusCondition('STARTED', now)] };
  return forEachMatching(deps, caller, { $and: [conditions, live] }, (event) => cancel(deps, caller, event));
}

export async function bulkDeleteEventsByFilter(deps: EventsDeps, caller: Caller, filter: unknown) {
  const now = deps.clock.now().toISOString();
  const conditions = withStatusConditions(bulkConditions(filter), now, 'filter.filter');
  return forEachMatching(deps, caller, conditions as Raw, (event) => deleteEvent(deps, caller, event.id));
}

export async function getEvent(deps: EventsDeps, caller: Caller, eventId: string, fields: Fields) {
  return answer(deps, caller, await stored(deps, caller, eventId), fields);
}

export async function getEventBySlug(deps: EventsDeps, caller: Caller, slug: string, fields: Fields) {
  const page = await deps.store.events
    .forSite(caller.siteId)
    .query({ filter: { slug }, paging: { limit: 1 } });
  const event = page.items[0] && (JSON.parse(page.items[0]) as StoredEvent);
  if (!event || (event.lifecycle === 'DRAFT' && !isAdmin(caller))) throw eventsErrors.eventSlugNotFound(slug);
  return answer(deps, caller, event, fields);
}

/** Drafts are seen only by owners who ask for them. */
const withoutDrafts = (filter: unknown, caller: Caller, includeDrafts: boolean | undefined) =>
  includeDrafts && isAdmin(caller) ? filter : { $and: [filter ?? {}, { lifecycle: { $ne: 'DRAFT' } }] };

const queryEventsJson = schemaSerializer(queryEventsCall.response);

/** Kept as sent (kept-answers.ts): a site's events page asks for the same list again and again. */
export async function queryEvents(deps: EventsDeps, caller: Caller, input: Raw) {
  const key = `events\u0000${caller.siteId}\u0000${isAdmin(caller) ? 1 : 0}\u0000${JSON.stringify(input)}`;
  return keptAnswer(deps, key, queryEventsJson, async (changes) => {
    const query: Raw = input.query ?? {};
    const now = deps.clock.now().toISOString();
    const filter = withoutDrafts(withStatusConditions(query.filter ?? {}, now), caller, input.includeDrafts);
    const page = await deps.store.events
      .forSite(caller.siteId)
      .query(withDefaultSort({ ...query, filter }, SOONEST_FIRST), { fieldPrefix: 'query' });
    const events = page.items.map((doc) => JSON.parse(doc) as StoredEvent);
    for (const event of events) eventChanges(event, changes);
    const rendered = await render(deps, caller, events, input.fields, changes);
    // Which events the status filter matches changes when any of the site's events starts or ends.
    const moved = await deps.store.nextEventDate(caller.siteId, deps.clock.now());
    if (moved !== undefined) changes.push(moved);
    return { events: rendered, pagingMetadata: page.metadata };
  });
}

export async function countEventsByStatus(deps: EventsDeps, caller: Caller, input: Raw) {
  for (const [i, facet] of (input.facet ?? []).entries())
    if (facet !== 'status')
      throw invalidField(`facet.${i}`, 'the only facet is "status"', 'INVALID_ENUM_VALUE');
  const now = deps.clock.now().toISOString();
  const base = withStatusConditions(input.filter ?? {}, now, 'filter');
  const statuses = EVENT_STATUSES.filter((s) => s !== 'DRAFT' || (input.includeDrafts && isAdmin(caller)));
  const events = deps.store.events.forSite(caller.siteId);
  const counts: Partial<Record<EventStatus, number>> = {};
  for (const status of statuses)
    counts[status] = await events.count({ $and: [base, statusCondition(status, now)] });
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    pagingMetadata: { count: total, offset: 0, total, tooManyToCount: false },
    facets: { status: { counts } },
  };
}

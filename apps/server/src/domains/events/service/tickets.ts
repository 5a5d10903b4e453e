/**
 * Ticket definitions: the owner's create, update, get, delete and query, the visitors' query of the
 * ones on show, and what an event's definitions say about it (prices, sold out). A definition's
 * quantity is its capacity resource (store.ts), set in the transaction that writes the definition,
 * so that reservations holding against it always see the limit the owner set.
 */
import type { Caller } from '../../../http/access.ts';
import { invalidField } from '../../../lib/errors.ts';
import { withDefaultSort } from '../../../query/index.ts';
import { eventsErrors } from '../errors.ts';
import type { Executor, TicketCounts } from '../store.ts';
import {
  type EventsDeps,
  isAdmin,
  type Raw,
  type StoredDefinition,
  type StoredEvent,
  siteInfo,
} from './context.ts';
import { definitionSettings, onSale, pricesOf, renderDefinition } from './definition.ts';
import { deepMerge } from './event-input.ts';
import { definitionChanges } from './kept-answers.ts';
import type { RenderContext, TicketSummary } from './render.ts';

const OLDEST_FIRST = [{ fieldName: 'createdDate', order: 'ASC' }] as const;

const countsOf = (deps: EventsDeps, executor: Executor, siteId: string, definition: StoredDefinition) =>
  deps.store.ticketCounts(executor, siteId, definition.id, definition.initialLimit, deps.clock.now());

/** What the ticketed events among `events` have on offer, by event id. */
export async function ticketSummaries(
  deps: EventsDeps,
  siteId: string,
  events: readonly StoredEvent[],
  /** Notes the dates at which a definition's sale status changes (kept-answers.ts). */
  changes?: number[],
): Promise<Map<string, TicketSummary>> {
  const ticketed = new Map(
    events
      .filter((event) => event.registration.initialType === 'TICKETING')
      .map((event) => [event.id, event]),
  );
  const summaries = new Map<string, TicketSummary>();
  const now = deps.clock.nowMs();
  const definitions = (await deps.store.definitionsOf(deps.store.db, siteId, [...ticketed.keys()])).map(
    (doc) => JSON.parse(doc) as StoredDefinition,
  );
  // One statement for the counts of the whole page's definitions, not one per definition.
  const allCounts = await deps.store.ticketCountsOf(deps.store.db, siteId, definitions, deps.clock.now());
  if (changes) {
    const ids = definitions.map((definition) => definition.id);
    const freed = await deps.store.nextHoldExpiry(siteId, ids, deps.clock.now());
    if (freed !== undefined) changes.push(freed);
  }
  for (const definition of definitions) {
    const event = ticketed.get(definition.eventId)!;
    const counts = allCounts.get(definition.id)!;
    const summary = summaries.get(event.id) ?? { tickets: [], sold: 0 };
    summaries.set(event.id, summary);
    summary.sold += counts.sold;
    if (definition.hidden) continue;
    if (changes) definitionChanges(definition, changes);
    summary.tickets.push(onSale(definition, event, counts, now));
    for (const minor of pricesOf(definition)) {
      summary.lowest = Math.min(summary.lowest ?? minor, minor);
      summary.highest = Math.max(summary.highest ?? minor, minor);
    }
  }
  return summaries;
}

async function renderContext(deps: EventsDeps, caller: Caller, fields: readonly string[] | undefined) {
  const site = await siteInfo(deps, caller.siteId);
  return {
    now: deps.clock.nowMs(),
    fields: new Set(fields ?? []),
    admin: isAdmin(caller),
    site: { ...site, id: caller.siteId },
  } satisfies RenderContext;
}

async function eventOf(deps: EventsDeps, siteId: string, eventId: string, executor?: Executor) {
  const event = await deps.store.events.forSite(siteId, executor).get<StoredEvent>(eventId);
  if (!event) throw eventsErrors.eventNotFound(eventId);
  return event as StoredEvent;
}

async function definitionOf(deps: EventsDeps, siteId: string, id: string, executor?: Executor) {
  const definition = await deps.store.definitions.forSite(siteId, executor).get<StoredDefinition>(id);
  if (!definition) throw eventsErrors.ticketDefinitionNotFound(id);
  return definition as StoredDefinition;
}

async function answer(
  deps: EventsDeps,
  caller: Caller,
  definition: StoredDefinition,
  fields?: readonly string[],
) {
  const event = await eventOf(deps, caller.siteId, definition.eventId);
  const counts = await countsOf(deps, deps.store.db, caller.siteId, definition);
  const context = await renderContext(deps, caller, fields);
  return { ticketDefinition: renderDefinition(definition, event, counts, context) };
}

export async function createTicketDefinition(
  deps: EventsDeps,
  caller: Caller,
  input: Raw,
  fields?: string[],
) {
  if (!input.eventId) throw invalidField('ticketDefinition.eventId', 'is required', 'REQUIRED_FIELD');
  const event = await eventOf(deps, caller.siteId, input.eventId);
  if (event.registration.initialType !== 'TICKETING') throw eventsErrors.notTicketed(event.id);
  const settings = definitionSettings(input, event);
  const created = await deps.store.transaction(async (trx) => {
    const definition = await deps.store.definitions
      .forSite(caller.siteId, trx)
      .create({ eventId: event.id, ...settings });
    await deps.store.setTicketCapacity(trx, caller.siteId, definition.id, settings.initialLimit);
    return definition;
  });
  return answer(deps, caller, created as StoredDefinition, fields);
}

/** A limit below what is sold and reserved would take back tickets already promised. */
function checkLimit(limit: number | null, counts: TicketCounts) {
  const taken = counts.sold + counts.reserved;
  if (limit !== null && limit < taken)
    throw invalidField(
      'ticketDefinition.initialLimit',
      `must be at least ${taken}: ${counts.sold} tickets are sold and ${counts.reserved} reserved`,
      'MIN',
    );
}

export async function updateTicketDefinition(
  deps: EventsDeps,
  caller: Caller,
  input: Raw,
  fields?: string[],
) {
  const { id, revision, eventId, ...patch } = input;
  const current = await definitionOf(deps, caller.siteId, id);
  if (eventId !== undefined && eventId !== current.eventId)
    throw invalidField('ticketDefinition.eventId', 'cannot change', 'FIELD_NOT_ALLOWED');
  const event = await eventOf(deps, caller.siteId, current.eventId);
  // The pricing method is one of three: a new one replaces the old rather than joining it.
  const merged = deepMerge(
    { ...current, pricingMethod: patch.pricingMethod ? {} : current.pricingMethod },
    patch,
  );
  const settings = definitionSettings(merged as Raw, event);
  const updated = await deps.store.transaction(async (trx) => {
    if (settings.initialLimit !== current.initialLimit) {
      checkLimit(settings.initialLimit, await countsOf(deps, trx, caller.siteId, current));
      await deps.store.setTicketCapacity(trx, caller.siteId, id, settings.initialLimit);
    }
    // Fields the new settings no longer have are named, to be cleared (an update keeps absent fields).
    return deps.store.definitions.forSite(caller.siteId, trx).update(
      id,
      { description: undefined, policyText: undefined, salePeriod: undefined, ...settings },
      {
        expectedRevision: revision,
      },
    );
  });
  return answer(deps, caller, updated as StoredDefinition, fields);
}

export async function getTicketDefinition(deps: EventsDeps, caller: Caller, id: string, fields?: string[]) {
  return answer(deps, caller, await definitionOf(deps, caller.siteId, id), fields);
}

export async function deleteTicketDefinition(deps: EventsDeps, caller: Caller, id: string) {
  await deps.store.transaction(async (trx) => {
    const definition = await definitionOf(deps, caller.siteId, id, trx);
    const counts = await countsOf(deps, trx, caller.siteId, definition);
    if (counts.sold + counts.reserved > 0) throw eventsErrors.ticketsSold(id, counts.sold, counts.reserved);
    await deps.store.definitions.forSite(caller.siteId, trx).delete(id);
    await deps.store.setTicketCapacity(trx, caller.siteId, id, 0);
  });
  return {};
}

/** Deletes the definitions of an event being deleted, in its transaction; nothing is left to sell. */
export async function deleteDefinitionsOf(deps: EventsDeps, trx: Executor, siteId: string, eventId: string) {
  for (const doc of await deps.store.definitionsOf(trx, siteId, [eventId])) {
    const { id } = JSON.parse(doc) as StoredDefinition;
    await deps.store.definitions.forSite(siteId, trx).delete(id);
    await deps.store.setTicketCapacity(trx, siteId, id, 0);
  }
}

/** Copies the definitions of `from` to the event `to` (a clone), with their limits and nothing sold. */
export async function copyDefinitions(
  deps: EventsDeps,
  trx: Executor,
  siteId: string,
  from: string,
  to: string,
) {
  for (const doc of await deps.store.definitionsOf(trx, siteId, [from])) {
    const {
      id: _id,
      revision: _r,
      createdDate: _c,
      updatedDate: _u,
      ...settings
    } = JSON.parse(doc) as StoredDefinition;
    const copy = await deps.store.definitions.forSite(siteId, trx).create({ ...settings, eventId: to });
    await deps.store.setTicketCapacity(trx, siteId, copy.id, settings.initialLimit);
  }
}

async function page(deps: EventsDeps, caller: Caller, query: unknown, fields: string[] | undefined) {
  const found = await deps.store.definitions
    .forSite(caller.siteId)
    .query(withDefaultSort(query, OLDEST_FIRST), { fieldPrefix: 'query' });
  const definitions = found.items.map((doc) => JSON.parse(doc) as StoredDefinition);
  const eventIds = [...new Set(definitions.map((d) => d.eventId))];
  const events = new Map<string, StoredEvent>();
  for (const id of eventIds) events.set(id, await eventOf(deps, caller.siteId, id));
  const context = await renderContext(deps, caller, fields);
  const ticketDefinitions = [];
  for (const definition of definitions) {
    const counts = await countsOf(deps, deps.store.db, caller.siteId, definition);
    ticketDefinitions.push(renderDefinition(definition, events.get(definition.eventId)!, counts, context));
  }
  return { ticketDefinitions, metadata: found.metadata };
}

export const queryTicketDefinitions = (deps: EventsDeps, caller: Caller, query: unknown, fields?: string[]) =>
  page(deps, caller, query, fields);

/**
 * What visitors see: definitions not hidden, of events neither drafts nor canceled, on sale now unless
 * shown while not on sale (`salePeriod.displayNotOnSale`). The conditions join the caller's filter, so
 * that paging and totals count only these.
 */
export async function queryAvailableTicketDefinitions(
  deps: EventsDeps,
  caller: Caller,
  query: Raw | undefined,
  fields?: string[],
) {
  const now = deps.clock.now().toISOString();
  const closed = await deps.store.closedEventIds(caller.siteId);
  const onSaleNow = {
    $and: [
      { $or: [{ 'salePeriod.startDate': null }, { 'salePeriod.startDate': { $lte: now } }] },
      { $or: [{ 'salePeriod.endDate': null }, { 'salePeriod.endDate': { $gt: now } }] },
    ],
  };
  const conditions = [
    { hidden: false },
    ...(closed.length > 0 ? [{ eventId: { $nin: closed } }] : []),
    { $or: [{ 'salePeriod.displayNotOnSale': true }, onSaleNow] },
  ];
  const filter = query?.filter && Object.keys(query.filter).length > 0 ? [query.filter] : [];
  return page(deps, caller, { ...(query ?? {}), filter: { $and: [...filter, ...conditions] } }, fields);
}

/**
 * The events domain's tables (migration 0023): events and ticket definitions as documents, and the
 * quantity of each definition as a capacity resource (db/capacity.ts), which reservations hold.
 */
import { type Kysely, sql } from 'kysely';
import { type Availability, availability, availabilityOf, setCapacity } from '../../db/capacity.ts';
import type { Database } from '../../db/connect.ts';
import { type DocumentKind, documentStore } from '../../db/documents.ts';
import { readCache } from '../../db/read-cache.ts';
import type { HoldState, Schema } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RawJson } from '../../lib/raw-json.ts';
import type { StoredDefinition, StoredEvent } from './service/context.ts';

export type Executor = Kysely<Schema>;

export const eventKind: DocumentKind = {
  table: 'events_events',
  entity: 'event',
  label: 'Event',
  notFoundCode: 'EVENT_NOT_FOUND',
  columns: {
    slug: { column: 'slug', type: 'string', nullable: false },
    title: { column: 'title', type: 'string', nullable: false },
    lifecycle: { column: 'lifecycle', type: 'string', nullable: false },
    'dateAndTimeSettings.startDate': {
      column: 'start_date',
      type: 'string',
      nullable: true,
      format: 'date-time',
    },
    'dateAndTimeSettings.endDate': {
      column: 'end_date',
      type: 'string',
      nullable: true,
      format: 'date-time',
    },
  },
};

export const ticketDefinitionKind: DocumentKind = {
  table: 'events_ticket_definitions',
  entity: 'ticketDefinition',
  label: 'Ticket definition',
  notFoundCode: 'TICKET_DEFINITION_NOT_FOUND',
  columns: {
    eventId: { column: 'event_id', type: 'string', nullable: false },
    hidden: { column: 'hidden', type: 'boolean', nullable: false },
  },
  decimals: ['pricingMethod.fixedPrice.value', 'pricingMethod.guestPrice.value'],
};

/** Reservations (service/reservations.ts): who holds them stays out of their events. */
export const reservationKind: DocumentKind = {
  table: 'events_reservations',
  entity: 'reservation',
  label: 'Reservation',
  notFoundCode: 'RESERVATION_NOT_FOUND',
  columns: {
    eventId: { column: 'event_id', type: 'string', nullable: false },
    status: { column: 'status', type: 'string', nullable: false },
  },
  eventView: ({ ownerKey: _ownerKey, ...reservation }) => reservation,
};

/** Ticketing orders (service/ticket-orders.ts), whose id is their order number. */
export const ticketOrderKind: DocumentKind = {
  table: 'events_orders',
  entity: 'ticketOrder',
  label: 'Order',
  notFoundCode: 'ORDER_NOT_FOUND',
  columns: {
    eventId: { column: 'event_id', type: 'string', nullable: false },
    reservationId: { column: 'reservation_id', type: 'string', nullable: false },
    status: { column: 'status', type: 'string', nullable: false },
  },
  eventView: ({ ownerKey: _ownerKey, ...order }) => order,
};

/**
 * Units given to a definition without a limit: its counter exists all the same, so that what is sold
 * and held is counted the same way for every definition.
 */
export const UNLIMITED = 1_000_000_000;

/** The capacity resource of one ticket definition. */
export const ticketResource = (definitionId: string) => `events:ticket-definition:${definitionId}`;

export interface TicketCounts {
  /** Null when unlimited. */
  limit: number | null;
  sold: number;
  reserved: number;
  /** Null when unlimited. */
  unsold: number | null;
}

/** The earliest of ISO instants, as a clock reading; undefined when there is none. */
function earliest(dates: ReadonlyArray<string | null | undefined>): number | undefined {
  const times = dates.filter((date): date is string => !!date).map((date) => Date.parse(date));
  return times.length > 0 ? Math.min(...times) : undefined;
}

function countsFrom(found: Availability | undefined, limit: number | null): TicketCounts {
  const sold = found?.confirmed ?? 0;
  const reserved = found?.held ?? 0;
  return { limit, sold, reserved, unsold: limit === null ? null : Math.max(0, limit - sold - reserved) };
}

/** A list's answer as sent, and the clock reading from which the time alone would change it. */
export interface KeptAnswer {
  answer: RawJson;
  until: number;
}

/**
 * What the kept list answers are made of: events, their definitions, the definitions' capacity (sold
 * and held tickets) and the site (currency, address). A write of this process to any of them makes
 * every kept answer stale at once; another process's is seen within ANSWER_MS.
 */
const ANSWER_TABLES = [
  'events_events',
  'events_ticket_definitions',
  'capacity_counters',
  'capacity_holds',
  'sites',
];
/** How long another process's writes may go unseen in a kept answer (where the engine cannot tell). */
export const ANSWER_MS = 1000;
// A literal, as db/capacity-rows.ts writes it: the partial index on live holds serves the query then.
const HELD = sql.lit<HoldState>('HELD');
const ANSWERS_KEPT = 100;
const SELLABLES_KEPT = 500;

/** An event and its ticket definitions (oldest first) as a reservation checks them; frozen, shared. */
export interface Sellable {
  readonly event: StoredEvent;
  readonly definitions: readonly StoredDefinition[];
}

export function eventsStore(database: Database, clock: Clock) {
  const db: Executor = database.db;
  return {
    db,
    /**
     * Answers of the visitors' lists (query events, the tickets on sale), by request: a site's event
     * page asks for the same list again and again, and making it reads and renders every event on it.
     */
    answers: readCache<KeptAnswer>(database.writes, ANSWER_TABLES, {
      ttlMs: ANSWER_MS,
      limit: ANSWERS_KEPT,
      clock,
      expiresAt: (kept) => kept.until,
      shareReads: true,
    }),
    /**
     * Events with their definitions, by site and event, for reservations: what is on sale and at what
     * price, read through the cache as a cart's prices are. The tickets themselves are never taken from
     * it: each reservation holds them with the capacity counter's conditional UPDATE.
     */
    sellables: readCache<Sellable | undefined>(
      database.writes,
      ['events_events', 'events_ticket_definitions'],
      { ttlMs: ANSWER_MS, limit: SELLABLES_KEPT, clock, shareReads: true },
    ),
    events: documentStore(database, eventKind, { clock }),
    definitions: documentStore(database, ticketDefinitionKind, { clock }),
    reservations: documentStore(database, reservationKind, { clock }),
    orders: documentStore(database, ticketOrderKind, { clock }),
    transaction: <T>(work: (trx: Executor) => Promise<T>) => db.transaction().execute(work),

    /** Sets what a definition may sell: its limit, or UNLIMITED; 0 once it is deleted. */
    setTicketCapacity: (executor: Executor, siteId: string, definitionId: string, limit: number | null) =>
      setCapacity(executor, siteId, ticketResource(definitionId), limit ?? UNLIMITED),

    /** The stored definitions of the events `eventIds`, oldest first: one statement for a page of events. */
    async definitionsOf(executor: Executor, siteId: string, eventIds: readonly string[]): Promise<string[]> {
      if (eventIds.length === 0) return [];
      const rows = await executor
        .selectFrom('events_ticket_definitions')
        .select('doc')
        .where('site_id', '=', siteId)
        .where('event_id', 'in', eventIds)
        .orderBy('created_date')
        .orderBy('id')
        .execute();
      return rows.map((row) => row.doc);
    },

    /**
     * The first instant after `now` at which an event of the site starts or ends: a status filter may
     * match other events from then on.
     */
    async nextEventDate(siteId: string, now: Date): Promise<number | undefined> {
      const at = now.toISOString();
      const row = await db
        .selectFrom('events_events')
        .select((eb) => [
          eb.fn.min('start_date').filterWhere('start_date', '>', at).as('start'),
          eb.fn.min('end_date').filterWhere('end_date', '>', at).as('end'),
        ])
        .where('site_id', '=', siteId)
        .executeTakeFirst();
      return earliest([row?.start, row?.end]);
    },

    /** The first instant after `now` at which a live hold of one of the definitions expires. */
    async nextHoldExpiry(siteId: string, definitionIds: readonly string[], now: Date) {
      if (definitionIds.length === 0) return undefined;
      const row = await db
        .selectFrom('capacity_holds')
        .select((eb) => eb.fn.min('expires_at').as('next'))
        .where('site_id', '=', siteId)
        .where('resource_key', 'in', definitionIds.map(ticketResource))
        .where('state', '=', HELD)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return earliest([row?.next]);
    },

    /** Events of the site visitors do not see (drafts) or cannot buy for (canceled): few, unlike past ones. */
    async closedEventIds(siteId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('events_events')
        .select('id')
        .where('site_id', '=', siteId)
        .where('lifecycle', '!=', 'PUBLISHED')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Sold (confirmed holds) and reserved (live holds) tickets of a definition at `now`. */
    async ticketCounts(
      executor: Executor,
      siteId: string,
      definitionId: string,
      limit: number | null,
      now: Date,
    ): Promise<TicketCounts> {
      return countsFrom(await availability(executor, siteId, ticketResource(definitionId), now), limit);
    },

    /** `ticketCounts` of many definitions in one statement, by definition id. */
    async ticketCountsOf(
      executor: Executor,
      siteId: string,
      definitions: ReadonlyArray<{ id: string; initialLimit: number | null }>,
      now: Date,
    ): Promise<Map<string, TicketCounts>> {
      const found = await availabilityOf(
        executor,
        siteId,
        definitions.map((definition) => ticketResource(definition.id)),
        now,
      );
      return new Map(
        definitions.map((d) => [d.id, countsFrom(found.get(ticketResource(d.id)), d.initialLimit)]),
      );
    },
  };
}

export type EventsStore = ReturnType<typeof eventsStore>;

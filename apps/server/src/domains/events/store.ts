/**
 * The events domain's tables (migration 0023): events and ticket definitions as documents, and the
 * quantity of each definition as a capacity resource (db/capacity.ts), which reservations hold.
 */
import type { Kysely } from 'kysely';
import { type Availability, availability, availabilityOf, setCapacity } from '../../db/capacity.ts';
import type { Database } from '../../db/connect.ts';
import { type DocumentKind, documentStore } from '../../db/documents.ts';
import type { Schema } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';

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

function countsFrom(found: Availability | undefined, limit: number | null): TicketCounts {
  const sold = found?.confirmed ?? 0;
  const reserved = found?.held ?? 0;
  return { limit, sold, reserved, unsold: limit === null ? null : Math.max(0, limit - sold - reserved) };
}

export function eventsStore(database: Database, clock: Clock) {
  const db: Executor = database.db;
  return {
    db,
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

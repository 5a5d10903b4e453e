/**
 * SQL of bookings. Services, staff members, policies, categories, business locations and bookings
 * are document kinds; `bookings_service_slugs` holds every slug a service answers to (its primary key keeps a slug
 * to one service per site), written in the service's transaction.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/connect.ts';
import { type DocumentKind, documentStore } from '../../db/documents.ts';
import { readCache } from '../../db/read-cache.ts';
import type { Schema } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RawJson } from '../../lib/raw-json.ts';

export type Executor = Kysely<Schema>;

export const serviceKind: DocumentKind = {
  table: 'bookings_services',
  entity: 'service',
  label: 'Service',
  notFoundCode: 'SERVICE_NOT_FOUND',
  columns: {
    name: { column: 'name', type: 'string', nullable: false },
    type: { column: 'type', type: 'string', nullable: false },
    hidden: { column: 'hidden', type: 'boolean', nullable: false },
    'mainSlug.name': { column: 'main_slug', type: 'string', nullable: false },
    'category.id': { column: 'category_id', type: 'string', nullable: true },
    'bookingPolicy.id': { column: 'policy_id', type: 'string', nullable: true },
  },
  decimals: ['payment.fixed.price.value', 'payment.varied.defaultPrice.value'],
};

export const staffKind: DocumentKind = {
  table: 'bookings_staff_members',
  entity: 'staffMember',
  label: 'Staff member',
  notFoundCode: 'STAFF_MEMBER_NOT_FOUND',
  columns: { name: { column: 'name', type: 'string', nullable: false } },
};

export const categoryKind: DocumentKind = {
  table: 'bookings_categories',
  entity: 'category',
  label: 'Category',
  notFoundCode: 'CATEGORY_NOT_FOUND',
  columns: {
    name: { column: 'name', type: 'string', nullable: false },
    sortOrder: { column: 'sort_order', type: 'number', nullable: false },
  },
};

export const policyKind: DocumentKind = {
  table: 'bookings_policies',
  entity: 'bookingPolicy',
  label: 'Booking policy',
  notFoundCode: 'BOOKING_POLICY_NOT_FOUND',
  columns: {
    name: { column: 'name', type: 'string', nullable: false },
    default: { column: 'is_default', type: 'boolean', nullable: false },
  },
};

export const locationKind: DocumentKind = {
  table: 'bookings_locations',
  entity: 'location',
  label: 'Location',
  notFoundCode: 'LOCATION_NOT_FOUND',
  columns: {
    name: { column: 'name', type: 'string', nullable: false },
    default: { column: 'is_default', type: 'boolean', nullable: false },
    archived: { column: 'archived', type: 'boolean', nullable: false },
  },
};

/** A booking keeps its hold's and its order's ids for the server; events and answers go without them. */
const withoutHold = (document: Record<string, unknown>) => {
  const { holdId: _holdId, orderId: _orderId, ...rest } = document;
  return rest;
};

export const bookingKind: DocumentKind = {
  table: 'bookings_bookings',
  entity: 'booking',
  label: 'Booking',
  notFoundCode: 'BOOKING_NOT_FOUND',
  columns: {
    status: { column: 'status', type: 'string', nullable: false },
    'bookedEntity.slot.serviceId': { column: 'service_id', type: 'string', nullable: false },
    startDate: { column: 'start_date', type: 'string', nullable: false, format: 'date-time' },
    'createdBy.memberId': { column: 'member_id', type: 'string', nullable: true },
  },
  eventView: withoutHold,
};

/** What every capacity resource of a slot's time or places begins with. */
export const SLOT_RESOURCES = 'bookings:';
/** The capacity resource of a staff member's time (interval holds, db/capacity.ts). */
export const staffResource = (staffId: string) => `bookings:staff:${staffId}`;
/** The places of one class session, or of a whole course (counted holds). */
export const sessionResource = (scheduleId: string, startIso: string | null) =>
  startIso ? `bookings:session:${scheduleId}|${startIso}` : `bookings:course:${scheduleId}`;

export interface LiveInterval {
  resourceKey: string;
  startsAt: string;
  endsAt: string;
  /** Null once confirmed: a booking. */
  expiresAt: string | null;
}

export interface PlacesTaken {
  scheduleId: string;
  /** The session's start; null for a course. */
  start: string | null;
  booked: number;
  held: number;
}

/** An availability answer as sent, and the clock reading from which time alone may change it. */
export interface KeptAvailability {
  answer: RawJson;
  bytes: number;
  until: number;
  /** A digest of what it was made of: an answer found stale is kept when it reads the same again. */
  fingerprint: string;
}

/**
 * What an availability answer is made of: services, staff, policies, locations, the site (its zone)
 * and the holds of bookings and checkouts. A write of this process to any of them makes every kept
 * answer stale at once; another process's is seen within AVAILABILITY_ANSWER_MS (at once on SQLite).
 */
const AVAILABILITY_TABLES = [
  'bookings_services',
  'bookings_staff_members',
  'bookings_policies',
  'bookings_locations',
  'capacity_holds',
  'sites',
];
export const AVAILABILITY_ANSWER_MS = 1000;
/** At most this many answers are kept, none larger than KEPT_BYTES: at most ~100 MB together. */
const AVAILABILITY_KEPT = 16;
const KEPT_BYTES = 6 * 1024 * 1024;

export function bookingsStore(database: Database, clock: Clock) {
  const deps = { clock };
  return {
    engine: database.engine,
    db: database.db as Executor,
    services: documentStore(database, serviceKind, deps),
    staff: documentStore(database, staffKind, deps),
    categories: documentStore(database, categoryKind, deps),
    policies: documentStore(database, policyKind, deps),
    locations: documentStore(database, locationKind, deps),
    bookings: documentStore(database, bookingKind, deps),
    /**
     * Availability answers by request (service/availability.ts): a booking page asks for the same
     * service and days again and again, and each answer runs the engine and writes every entry.
     */
    availabilityAnswers: readCache<KeptAvailability>(database.writes, AVAILABILITY_TABLES, {
      ttlMs: AVAILABILITY_ANSWER_MS,
      limit: AVAILABILITY_KEPT,
      clock,
      expiresAt: (kept) => kept.until,
      shareReads: true,
      keep: (kept) => kept.bytes <= KEPT_BYTES && kept.until > clock.nowMs(),
    }),

    /** Confirmed and unexpired interval holds of `resourceKeys` that overlap [from, to). */
    async liveIntervals(
      siteId: string,
      resourceKeys: readonly string[],
      range: { from: string; to: string },
      now: string,
      except?: string,
    ): Promise<LiveInterval[]> {
      if (resourceKeys.length === 0) return [];
      const rows = await database.db
        .selectFrom('capacity_holds')
        .select(['resource_key', 'starts_at', 'ends_at', 'state', 'expires_at'])
        .where('site_id', '=', siteId)
        .where('resource_key', 'in', resourceKeys)
        .where('starts_at', '<', range.to)
        .where('ends_at', '>', range.from)
        .$if(except !== undefined, (query) => query.where('hold_id', '!=', except!))
        .where((eb) =>
          eb.or([
            eb('state', '=', sql.lit('CONFIRMED')),
            eb.and([eb('state', '=', sql.lit('HELD')), eb('expires_at', '>', now)]),
          ]),
        )
        .execute();
      return rows.map((row) => ({
        resourceKey: row.resource_key,
        startsAt: row.starts_at!,
        endsAt: row.ends_at!,
        expiresAt: row.state === 'CONFIRMED' ? null : row.expires_at,
      }));
    },

    /** Places confirmed and held (unexpired) per class session and course of `scheduleIds`. */
    async placesTaken(
      siteId: string,
      scheduleIds: readonly string[],
      now: string,
      except?: string,
    ): Promise<PlacesTaken[]> {
      if (scheduleIds.length === 0) return [];
      const keys = scheduleIds.flatMap((id) => [`bookings:session:${id}|%`, `bookings:course:${id}`]);
      const rows = await database.db
        .selectFrom('capacity_holds')
        .select(['resource_key', 'state'])
        .select((eb) => eb.fn.sum<number>('quantity').as('units'))
        .where('site_id', '=', siteId)
        .where((eb) => eb.or(keys.map((key) => eb('resource_key', 'like', key))))
        .$if(except !== undefined, (query) => query.where('hold_id', '!=', except!))
        .where((eb) =>
          eb.or([
            eb('state', '=', sql.lit('CONFIRMED')),
            eb.and([eb('state', '=', sql.lit('HELD')), eb('expires_at', '>', now)]),
          ]),
        )
        .groupBy(['resource_key', 'state'])
        .execute();
      const out = new Map<string, PlacesTaken>();
      for (const row of rows) {
        const [kind, rest] = [row.resource_key.split(':')[1], row.resource_key.split(':').slice(2).join(':')];
        const [scheduleId, start] = kind === 'session' ? rest.split('|') : [rest, null];
        const entry = out.get(row.resource_key) ?? {
          scheduleId: scheduleId!,
          start: start ?? null,
          booked: 0,
          held: 0,
        };
        if (row.state === 'CONFIRMED') entry.booked += Number(row.units);
        else entry.held += Number(row.units);
        out.set(row.resource_key, entry);
      }
      return [...out.values()];
    },

    transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
      return database.db.transaction().execute(work);
    },

    /** The service a slug belongs to in the site, if any. */
    async slugOwner(executor: Executor, siteId: string, name: string): Promise<string | undefined> {
      const row = await executor
        .selectFrom('bookings_service_slugs')
        .select('service_id')
        .where('site_id', '=', siteId)
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.service_id;
    },

    /** Claims a slug for a service; a slug another service holds fails the insert (unique violation). */
    async claimSlug(executor: Executor, siteId: string, name: string, serviceId: string, now: string) {
      await executor
        .insertInto('bookings_service_slugs')
        .values({ site_id: siteId, name, service_id: serviceId, created_date: now })
        .execute();
    },

    async releaseSlugs(executor: Executor, siteId: string, serviceId: string) {
      await executor
        .deleteFrom('bookings_service_slugs')
        .where('site_id', '=', siteId)
        .where('service_id', '=', serviceId)
        .execute();
    },
  };
}

export type BookingsStore = ReturnType<typeof bookingsStore>;

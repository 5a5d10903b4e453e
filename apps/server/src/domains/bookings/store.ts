/**
 * SQL of bookings. Services, staff members, policies, categories and business locations are document
 * kinds; `bookings_service_slugs` holds every slug a service answers to (its primary key keeps a slug
 * to one service per site), written in the service's transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/connect.ts';
import { type DocumentKind, documentStore } from '../../db/documents.ts';
import type { Schema } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';

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

import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database, Engine } from '../connect.ts';
import { platform } from './0001-platform.ts';
import { identity } from './0002-identity.ts';
import { stores } from './0003-stores.ts';
import { ecom } from './0004-ecom.ts';
import { sso } from './0005-sso.ts';
import { storefrontIndexes } from './0006-storefront-indexes.ts';
import { outboxSequence } from './0007-outbox-sequence.ts';
import { paymentClaims } from './0008-payment-claims.ts';
import { paymentAttemptRequests } from './0009-payment-attempt-requests.ts';
import { orderEmailsLowerCase } from './0010-order-emails-lower-case.ts';
import { paymentAttemptCardDigests } from './0011-payment-attempt-card-digests.ts';
import { capacityHolds } from './0012-capacity-holds.ts';
import { leases } from './0013-leases.ts';
import { jobs } from './0014-jobs.ts';
import { durableOutbox } from './0016-durable-outbox.ts';
import { webhooks } from './0017-webhooks.ts';
import { plans } from './0020-plans.ts';
import { events } from './0023-events.ts';
import { bookings } from './0026-bookings.ts';
import { testPaymentCharges } from './0029-test-payment-charges.ts';
import { eventsCheckout } from './0031-events-checkout.ts';
import { planOrders } from './0034-plan-orders.ts';
import { bookingsBookings } from './0035-bookings-bookings.ts';
import { testPaymentMethods } from './0036-test-payment-methods.ts';
import { signInThrottles } from './0038-sign-in-throttles.ts';
import { ownerSessions } from './0040-owner-sessions.ts';
import { ownerEmailFactor } from './0049-owner-email-factor.ts';
import { refuseNewerDatabase } from './newer-database.ts';

/** One ordered history for both engines. Add new files at the end; never edit a released one. */
const history = (engine: Engine): Record<string, Migration> => ({
  '0001-platform': platform(engine),
  '0002-identity': identity(engine),
  '0003-stores': stores(engine),
  '0004-ecom': ecom(engine),
  '0005-sso': sso(engine),
  '0006-storefront-indexes': storefrontIndexes(engine),
  '0007-outbox-sequence': outboxSequence(engine),
  '0008-payment-claims': paymentClaims(engine),
  '0009-payment-attempt-requests': paymentAttemptRequests(engine),
  '0010-order-emails-lower-case': orderEmailsLowerCase(engine),
  '0011-payment-attempt-card-digests': paymentAttemptCardDigests(engine),
  '0012-capacity-holds': capacityHolds(engine),
  '0013-leases': leases(engine),
  '0014-jobs': jobs(engine),
  '0016-durable-outbox': durableOutbox(engine),
  '0017-webhooks': webhooks(engine),
  '0020-plans': plans(engine),
  '0023-events': events(engine),
  '0026-bookings': bookings(engine),
  '0029-test-payment-charges': testPaymentCharges(),
  '0031-events-checkout': eventsCheckout(engine),
  '0034-plan-orders': planOrders(engine),
  '0035-bookings-bookings': bookingsBookings(engine),
  '0036-test-payment-methods': testPaymentMethods(),
  '0038-sign-in-throttles': signInThrottles(engine),
  '0040-owner-sessions': ownerSessions(engine),
  '0049-owner-email-factor': ownerEmailFactor(),
});

/** Runs the migrations not yet run, up to `to` (a migration's name; the newest when absent). */
export async function migrate(database: Database, options: { to?: string } = {}): Promise<string[]> {
  const migrations = history(database.engine);
  await refuseNewerDatabase(database, Object.keys(migrations));
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  // Kysely looks for its bookkeeping tables across every schema unless told which one: name it,
  // or a database holding several Plaza schemas (tests, shared clusters) confuses it.
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(database.pgSchema ? { migrationTableSchema: database.pgSchema } : {}),
  });
  const { error, results } = options.to
    ? await migrator.migrateTo(options.to)
    : await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

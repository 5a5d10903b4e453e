/** All SQL of the webhooks domain: endpoints (a document kind), deliveries and attempts. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/connect.ts';
import { type DocumentKind, documentStore } from '../../db/documents.ts';
import type { Schema, WebhookAttemptsTable, WebhookDeliveriesTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';

export const webhookKind: DocumentKind = {
  table: 'webhooks',
  entity: 'webhook',
  label: 'Webhook',
  notFoundCode: 'WEBHOOK_NOT_FOUND',
  columns: {
    url: { column: 'url', type: 'string', nullable: false },
    enabled: { column: 'enabled', type: 'boolean', nullable: false },
  },
};

/** An endpoint as its document holds it. */
export interface WebhookDoc {
  id: string;
  revision: string;
  url: string;
  events: string[];
  enabled: boolean;
  description?: string;
  disabledReason?: string;
  createdDate: string;
  updatedDate: string;
}

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;
export type NewDelivery = Omit<DeliveryRow, 'seq' | 'attempts'>;

export function webhooksStore(database: Database, clock: Clock) {
  const db = database.db;
  const enabledValue = database.engine === 'postgres' ? true : 1;
  return {
    endpoints: documentStore(database, webhookKind, { clock }),

    async setSecret(executor: Kysely<Schema>, siteId: string, id: string, sealed: string) {
      await executor
        .updateTable('webhooks')
        .set({ secret: sealed })
        .where('site_id', '=', siteId)
        .where('id', '=', id)
        .execute();
    },

    /** The endpoint with its sealed secret and failing date, for a delivery. */
    async endpointForDelivery(siteId: string, id: string) {
      const row = await db
        .selectFrom('webhooks')
        .select(['doc', 'secret', 'failing_since'])
        .where('site_id', '=', siteId)
        .where('id', '=', id)
        .executeTakeFirst();
      return (
        row && { doc: JSON.parse(row.doc) as WebhookDoc, secret: row.secret, failingSince: row.failing_since }
      );
    },

    async enabledEndpoints(executor: Kysely<Schema>, siteId: string): Promise<WebhookDoc[]> {
      const rows = await executor
        .selectFrom('webhooks')
        .select('doc')
        .where('site_id', '=', siteId)
        .where('enabled', '=', enabledValue)
        .execute();
      return rows.map((row) => JSON.parse(row.doc) as WebhookDoc);
    },

    /** Marks the endpoint failing since `date` unless it was already; answers the date it fails since. */
    async markFailing(siteId: string, id: string, date: string): Promise<string> {
      await db
        .updateTable('webhooks')
        .set({ failing_since: date })
        .where('site_id', '=', siteId)
        .where('id', '=', id)
        .where('failing_since', 'is', null)
        .execute();
      const row = await db
        .selectFrom('webhooks')
        .select('failing_since')
        .where('site_id', '=', siteId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.failing_since ?? date;
    },

    async clearFailing(siteId: string, id: string) {
      await db
        .updateTable('webhooks')
        .set({ failing_since: null })
        .where('site_id', '=', siteId)
        .where('id', '=', id)
        .where('failing_since', 'is not', null)
        .execute();
    },

    /** Inserts deliveries; answers the ids inserted (an event read again finds its own there). */
    async insertDeliveries(executor: Kysely<Schema>, deliveries: NewDelivery[]): Promise<string[]> {
      if (deliveries.length === 0) return [];
      const rows = await executor
        .insertInto('webhook_deliveries')
        .values(deliveries)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    async delivery(executor: Kysely<Schema>, siteId: string, id: string): Promise<DeliveryRow | undefined> {
      return executor
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * A pending delivery of the same entity to the same endpoint that comes before `delivery`: a lower
     * revision, or the same one recorded earlier (an order's `updated` before its `paid`). The one due
     * first, when there are several.
     */
    async earlierPending(delivery: DeliveryRow): Promise<{ next_attempt_date: string | null } | undefined> {
      const revision = delivery.revision ?? -1;
      return db
        .selectFrom('webhook_deliveries')
        .select('next_attempt_date')
        .where('webhook_id', '=', delivery.webhook_id)
        .where('entity_kind', '=', delivery.entity_kind)
        .where('entity_id', '=', delivery.entity_id)
        .where('status', '=', 'PENDING')
        .where('id', '!=', delivery.id)
        .where((eb) =>
          eb.or([
            eb(eb.fn.coalesce('revision', eb.val(-1)), '<', revision),
            eb.and([eb(eb.fn.coalesce('revision', eb.val(-1)), '=', revision), eb('seq', '<', delivery.seq)]),
          ]),
        )
        .orderBy('next_attempt_date')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Takes attempt `attempts + 1` of a pending delivery: false when another run took it first (a job
     * run twice, or the delivery sent right after the one before it), which then sends it alone.
     */
    async claimAttempt(delivery: DeliveryRow, now: string): Promise<boolean> {
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ attempts: Number(delivery.attempts) + 1, updated_date: now })
        .where('id', '=', delivery.id)
        .where('status', '=', 'PENDING')
        .where('attempts', '=', Number(delivery.attempts))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The first pending delivery of the same entity to the same endpoint, in revision order. */
    async nextPending(delivery: DeliveryRow): Promise<DeliveryRow | undefined> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', delivery.webhook_id)
        .where('entity_kind', '=', delivery.entity_kind)
        .where('entity_id', '=', delivery.entity_id)
        .where('status', '=', 'PENDING')
        .orderBy((eb) => eb.fn.coalesce('revision', eb.val(-1)))
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst();
    },

    /** Records an attempt and the delivery's new state together. */
    async recordAttempt(
      attempt: AttemptRow,
      state: Pick<DeliveryRow, 'status' | 'next_attempt_date' | 'updated_date'>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('webhook_attempts')
          .values(attempt)
          .onConflict((oc) => oc.doNothing())
          .execute();
        await trx
          .updateTable('webhook_deliveries')
          .set(state)
          .where('id', '=', attempt.delivery_id)
          .execute();
      });
    },

    async settle(id: string, state: Pick<DeliveryRow, 'status' | 'next_attempt_date' | 'updated_date'>) {
      await db.updateTable('webhook_deliveries').set(state).where('id', '=', id).execute();
    },

    /** A page of the endpoint's log, newest first, below `beforeSeq`. */
    async deliveries(siteId: string, webhookId: string, limit: number, beforeSeq?: number) {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('webhook_id', '=', webhookId)
        .$if(beforeSeq !== undefined, (query) => query.where('seq', '<', beforeSeq!))
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return rows;
    },

    async attemptsOf(siteId: string, deliveryIds: string[]): Promise<AttemptRow[]> {
      if (deliveryIds.length === 0) return [];
      return db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('delivery_id', 'in', deliveryIds)
        .orderBy('attempt')
        .execute();
    },

    /**
     * Deletes up to `limit` settled deliveries (delivered, failed, canceled) made before `before`, with
     * their attempts; how many. A pending one stays, however old: it is still being retried.
     */
    async pruneDeliveries(before: string, limit: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const ids = (
          await trx
            .selectFrom('webhook_deliveries')
            .select('id')
            .where('created_date', '<', before)
            .where('status', '!=', 'PENDING')
            .orderBy('created_date')
            .limit(limit)
            .execute()
        ).map((row) => row.id);
        if (ids.length === 0) return 0;
        await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', ids).execute();
        const result = await trx.deleteFrom('webhook_deliveries').where('id', 'in', ids).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },

    /** The endpoint's own deliveries (replays excepted) made since `since`, oldest first. */
    async deliveriesSince(
      executor: Kysely<Schema>,
      siteId: string,
      webhookId: string,
      since: string,
      limit: number,
    ) {
      return executor
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('webhook_id', '=', webhookId)
        .where('replay_of', 'is', null)
        .where('created_date', '>=', since)
        .orderBy('seq')
        .limit(limit)
        .execute();
    },
  };
}

export type WebhooksStore = ReturnType<typeof webhooksStore>;

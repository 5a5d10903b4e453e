/**
 * Plan orders over time: the end-of-term sweep (a periodic job) and the `plans-orders` outbox consumer.
 *
 * The sweep moves every ACTIVE order whose end date has passed to ENDED (CANCELED when it was cancelled
 * at the end of its period), a batch per transaction, across sites: the `status, end_date` index finds
 * them. A PAUSED order is not swept; its end moves when it resumes.
 *
 * The consumer activates the PENDING plan orders of an ecom order when that order is paid (an offline
 * payment marked as paid): ecom records `order` `paid`, and the plan orders change in the transaction
 * that moves the consumer's cursor, so a crash never loses nor repeats the change.
 */
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { Jobs } from '../../jobs/loop.ts';
import type { DurableConsumer } from '../../outbox/dispatcher.ts';
import type { DomainEvent } from '../../outbox/outbox.ts';
import type { PlanOrder } from './catalog-provider.ts';
import { scheduleOf } from './cycles.ts';
import { cycleInputOf } from './orders.ts';
import { scheduleRenewal } from './renewals.ts';
import type { PlansDeps } from './service.ts';

/** How often the sweep runs: an order ends at most this long after its end date. */
export const ORDER_SWEEP_MS = 60_000;
const BATCH = 200;

/** Ends every order due at the clock's now; answers how many. */
export async function endDueOrders(deps: PlansDeps): Promise<number> {
  let ended = 0;
  for (;;) {
    const now = deps.clock.now();
    const due = await deps.store.db
      .selectFrom('plan_orders')
      .select(['site_id', 'id'])
      .where('status', '=', 'ACTIVE')
      .where('end_date', '<=', now.toISOString())
      .orderBy('end_date')
      .limit(BATCH)
      .execute();
    await deps.store.transaction(async (trx) => {
      for (const row of due) {
        const orders = deps.store.orders.forSite(row.site_id, trx);
        const order = await orders.get<PlanOrder>(row.id);
        // Another process may have ended, paused or postponed it since it was listed.
        if (order?.status !== 'ACTIVE' || !order.endDate || Date.parse(order.endDate) > now.getTime())
          continue;
        const status = order.cancellation?.effectiveAt === 'NEXT_PAYMENT_DATE' ? 'CANCELED' : 'ENDED';
        await orders.update(row.id, { status }, { expectedRevision: order.revision });
        ended += 1;
      }
    });
    if (due.length < BATCH) return ended;
  }
}

export function scheduleOrderEndings(jobs: Jobs, deps: PlansDeps) {
  jobs.every('plan-order-endings', ORDER_SWEEP_MS, async () => {
    await endDueOrders(deps);
  });
}

async function activate(deps: PlansDeps, event: DomainEvent, trx: Kysely<Schema>) {
  const orders = deps.store.orders.forSite(event.siteId, trx);
  const now = new Date(event.occurredDate);
  for (const id of await deps.store.ordersOf(event.siteId, event.entityId, trx)) {
    const order = await orders.get<PlanOrder>(id);
    if (order?.status !== 'PENDING') continue;
    const next = { ...order, status: 'ACTIVE' as const };
    const { endDate } = scheduleOf(cycleInputOf(next), now);
    await orders.update(id, {
      status: 'ACTIVE',
      lastPaymentStatus: order.lastPaymentStatus === 'NOT_APPLICABLE' ? 'NOT_APPLICABLE' : 'PAID',
      endDate,
    });
    await scheduleRenewal(deps, trx, event.siteId, id, next, now);
  }
}

export function planOrdersConsumer(deps: PlansDeps): DurableConsumer {
  return {
    name: 'plans-orders',
    async handle(event, trx) {
      if (event.entityKind === 'order' && event.event === 'paid') await activate(deps, event, trx);
    },
  };
}

/**
 * Capture and void of an order whose card was only authorised (AUTHORIZED): the money is ecom's, so
 * both go through ecom's own owner operations on the ecom order that took the payment — mark as paid
 * captures it; cancel voids it, and ecom's cancel gives the tickets back through the events catalog
 * (catalog-provider.ts), which makes the ticketing order VOIDED. A scheduled action (order-jobs.ts)
 * runs the same operations when its date comes.
 */
import type { Caller } from '../../../http/access.ts';
import { cancelOrder, type EcomDeps, markOrderAsPaid } from '../../ecom/index.ts';
import { EVENTS_APP_ID } from '../catalog-provider.ts';
import { eventsErrors } from '../errors.ts';
import type { StoredTicketOrder } from './checkout-model.ts';
import type { EventsDeps } from './context.ts';
import { requireTicketOrder } from './orders.ts';

export interface TicketPayments {
  capture(siteId: string, ecomOrderId: string): Promise<unknown>;
  void(siteId: string, ecomOrderId: string): Promise<unknown>;
}

/** The events app acting on a site's ecom orders: ecom's owner operations read only its site. */
export const eventsApp = (siteId: string): Caller => ({
  siteId,
  kind: 'app',
  subjectId: EVENTS_APP_ID,
  clientId: undefined,
  accessToken: undefined,
});

export function ecomTicketPayments(ecom: EcomDeps): TicketPayments {
  return {
    capture: (siteId, id) => markOrderAsPaid(ecom, eventsApp(siteId), id),
    void: (siteId, id) => cancelOrder(ecom, eventsApp(siteId), id, { restock: true, tellBuyer: false }),
  };
}

function authorizedOrder(order: StoredTicketOrder, payments: TicketPayments | undefined) {
  if (order.status !== 'AUTHORIZED' || !order.ecomOrderId || !payments)
    throw eventsErrors.orderClosed(order.orderNumber, order.status);
  return { ecomOrderId: order.ecomOrderId, payments };
}

async function capture(
  deps: EventsDeps,
  siteId: string,
  order: StoredTicketOrder,
  payments?: TicketPayments,
) {
  const authorized = authorizedOrder(order, payments);
  await authorized.payments.capture(siteId, authorized.ecomOrderId);
  await deps.store.orders
    .forSite(siteId)
    .update<StoredTicketOrder>(order.id, { status: 'PAID', scheduledAction: undefined });
}

async function voidPayment(
  deps: EventsDeps,
  siteId: string,
  order: StoredTicketOrder,
  payments?: TicketPayments,
) {
  const authorized = authorizedOrder(order, payments);
  await authorized.payments.void(siteId, authorized.ecomOrderId);
  // The catalog's cancel has made it VOIDED; an order ecom's cancel did not reach is made so here.
  const after = await deps.store.orders.forSite(siteId).get<StoredTicketOrder>(order.id);
  if (after && after.status === 'AUTHORIZED')
    await deps.store.orders
      .forSite(siteId)
      .update<StoredTicketOrder>(order.id, { status: 'VOIDED', scheduledAction: undefined });
}

export async function captureTicketPayment(
  deps: EventsDeps,
  payments: TicketPayments | undefined,
  caller: Caller,
  input: { orderNumber: string; eventId?: string | undefined },
) {
  const order = await requireTicketOrder(deps, caller, input.eventId, input.orderNumber);
  await capture(deps, caller.siteId, order, payments);
  return {};
}

export async function voidTicketPayment(
  deps: EventsDeps,
  payments: TicketPayments | undefined,
  caller: Caller,
  input: { orderNumber: string; eventId?: string | undefined },
) {
  const order = await requireTicketOrder(deps, caller, input.eventId, input.orderNumber);
  await voidPayment(deps, caller.siteId, order, payments);
  return {};
}

/** The scheduled action of an order, if it still waits: one captured or voided meanwhile is left alone. */
export async function runScheduledAction(
  deps: EventsDeps,
  payments: TicketPayments | undefined,
  siteId: string,
  orderNumber: string,
) {
  const order = await deps.store.orders.forSite(siteId).get<StoredTicketOrder>(orderNumber);
  const scheduled = order?.scheduledAction;
  if (order?.status !== 'AUTHORIZED' || !scheduled) return;
  if (Date.parse(scheduled.date) > deps.clock.now().getTime()) return;
  if (scheduled.action === 'CAPTURE') await capture(deps, siteId, order, payments);
  else await voidPayment(deps, siteId, order, payments);
}

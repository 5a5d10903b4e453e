/**
 * Order management (`@wix/events` `orders`): list with filters, tags, facets and search; get with
 * fieldsets and calendar links; update (form, archived), bulk archive, confirm and the summary of
 * sales. Orders of one site are read whole and filtered here: the filters on derived parts (tags,
 * search on buyer and ticket numbers) have no column, and an owner's listing is not a hot path.
 */
import type { ManagedOrder } from '@plaza/contracts';
import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../../http/access.ts';
import { invalidField } from '../../../lib/errors.ts';
import { ownerKeyOf } from '../../ecom/index.ts';
import { eventsErrors } from '../errors.ts';
import type { Executor } from '../store.ts';
import {
  type FormValue,
  invoiceOf,
  minorOf,
  moneyV1,
  type StoredReservation,
  type StoredTicketOrder,
} from './checkout-model.ts';
import { type EventsDeps, isAdmin, type Raw, type StoredEvent } from './context.ts';
import { orderLinks } from './order-links.ts';
import { calendarUrls } from './render.ts';
import { formValues, orderView, taxOf } from './ticket-orders.ts';

type OrderView = Static<typeof ManagedOrder>;
type Fieldset = 'TICKETS' | 'DETAILS' | 'FORM' | 'INVOICE';
const ALL: readonly Fieldset[] = ['TICKETS', 'DETAILS', 'FORM', 'INVOICE'];

/** Orders that hold tickets: what a summary counts as sold. */
const SOLD = new Set(['PAID', 'FREE', 'OFFLINE_PENDING', 'AUTHORIZED']);

/** The parts `fieldsets` leaves out are taken away; the rest of the order is always there. */
function project(view: OrderView, fieldsets: readonly Fieldset[]): OrderView {
  const { tickets, checkoutForm, invoice, firstName, lastName, email, fullName, ...base } = view;
  return {
    ...base,
    ...(fieldsets.includes('DETAILS') ? { firstName, lastName, email, fullName } : {}),
    ...(fieldsets.includes('FORM') ? { checkoutForm } : {}),
    ...(fieldsets.includes('TICKETS') ? { tickets } : {}),
    ...(fieldsets.includes('INVOICE') ? { invoice } : {}),
  };
}

export interface OrderContext {
  reservations: ReadonlyMap<string, StoredReservation>;
  events: ReadonlyMap<string, StoredEvent>;
}

/** Reservations and events of `orders`, in two statements. */
async function contextOf(
  deps: EventsDeps,
  siteId: string,
  orders: readonly StoredTicketOrder[],
  executor: Executor = deps.store.db,
): Promise<OrderContext> {
  const reservationIds = [...new Set(orders.map((o) => o.reservationId))];
  const eventIds = [...new Set(orders.map((o) => o.eventId))];
  const docs = async (table: 'events_reservations' | 'events_events', ids: string[]) =>
    ids.length === 0
      ? []
      : (
          await executor
            .selectFrom(table)
            .select('doc')
            .where('site_id', '=', siteId)
            .where('id', 'in', ids)
            .execute()
        ).map((row) => JSON.parse(row.doc));
  const reservations = (await docs('events_reservations', reservationIds)) as StoredReservation[];
  const events = (await docs('events_events', eventIds)) as StoredEvent[];
  return {
    reservations: new Map(reservations.map((r) => [r.id, r])),
    events: new Map(events.map((e) => [e.id, e])),
  };
}

export function viewOf(
  deps: EventsDeps,
  siteId: string,
  order: StoredTicketOrder,
  context: OrderContext,
  fieldsets: readonly Fieldset[] = ALL,
): OrderView {
  const reservation = context.reservations.get(order.reservationId);
  const event = context.events.get(order.eventId);
  const lines = reservation ?? { lines: [], currency: order.currency };
  const view = orderView(
    order,
    { ...(lines as StoredReservation) },
    event ? taxOf(event) : undefined,
    orderLinks(deps.publicUrl, siteId, order),
  );
  return project(view, fieldsets);
}

export async function viewsOf(
  deps: EventsDeps,
  siteId: string,
  orders: readonly StoredTicketOrder[],
  fieldsets: readonly Fieldset[] = ALL,
  executor?: Executor,
) {
  const context = await contextOf(deps, siteId, orders, executor);
  return orders.map((order) => viewOf(deps, siteId, order, context, fieldsets));
}

async function siteOrders(
  deps: EventsDeps,
  siteId: string,
  where: { eventIds?: readonly string[]; statuses?: readonly string[]; numbers?: readonly string[] },
  executor: Executor = deps.store.db,
): Promise<StoredTicketOrder[]> {
  let query = executor.selectFrom('events_orders').select('doc').where('site_id', '=', siteId);
  if (where.eventIds?.length) query = query.where('event_id', 'in', where.eventIds);
  if (where.statuses?.length) query = query.where('status', 'in', where.statuses);
  if (where.numbers?.length) query = query.where('id', 'in', where.numbers);
  const rows = await query.orderBy('created_date').orderBy('id').execute();
  return rows.map((row) => JSON.parse(row.doc) as StoredTicketOrder);
}

const confirmedOf = (order: StoredTicketOrder) =>
  !['INITIATED', 'OFFLINE_PENDING', 'CANCELED', 'VOIDED'].includes(order.status);

/** The tags an order has; there is no check-in yet, so none is fully checked in. */
function tagsOf(order: StoredTicketOrder): string[] {
  return [
    confirmedOf(order) ? 'CONFIRMED' : 'UNCONFIRMED',
    ...(order.memberId ? ['MEMBER'] : []),
    order.archived ? 'ARCHIVED' : 'NON_ARCHIVED',
    'NOT_FULLY_CHECKED_IN',
  ];
}

function matches(order: StoredTicketOrder, phrase: string) {
  const { firstName, lastName, email } = order.buyer;
  const text = [
    `${firstName} ${lastName}`,
    email,
    order.orderNumber,
    ...order.tickets.map((t) => t.ticketNumber),
  ]
    .join('\n')
    .toLowerCase();
  return text.includes(phrase.toLowerCase().trim());
}

const SORTS: Record<string, (o: StoredTicketOrder) => string | number> = {
  created: (o) => o.createdDate,
  updated: (o) => o.updatedDate,
  orderNumber: (o) => o.orderNumber,
  firstName: (o) => o.buyer.firstName.toLowerCase(),
  lastName: (o) => o.buyer.lastName.toLowerCase(),
  fullName: (o) => `${o.buyer.firstName} ${o.buyer.lastName}`.toLowerCase(),
  email: (o) => o.buyer.email.toLowerCase(),
  status: (o) => o.status,
  ticketsQuantity: (o) => o.tickets.length,
};

function sorter(sort: string | undefined) {
  const [field = 'created', direction = 'asc'] = (sort ?? 'created:asc').split(':');
  const key = SORTS[field];
  if (!key) throw invalidField('sort', `orders sort by ${Object.keys(SORTS).join(', ')}`, 'VALIDATION');
  const sign = direction.toLowerCase() === 'desc' ? -1 : 1;
  return (a: StoredTicketOrder, b: StoredTicketOrder) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -sign : x > y ? sign : a.orderNumber < b.orderNumber ? -1 : 1;
  };
}

type Facet = 'status' | 'eventId' | 'method' | 'channel' | 'tag';
const facetValues: Record<Facet, (o: StoredTicketOrder) => string[]> = {
  status: (o) => [o.status],
  eventId: (o) => [o.eventId],
  method: (o) => (o.method ? [o.method] : []),
  channel: (o) => [o.channel],
  tag: tagsOf,
};

function facetsOf(orders: readonly StoredTicketOrder[], facets: readonly Facet[]) {
  const plain: Record<string, { counts: Record<string, number> }> = {};
  const detailed: Record<
    string,
    { counts: Record<string, { count: number; tickets: number; ticketsCheckIn: number }> }
  > = {};
  for (const facet of facets) {
    const counts: Record<string, number> = {};
    const rich: Record<string, { count: number; tickets: number; ticketsCheckIn: number }> = {};
    for (const order of orders)
      for (const value of facetValues[facet](order)) {
        counts[value] = (counts[value] ?? 0) + 1;
        const entry = rich[value] ?? { count: 0, tickets: 0, ticketsCheckIn: 0 };
        entry.count++;
        entry.tickets += order.tickets.length;
        rich[value] = entry;
      }
    plain[facet] = { counts };
    detailed[facet] = { counts: rich };
  }
  return { facets: plain, orderFacets: { facets: detailed } };
}

export async function listTicketOrders(deps: EventsDeps, caller: Caller, input: Raw) {
  const { siteId } = caller;
  const compare = sorter(input.sort);
  const found = await siteOrders(deps, siteId, {
    eventIds: input.eventId,
    statuses: input.status,
    numbers: input.orderNumber,
  });
  const members: string[] = input.memberId ?? [];
  const tags: string[] = input.tag ?? [];
  const phrase: string = input.searchPhrase ?? '';
  const kept = found.filter(
    (order) =>
      (members.length === 0 || (order.memberId !== undefined && members.includes(order.memberId))) &&
      tags.every((tag) => tagsOf(order).includes(tag)) &&
      (!phrase.trim() || matches(order, phrase)) &&
      // Orders keep no contact or creator of their own: those filters match none.
      !input.contactId?.length &&
      !input.eventCreatorId?.length,
  );
  kept.sort(compare);
  const offset: number = input.offset ?? 0;
  const limit: number = input.limit ?? 100;
  const page = kept.slice(offset, offset + limit);
  const fieldsets: Fieldset[] = input.fieldset?.length ? input.fieldset : ['DETAILS'];
  return {
    total: kept.length,
    offset,
    limit,
    orders: await viewsOf(deps, siteId, page, fieldsets),
    ...facetsOf(kept, input.facet ?? []),
  };
}

async function requireOrder(
  deps: EventsDeps,
  caller: Caller,
  eventId: string | undefined,
  orderNumber: string,
  executor?: Executor,
) {
  const order = await deps.store.orders.forSite(caller.siteId, executor).get<StoredTicketOrder>(orderNumber);
  const theirs = order && (isAdmin(caller) || order.ownerKey === ownerKeyOf(caller));
  if (!order || !theirs || (eventId !== undefined && order.eventId !== eventId))
    throw eventsErrors.orderNotFound(orderNumber);
  return order;
}

export { requireOrder as requireTicketOrder };

export async function getTicketOrder(deps: EventsDeps, caller: Caller, input: Raw) {
  const order = await requireOrder(deps, caller, input.eventId, input.orderNumber);
  const context = await contextOf(deps, caller.siteId, [order]);
  const event = context.events.get(order.eventId);
  if (!event) throw eventsErrors.eventNotFound(order.eventId);
  const fieldsets: Fieldset[] = input.fieldset?.length ? input.fieldset : [...ALL];
  return {
    order: viewOf(deps, caller.siteId, order, context, fieldsets),
    calendarLinks: calendarUrls(event),
  };
}

export async function updateTicketOrder(deps: EventsDeps, caller: Caller, input: Raw) {
  const order = await requireOrder(deps, caller, input.eventId, input.orderNumber);
  const patch: { form?: FormValue[]; archived?: boolean } = {};
  if (input.checkoutForm) patch.form = formValues(input.checkoutForm);
  if (input.archived !== undefined) patch.archived = input.archived;
  const updated =
    Object.keys(patch).length === 0
      ? order
      : await deps.store.orders
          .forSite(caller.siteId)
          .update<StoredTicketOrder>(order.id, patch, { expectedRevision: order.revision });
  const [view] = await viewsOf(deps, caller.siteId, [updated]);
  return { order: view! };
}

/** Every order of the event when `numbers` is absent; an order number of another event is not found. */
async function ordersOf(
  deps: EventsDeps,
  caller: Caller,
  eventId: string,
  numbers: string[] | undefined,
  trx: Executor,
) {
  const found = await siteOrders(deps, caller.siteId, { eventIds: [eventId], numbers }, trx);
  const missing = (numbers ?? []).find((n) => !found.some((o) => o.orderNumber === n));
  if (missing) throw eventsErrors.orderNotFound(missing);
  return found;
}

export async function bulkUpdateTicketOrders(deps: EventsDeps, caller: Caller, input: Raw) {
  const { siteId } = caller;
  const updated = await deps.store.transaction(async (trx) => {
    const orders = await ordersOf(deps, caller, input.eventId, input.orderNumber, trx);
    if (input.archived === undefined) return orders;
    const store = deps.store.orders.forSite(siteId, trx);
    const out: StoredTicketOrder[] = [];
    for (const order of orders)
      out.push(
        order.archived === input.archived
          ? order
          : await store.update<StoredTicketOrder>(
              order.id,
              { archived: input.archived },
              {
                expectedRevision: order.revision,
              },
            ),
      );
    return out;
  });
  return { orders: await viewsOf(deps, siteId, updated) };
}

/**
 * OFFLINE_PENDING → PAID. An order paid through ecom's offline payment has its ecom order marked paid
 * too (`markPaid`), first: should that fail, the ticketing order stays as it was.
 */
export async function confirmTicketOrders(
  deps: EventsDeps,
  caller: Caller,
  input: Raw,
  markPaid?: (ecomOrderId: string) => Promise<unknown>,
) {
  const { siteId } = caller;
  const orders = await ordersOf(deps, caller, input.eventId, input.orderNumber, deps.store.db);
  const pending = orders.filter((o) => o.status === 'OFFLINE_PENDING');
  const refused = input.orderNumber?.length
    ? orders.find((o) => o.status !== 'OFFLINE_PENDING' && o.status !== 'PAID' && o.status !== 'FREE')
    : undefined;
  if (refused) throw eventsErrors.orderClosed(refused.orderNumber, refused.status);
  for (const order of pending) if (order.ecomOrderId && markPaid) await markPaid(order.ecomOrderId);
  const confirmed = await deps.store.transaction(async (trx) => {
    const store = deps.store.orders.forSite(siteId, trx);
    const out: StoredTicketOrder[] = [];
    for (const order of orders)
      out.push(
        order.status === 'OFFLINE_PENDING'
          ? await store.update<StoredTicketOrder>(
              order.id,
              { status: 'PAID' },
              {
                expectedRevision: order.revision,
              },
            )
          : order,
      );
    return out;
  });
  // Without order numbers, the answer is what this call confirmed.
  const changed = new Set(pending.map((o) => o.orderNumber));
  const wanted = input.orderNumber?.length ? confirmed : confirmed.filter((o) => changed.has(o.orderNumber));
  return { orders: await viewsOf(deps, siteId, wanted) };
}

export async function getTicketSalesSummary(deps: EventsDeps, caller: Caller, input: Raw) {
  const { siteId } = caller;
  const orders = await siteOrders(deps, siteId, { eventIds: input.eventId ? [input.eventId] : [] });
  const sold = orders.filter((o) => SOLD.has(o.status));
  const context = await contextOf(deps, siteId, sold);
  const byCurrency = new Map<string, { total: number; revenue: number; orders: number; tickets: number }>();
  for (const order of sold) {
    const reservation = context.reservations.get(order.reservationId);
    const event = context.events.get(order.eventId);
    const grand = reservation
      ? invoiceOf(reservation.lines, order.currency, {
          coupon: order.coupon,
          tax: event ? taxOf(event) : undefined,
        }).grandMinor
      : order.tickets.reduce((sum, t) => sum + minorOf(t.price, order.currency), 0);
    const entry = byCurrency.get(order.currency) ?? { total: 0, revenue: 0, orders: 0, tickets: 0 };
    entry.total += grand;
    if (order.status === 'PAID') entry.revenue += grand;
    entry.orders++;
    entry.tickets += order.tickets.length;
    byCurrency.set(order.currency, entry);
  }
  return {
    sales: [...byCurrency].map(([currency, s]) => ({
      total: moneyV1(s.total, currency),
      totalOrders: s.orders,
      totalTickets: s.tickets,
      revenue: moneyV1(s.revenue, currency),
    })),
  };
}

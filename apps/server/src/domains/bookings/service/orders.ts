/**
 * The ecom order that paid for a booking, seen from bookings: a cancelled booking cancels its order
 * when the order sold nothing else still booked, through ecom's own owner operation acting as the
 * Bookings app (as events voids a ticket order): the money is refunded (PAID), an authorisation voided,
 * and ecom's cancel reaches the booking back through the catalog (catalog-provider.ts), which records
 * the refund on it. An order that also sold goods, or other bookings still live, is left to the owner.
 */
import type { Caller } from '../../../http/access.ts';
import { cancelOrder, type EcomDeps, type StoredOrder } from '../../ecom/index.ts';
import type { StoredBooking } from './bookings.ts';
import { BOOKINGS_APP_ID, type BookingsDeps } from './context.ts';

export interface BookingOrder {
  status: 'APPROVED' | 'CANCELED';
  lines: { appId: string; catalogItemId: string }[];
}

export interface BookingOrders {
  get(siteId: string, orderId: string): Promise<BookingOrder | undefined>;
  cancel(siteId: string, orderId: string): Promise<unknown>;
}

/** The Bookings app acting on a site's ecom orders: ecom's owner operations read only its site. */
const bookingsApp = (siteId: string): Caller => ({
  siteId,
  kind: 'app',
  subjectId: BOOKINGS_APP_ID,
  clientId: undefined,
  accessToken: undefined,
});

export function ecomBookingOrders(ecom: EcomDeps): BookingOrders {
  return {
    async get(siteId, orderId) {
      const order = await ecom.store.orders.forSite(siteId).get<StoredOrder>(orderId);
      if (!order) return undefined;
      return {
        status: order.status,
        lines: order.lineItems.map((line) => ({
          appId: line.catalogReference.appId,
          catalogItemId: line.catalogReference.catalogItemId,
        })),
      };
    },
    cancel: (siteId, orderId) =>
      cancelOrder(ecom, bookingsApp(siteId), orderId, { restock: true, tellBuyer: false }),
  };
}

const LIVE = new Set(['CREATED', 'CONFIRMED', 'PENDING']);

/** After `booking` was cancelled: its order too, when nothing else of the order is still had. */
export async function cancelOrderOf(deps: BookingsDeps, siteId: string, booking: StoredBooking) {
  if (!booking.orderId || !deps.orders) return;
  const order = await deps.orders.get(siteId, booking.orderId);
  if (!order || order.status === 'CANCELED') return;
  const bookings = deps.store.bookings.forSite(siteId);
  for (const line of order.lines) {
    if (line.appId !== BOOKINGS_APP_ID) return;
    if (line.catalogItemId === booking.id) continue;
    const other = await bookings.get<StoredBooking>(line.catalogItemId);
    if (other && LIVE.has(other.status)) return;
  }
  await deps.orders.cancel(siteId, booking.orderId);
}

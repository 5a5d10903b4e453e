/**
 * A catalog that sells seats held with an expiry, for tests only: the shape bookings, events and
 * plans take (a line is a hold of the buyer's, of fixed quantity, valid until the hold expires). It
 * proves the catalog contract carries a non-stock line from cart to order and back.
 */
import { confirm, findHold, hold, release, setCapacity } from '../src/db/capacity.ts';
import type { Database } from '../src/db/connect.ts';
import { type CatalogProvider, ecomErrors, type OrderRef } from '../src/domains/ecom/index.ts';

export const SEATS_APP_ID = 'seats-test-app';
export const SEAT_PRICE = 1500;
const HOLD_MS = 15 * 60_000;

export interface SeatsCatalog extends CatalogProvider {
  /** Orders each hold was committed to, by hold id. */
  committed: Map<string, OrderRef>;
  /** Holds each cancellation gave back, in order. */
  canceled: string[];
  open(siteId: string, show: string, seats: number): Promise<void>;
  /** Holds `quantity` seats of `show` for `ownerKey`; answers the hold id. */
  reserve(siteId: string, show: string, quantity: number, ownerKey: string, now: Date): Promise<string>;
}

export function seatsCatalog(database: Database): SeatsCatalog {
  const committed = new Map<string, OrderRef>();
  const canceled: string[] = [];
  const holdIdOf = (options: Readonly<Record<string, unknown>>) =>
    typeof options.holdId === 'string' ? options.holdId : '';

  const catalog: SeatsCatalog = {
    appIds: [SEATS_APP_ID],
    committed,
    canceled,

    open: (siteId, show, seats) => setCapacity(database.db, siteId, show, seats),

    async reserve(siteId, show, quantity, ownerKey, now) {
      const result = await database.db.transaction().execute((trx) =>
        hold(trx, siteId, {
          resourceKey: show,
          quantity,
          ownerKey,
          now,
          expiresAt: new Date(now.getTime() + HOLD_MS),
        }),
      );
      if (result.status !== 'held') throw new Error(`no seats: ${result.status}`);
      return result.hold.holdId;
    },

    async lookUp({ siteId, buyer, now }, { catalogItemId, options }) {
      const found = await findHold(database.db, siteId, holdIdOf(options));
      if (!found || found.resourceKey !== catalogItemId || found.ownerKey !== buyer.ownerKey)
        return { catalogItemId, availability: { status: 'NOT_FOUND' } };
      const live = found.state === 'CONFIRMED' || (found.state === 'HELD' && new Date(found.expiresAt) > now);
      const money = (amount: number) => ({
        amount,
        currency: 'USD',
        decimal: (amount / 100).toFixed(2),
        formatted: `$${(amount / 100).toFixed(2)}`,
      });
      return {
        catalogItemId,
        name: `Seats for ${catalogItemId}`,
        price: money(SEAT_PRICE),
        fullPrice: money(SEAT_PRICE),
        descriptionLines: [{ name: 'Venue', value: 'Main hall' }],
        availability: live ? { status: 'AVAILABLE' } : { status: 'NOT_AVAILABLE', quantityAvailable: 0 },
        itemType: 'SERVICE',
        fixedQuantity: true,
        maxQuantity: found.quantity,
        priceDescription: 'per seat',
        serviceProperties: {
          scheduledDate: '2026-12-01T19:00:00.000Z',
          numberOfParticipants: found.quantity,
        },
        version: `${found.state}|${found.updatedDate}`,
        validUntil: new Date(found.expiresAt).getTime(),
      };
    },

    // Each hold is its own line: adding it again never merges into another hold's line.
    lineKey: ({ options }) => `hold:${holdIdOf(options)}`,

    async commit({ siteId, buyer, now }, lines, order, trx) {
      for (const line of lines) {
        const holdId = holdIdOf(line.options);
        const found = await findHold(trx, siteId, holdId);
        const item = { catalogItemId: line.catalogItemId, requested: line.quantity };
        if (!found || found.ownerKey !== buyer.ownerKey)
          throw ecomErrors.lineHeldByOther([{ ...item, reason: 'HELD_BY_OTHER' }]);
        const result = await confirm(trx, siteId, holdId, now);
        if (result.status !== 'confirmed')
          throw ecomErrors.lineHoldExpired([{ ...item, reason: 'HOLD_EXPIRED' }]);
        committed.set(holdId, order);
      }
    },

    async cancel({ siteId, now }, lines, _order, trx) {
      for (const line of lines) {
        await release(trx, siteId, holdIdOf(line.options), now);
        canceled.push(holdIdOf(line.options));
      }
    },
  };
  return catalog;
}

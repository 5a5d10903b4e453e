/**
 * `updateTicketCheckout` with a `paidPlanBenefit` (plan-benefits.ts): an order waiting for its online
 * payment takes a plan's discount after checkout, as `checkout` applies it.
 */
import { release } from '../../../db/capacity.ts';
import type { Caller } from '../../../http/access.ts';
import { eventsErrors } from '../errors.ts';

import type { StoredReservation, StoredTicketOrder } from './checkout-model.ts';
import { isAdmin, type Raw, type StoredEvent } from './context.ts';
import { orderLinks } from './order-links.ts';
import {
  benefitFor,
  discountedUnitPrices,
  planBenefitErrors,
  ticketsCovered,
  withCreditHold,
} from './plan-benefits.ts';
import { type CheckoutDeps, statusAt } from './reservations.ts';
import { orderView, taxOf } from './ticket-orders.ts';

/**
 * `updateTicketCheckout` with a `paidPlanBenefit`: the order waiting for its online payment takes the
 * plan's discount (instead of any it had), its credits held until the payment, as at checkout.
 */
export async function applyPlanBenefit(
  deps: CheckoutDeps,
  caller: Caller,
  input: Raw,
  context: {
    order: StoredTicketOrder;
    reservation: StoredReservation;
    event: StoredEvent;
    patch: Record<string, unknown>;
  },
) {
  const { order, reservation, event } = context;
  const { siteId } = caller;
  const now = deps.clock.now();
  const plan = await benefitFor(deps.planBenefits, caller, input.paidPlanBenefit, {
    eventId: event.id,
    memberId: isAdmin(caller) ? order.memberId : undefined,
    now,
  });
  if (!discountedUnitPrices(reservation.lines, reservation.currency, plan.discount))
    throw planBenefitErrors.notForOnlinePayment();
  const covered = ticketsCovered(reservation.lines, plan.discount);
  const holdId = `${reservation.id}-plan-${reservation.revision}`;
  const planDiscount = withCreditHold(plan.discount, covered, holdId);
  const updated = await deps.store.transaction(async (trx) => {
    const held = await deps.store.reservations
      .forSite(siteId, trx)
      .update<StoredReservation>(
        reservation.id,
        { planDiscount },
        { expectedRevision: reservation.revision },
      );
    if (statusAt(held, now.getTime()) !== 'RESERVATION_PENDING')
      throw eventsErrors.reservationClosed(held.id, statusAt(held, now.getTime()));
    const before = reservation.planDiscount?.creditHoldId;
    if (before) await release(trx, siteId, before, now);
    const spent = await deps.planBenefits!.spend(trx, plan, {
      siteId,
      tickets: covered,
      holdId,
      ownerKey: order.ownerKey,
      now,
      until: new Date(held.expires),
    });
    if (!spent) throw planBenefitErrors.creditsSpent(plan.discount.planOrderId);
    return deps.store.orders
      .forSite(siteId, trx)
      .update<StoredTicketOrder>(
        order.id,
        { ...context.patch, planDiscount },
        { expectedRevision: order.revision },
      );
  });
  return {
    order: orderView(updated, reservation, taxOf(event), orderLinks(deps.publicUrl, siteId, updated)),
  };
}

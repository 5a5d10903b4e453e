/**
 * Paying a booking with a pricing plan (`selectedPaymentOption` MEMBERSHIP): the plans a service names
 * in `payment.pricingPlanIds` cover it, and the plans domain (wired in deps.ts as `deps.memberships`)
 * takes the member's credits in the booking's transaction, with a hold that expires with the slot's.
 * Paying confirms that hold (catalog-provider.ts); cancelling or declining the booking, or cancelling
 * its order, releases it, which gives the credits back.
 */
import type { Kysely } from 'kysely';
import { release } from '../../db/capacity.ts';
import type { Schema } from '../../db/schema.ts';
import type { Caller } from '../../http/access.ts';
import { ValidationError } from '../../lib/errors.ts';
import { ownerKeyOf } from '../ecom/index.ts';
import { isObject, type Json } from './service/context.ts';

/** What a booking keeps of the plan that paid for it (stored, not answered). */
export interface BookingMembership {
  planOrderId: string;
  planId: string;
  planName: string;
  benefitId: string;
  benefitType: 'LIMITED' | 'UNLIMITED';
  credits: number;
  creditHoldId?: string;
}

/** The plans domain's side (plans/benefits/credits.ts `bookingCredits`). */
export interface MembershipCredits {
  take(
    trx: Kysely<Schema>,
    request: {
      siteId: string;
      memberId: string;
      planIds: readonly string[];
      quantity: number;
      holdId: string;
      ownerKey: string;
      now: Date;
      expiresAt: Date;
    },
  ): Promise<
    | { status: 'taken'; membership: BookingMembership }
    | { status: 'out-of-credits'; remaining: number }
    | { status: 'none' }
  >;
}

const FIELD = 'booking.selectedPaymentOption';
const refuse = (description: string) =>
  new ValidationError([{ field: FIELD, description, violatedRule: 'VALIDATION', ruleName: 'NO_MEMBERSHIP' }]);

/** The id of the hold of a booking's credits. */
export const creditHoldIdOf = (bookingId: string) => `${bookingId}:credits`;

/**
 * Takes the credits of a booking paid with a plan, in `trx`. Answers what the booking records: paid by
 * the plan, or (the plan's credits spent) left to be paid online. Refuses a caller no valid plan covers.
 */
export async function takeMembership(
  credits: MembershipCredits | undefined,
  trx: Kysely<Schema>,
  caller: Caller,
  service: Json,
  booking: { id: string; participants: number; now: Date; expiresAt: Date },
): Promise<{ selectedPaymentOption: 'MEMBERSHIP' | 'ONLINE'; membership?: BookingMembership }> {
  if (caller.kind !== 'member') throw refuse('paying with a plan needs a signed-in member');
  const payment = isObject(service.payment) ? service.payment : {};
  const planIds = Array.isArray(payment.pricingPlanIds) ? payment.pricingPlanIds.map(String) : [];
  const taken =
    credits && planIds.length > 0
      ? await credits.take(trx, {
          siteId: caller.siteId,
          memberId: caller.subjectId,
          planIds,
          quantity: booking.participants,
          holdId: creditHoldIdOf(booking.id),
          ownerKey: ownerKeyOf(caller),
          now: booking.now,
          expiresAt: booking.expiresAt,
        })
      : ({ status: 'none' } as const);
  if (taken.status === 'none') throw refuse('no valid plan of the member covers this service');
  if (taken.status === 'out-of-credits') return { selectedPaymentOption: 'ONLINE' };
  return { selectedPaymentOption: 'MEMBERSHIP', membership: taken.membership };
}

/** Gives a booking's credits back (its hold released); nothing for one paid otherwise or UNLIMITED. */
export async function releaseCredits(
  trx: Kysely<Schema>,
  siteId: string,
  membership: BookingMembership | undefined,
  now: Date,
) {
  if (membership?.creditHoldId) await release(trx, siteId, membership.creditHoldId, now);
}

/** The visitor's open checkouts at sign-in: they become the member's. */

import { isRevisionConflict } from '../cart/state.ts';
import { whenUnclaimed } from '../claims.ts';
import { buyerOf, type EcomDeps, ownerKeyOf } from '../context.ts';
import type { Checkout, StoredCheckout } from './service.ts';

/** Checkouts of one visitor handed over at most; a visitor makes a few, one per checkout button press. */
const MAX_ADOPTED = 100;

/**
 * Hands the visitor's open checkouts to the member `memberId` who signed in: the member (any of their
 * sessions) can then read and pay them, and their orders name the member. They still buy from the cart
 * they were made from, whoever holds it now (`adoptVisitorCart` never merges such a cart). Completed
 * checkouts stay as they were ordered. Safe to call when there are none.
 *
 * A checkout being paid is left to its payer (its payment claim, claims.ts), not waited for: changing
 * it under the pay would refuse the pay's write of the order, after the charge.
 */
export async function adoptVisitorCheckouts(
  deps: EcomDeps,
  siteId: string,
  visitorId: string,
  memberId: string,
) {
  const visitorKey = ownerKeyOf({ kind: 'visitor', subjectId: visitorId });
  const member = { kind: 'member', subjectId: memberId } as const;
  const checkouts = deps.store.checkouts.forSite(siteId);
  for (const { id } of await openCheckoutsOf(deps, siteId, visitorKey)) {
    await whenUnclaimed(deps, siteId, 'checkout', id, async () => {
      // The hosted page may be changing it meanwhile: read again and retry on a revision conflict.
      for (let attempt = 0; ; attempt++) {
        const checkout = await checkouts.get<StoredCheckout>(id);
        if (!checkout || checkout.completed || checkout.internal.ownerKey !== visitorKey) return;
        try {
          await checkouts.update(
            id,
            {
              internal: { ...checkout.internal, ownerKey: ownerKeyOf(member) },
              buyerInfo: {
                ...buyerOf(member),
                ...(checkout.buyerInfo.email ? { email: checkout.buyerInfo.email } : {}),
              },
            },
            { expectedRevision: checkout.revision },
          );
          return;
        } catch (error) {
          if (attempt < 3 && isRevisionConflict(error)) continue;
          throw error;
        }
      }
    });
  }
}

/** The open checkouts of the owner `ownerKey` (a visitor makes a few: MAX_ADOPTED at most are read). */
async function openCheckoutsOf(deps: EcomDeps, siteId: string, ownerKey: string) {
  const page = await deps.store.checkouts.forSite(siteId).query({
    filter: { 'internal.ownerKey': ownerKey, completed: false },
    paging: { limit: MAX_ADOPTED },
  });
  return page.items.map((stored) => JSON.parse(stored) as Checkout);
}

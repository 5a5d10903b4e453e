/** The visitor's open checkouts at sign-in: they follow the visitor's cart to the member. */

import type { CartMerge } from '../cart/adopt.ts';
import { isRevisionConflict } from '../cart/state.ts';
import { whenUnclaimed } from '../claims.ts';
import { buyerOf, type EcomDeps, ownerKeyOf } from '../context.ts';
import type { Checkout, StoredCheckout } from './service.ts';

/** Checkouts of one visitor handed over at most; a visitor makes a few, one per checkout button press. */
const MAX_ADOPTED = 100;

/**
 * Hands the visitor's open checkouts to the member `memberId` who signed in, as `adoptVisitorCart`
 * hands over the cart: the member (any of their sessions) can then read and pay them, and their orders
 * name the member. Completed checkouts stay as they were ordered. Safe to call when there are none.
 *
 * `merged`: the visitor's cart went into the member's (`adoptVisitorCart`). Its checkouts then buy from
 * the member's cart, which holds their lines now: paying one takes them out of it.
 *
 * A checkout being paid is left to its payer (its payment claim, claims.ts): changing it under the pay
 * would break the pay's write of the order, after the charge.
 */
export async function adoptVisitorCheckouts(
  deps: EcomDeps,
  siteId: string,
  visitorId: string,
  memberId: string,
  merged?: CartMerge,
) {
  const visitorKey = ownerKeyOf({ kind: 'visitor', subjectId: visitorId });
  const member = { kind: 'member', subjectId: memberId } as const;
  const checkouts = deps.store.checkouts.forSite(siteId);
  const page = await checkouts.query({
    filter: { 'internal.ownerKey': visitorKey, completed: false },
    paging: { limit: MAX_ADOPTED },
  });
  for (const stored of page.items) {
    const { id } = JSON.parse(stored) as Checkout;
    await whenUnclaimed(deps, siteId, 'checkout', id, async () => {
      // The hosted page may be changing it meanwhile: read again and retry on a revision conflict.
      for (let attempt = 0; ; attempt++) {
        const checkout = await checkouts.get<StoredCheckout>(id);
        if (!checkout || checkout.completed || checkout.internal.ownerKey !== visitorKey) return;
        const joined = merged && checkout.cartId === merged.from;
        try {
          await checkouts.update(
            id,
            {
              internal: {
                ...checkout.internal,
                ownerKey: ownerKeyOf(member),
                ...(joined ? { cartMergedFrom: merged.from } : {}),
              },
              buyerInfo: {
                ...buyerOf(member),
                ...(checkout.buyerInfo.email ? { email: checkout.buyerInfo.email } : {}),
              },
              ...(joined ? { cartId: merged.into } : {}),
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

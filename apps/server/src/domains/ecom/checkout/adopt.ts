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
 * the member's cart, which holds their lines now: paying one takes them out of it. The merge itself
 * moves those it knew of (`followMergedCart`); one made meanwhile is moved here.
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
  for (const { id } of await openCheckoutsOf(deps, siteId, visitorKey)) {
    await whenUnclaimed(deps, siteId, 'checkout', id, async () => {
      // The hosted page may be changing it meanwhile: read again and retry on a revision conflict.
      for (let attempt = 0; ; attempt++) {
        const checkout = await checkouts.get<StoredCheckout>(id);
        if (!checkout || checkout.completed || checkout.internal.ownerKey !== visitorKey) return;
        // Made while the merge ran: it follows the merged cart here (`followMergedCart`).
        const following = followingMerge(checkout, merged);
        try {
          await checkouts.update(
            id,
            {
              ...following,
              internal: { ...(following?.internal ?? checkout.internal), ownerKey: ownerKeyOf(member) },
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

/**
 * Runs `work` holding the payment claims of the open checkouts `ownerKey` made from the cart `cartId`
 * (their ids are given to it), so that none of them is paid meanwhile; answers undefined, without
 * running it, while a pay holds one. (A pay takes the lines it bought out of its cart when it places
 * the order: a cart merged into another at that moment would keep them.)
 */
export async function whileCartUnpaid<T>(
  deps: EcomDeps,
  siteId: string,
  ownerKey: string,
  cartId: string,
  work: (checkoutIds: readonly string[]) => Promise<T>,
): Promise<{ value: T } | undefined> {
  const ids = (await openCheckoutsOf(deps, siteId, ownerKey))
    .filter((checkout) => checkout.cartId === cartId)
    .map((checkout) => checkout.id);
  const holding = async (index: number): Promise<{ value: T } | undefined> => {
    if (index === ids.length) return { value: await work(ids) };
    const outcome = await whenUnclaimed(deps, siteId, 'checkout', ids[index]!, () => holding(index + 1));
    return outcome?.value;
  };
  return holding(0);
}

/**
 * In the merge's transaction, their claims held (`whileCartUnpaid`): the open checkouts `ids` of the
 * cart `merge.from` buy from `merge.into` from then on. A pay that takes a claim once the merge gives
 * it back then takes its lines out of the member's cart, even before `adoptVisitorCheckouts` runs.
 */
export async function followMergedCart(
  deps: EcomDeps,
  siteId: string,
  trx: Parameters<EcomDeps['store']['checkouts']['forSite']>[1],
  ids: readonly string[],
  merge: CartMerge,
) {
  const checkouts = deps.store.checkouts.forSite(siteId, trx);
  for (const id of ids) {
    const checkout = await checkouts.get<StoredCheckout>(id);
    const following = checkout && !checkout.completed && followingMerge(checkout, merge);
    if (!following) continue;
    // A change by the hosted page meanwhile refuses it: the merge starts over.
    await checkouts.update<StoredCheckout>(id, following, { expectedRevision: checkout.revision });
  }
}

/** The change that makes a checkout of the merged cart `merge.from` buy from `merge.into`; undefined for others. */
function followingMerge(checkout: StoredCheckout, merge: CartMerge | undefined) {
  if (!merge || checkout.cartId !== merge.from) return undefined;
  return { cartId: merge.into, internal: { ...checkout.internal, cartMergedFrom: merge.from } };
}

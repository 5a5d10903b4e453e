/** The sign-in hand-over: a visitor's cart becomes the member's, or joins the member's cart. */
import { setTimeout as sleep } from 'node:timers/promises';
import { isUniqueViolation } from '../../../db/errors.ts';
import { followMergedCart, whileCartUnpaid } from '../checkout/adopt.ts';
import { buyerOf, type EcomDeps, ownerKeyOf } from '../context.ts';
import {
  findCart,
  inTurnOnCart,
  isRevisionConflict,
  MAX_LINES,
  MAX_QUANTITY,
  type StoredCart,
} from './state.ts';

/** How long a sign-in waits for a pay of the visitor's cart to place its order before merging it. */
const PAY_WAIT_MS = 10_000;
const PAY_POLL_MS = 50;

/**
 * Keeps a visitor's cart when the visitor signs in as `memberId`: the visitor's cart becomes the
 * member's, or its lines are merged into the member's cart (same item: quantities add, at most
 * 1000) and the visitor's cart is deleted. Safe to call when the visitor has no cart.
 *
 * Both carts may change meanwhile (the visitor's page still adds to it): every write names the
 * revision it read, and a conflict starts over from both carts as they are then.
 *
 * Answers the merge when there was one: the visitor's checkouts of the deleted cart then buy from the
 * member's (`adoptVisitorCheckouts`). A merge waits while one of them is being paid (`whileCartUnpaid`).
 */
export async function adoptVisitorCart(
  deps: EcomDeps,
  siteId: string,
  visitorId: string,
  memberId: string,
): Promise<CartMerge | undefined> {
  // In turn with this process's changes of both carts: the visitor's page may still be adding to
  // one, the member's other sessions to the other. Always visitor, then member: two sign-ins of one
  // member from two visitors wait for each other at the member's turn, never each for the other.
  const visitorKey = ownerKeyOf({ kind: 'visitor', subjectId: visitorId });
  const memberKey = ownerKeyOf({ kind: 'member', subjectId: memberId });
  const waitUntil = Date.now() + PAY_WAIT_MS;
  for (;;) {
    try {
      return await inTurnOnCart(siteId, visitorKey, () =>
        inTurnOnCart(siteId, memberKey, async () => {
          for (let attempt = 0; ; attempt++) {
            try {
              return await adoptOnce(deps, siteId, visitorKey, memberId);
            } catch (error) {
              if (attempt < 5 && (isRevisionConflict(error) || isUniqueViolation(error))) continue;
              throw error;
            }
          }
        }),
      );
    } catch (error) {
      if (!(error instanceof BeingPaid) || Date.now() >= waitUntil) throw error;
      // Out of both carts' turns, so that their other changes meanwhile wait for no pay. The pay's
      // order leaves what it did not buy in a new cart of the visitor's: that one joins.
      await sleep(PAY_POLL_MS);
    }
  }
}

/** A visitor's cart merged into the member's at sign-in: `from` is deleted, its lines are in `into`. */
export interface CartMerge {
  from: string;
  into: string;
}

async function adoptOnce(
  deps: EcomDeps,
  siteId: string,
  visitorKey: string,
  memberId: string,
): Promise<CartMerge | undefined> {
  const member = { kind: 'member', subjectId: memberId } as const;
  const visitorCart = await findCart(deps, siteId, visitorKey);
  if (!visitorCart) return undefined;
  const carts = deps.store.carts.forSite(siteId);
  const memberCart = await findCart(deps, siteId, ownerKeyOf(member));
  if (!memberCart) {
    await carts.update(
      visitorCart.id,
      {
        ownerKey: ownerKeyOf(member),
        buyerInfo: {
          ...buyerOf(member),
          ...(visitorCart.buyerInfo.email ? { email: visitorCart.buyerInfo.email } : {}),
        },
      },
      { expectedRevision: visitorCart.revision },
    );
    return undefined;
  }
  const merge = { from: visitorCart.id, into: memberCart.id };
  const merged = await whileCartUnpaid(deps, siteId, visitorKey, visitorCart.id, (checkoutIds) =>
    deps.store.transaction(async (trx) => {
      // Claims the visitor's cart as read first: a line added since refuses the merge, which starts over.
      await deps.store.carts
        .forSite(siteId, trx)
        .update(visitorCart.id, {}, { expectedRevision: visitorCart.revision });
      await changeCartIn(deps, siteId, memberCart, visitorCart, trx);
      await deps.store.carts.forSite(siteId, trx).delete(visitorCart.id);
      await followMergedCart(deps, siteId, trx, checkoutIds, merge);
    }),
  );
  if (!merged) throw new BeingPaid();
  return merge;
}

/** A checkout of the visitor's cart is being paid: the merge waits for the order (PAY_WAIT_MS at most). */
class BeingPaid extends Error {
  constructor() {
    super("A checkout of the visitor's cart is still being paid");
  }
}

async function changeCartIn(
  deps: EcomDeps,
  siteId: string,
  target: StoredCart & { id: string; revision: string },
  source: StoredCart,
  trx: Parameters<typeof deps.store.carts.forSite>[1],
) {
  const lines = target.lineItems.map((line) => ({ ...line }));
  for (const line of source.lineItems) {
    const same = lines.find((l) => l.itemKey === line.itemKey);
    if (same) same.quantity = Math.min(MAX_QUANTITY, same.quantity + line.quantity);
    else if (lines.length < MAX_LINES) lines.push(line);
  }
  await deps.store.carts.forSite(siteId, trx).update(
    target.id,
    {
      lineItems: lines,
      ...(target.couponCode || !source.couponCode
        ? {}
        : { couponCode: source.couponCode, couponId: source.couponId }),
    },
    { expectedRevision: target.revision },
  );
}

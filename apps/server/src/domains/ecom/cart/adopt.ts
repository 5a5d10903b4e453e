/** The sign-in hand-over: a visitor's cart becomes the member's, or joins the member's cart. */
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../../../lib/errors.ts';
import { buyerOf, type EcomDeps, ownerKeyOf } from '../context.ts';
import {
  findCart,
  inTurnOnCart,
  isRevisionConflict,
  MAX_LINES,
  MAX_QUANTITY,
  type StoredCart,
} from './state.ts';

/**
 * Keeps a visitor's cart when the visitor signs in as `memberId`. Without a cart of the member's, the
 * visitor's cart becomes theirs as it is. Otherwise its lines are merged into the member's cart (same
 * item: quantities add, at most 1000) and it is deleted, unless a checkout was made from it: such a
 * cart is never merged, for its checkouts take their lines out of it by line id when paid. It then
 * stays the visitor's, and its checkouts alone move to the member (`adoptVisitorCheckouts`). Safe to
 * call when the visitor has no cart.
 *
 * Both carts may change meanwhile (the visitor's page still adds to it, a pay spends it): every write
 * names the revision it read, and a conflict starts over from both carts as they are then.
 */
export async function adoptVisitorCart(
  deps: EcomDeps,
  siteId: string,
  visitorId: string,
  memberId: string,
): Promise<void> {
  // In turn with this process's changes of both carts: the visitor's page may still be adding to
  // one, the member's other sessions to the other. Always visitor, then member: two sign-ins of one
  // member from two visitors wait for each other at the member's turn, never each for the other.
  const visitorKey = ownerKeyOf({ kind: 'visitor', subjectId: visitorId });
  const memberKey = ownerKeyOf({ kind: 'member', subjectId: memberId });
  await inTurnOnCart(siteId, visitorKey, () =>
    inTurnOnCart(siteId, memberKey, async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await adoptOnce(deps, siteId, visitorKey, memberId);
        } catch (error) {
          if (attempt < 5 && startsOver(error)) continue;
          throw error;
        }
      }
    }),
  );
}

/**
 * A cart changed since it was read, a member's cart made meanwhile (one per owner), or the visitor's
 * cart gone: spent by the order of a pay that was running, whose new cart holds what it did not buy.
 */
const startsOver = (error: unknown) =>
  isRevisionConflict(error) ||
  isUniqueViolation(error) ||
  (error instanceof AppError && error.code === 'CART_NOT_FOUND');

async function adoptOnce(deps: EcomDeps, siteId: string, visitorKey: string, memberId: string) {
  const member = { kind: 'member', subjectId: memberId } as const;
  const visitorCart = await findCart(deps, siteId, visitorKey);
  if (!visitorCart) return;
  const memberCart = await findCart(deps, siteId, ownerKeyOf(member));
  if (!memberCart) {
    // A pay of one of its checkouts spends it by id whoever owns it, so a pay running now is unhurt.
    await deps.store.carts.forSite(siteId).update(
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
    return;
  }
  // Every checkout of a cart is open while the cart exists (an order spends it). Making one writes
  // its id onto the cart: one made since the read refuses the merge's claim below, which starts over.
  if (visitorCart.checkoutId) return;
  await deps.store.transaction(async (trx) => {
    const carts = deps.store.carts.forSite(siteId, trx);
    // Claims the visitor's cart as read first: a line added since refuses the merge, which starts over.
    await carts.update(visitorCart.id, {}, { expectedRevision: visitorCart.revision });
    await changeCartIn(carts, memberCart, visitorCart);
    await carts.delete(visitorCart.id);
  });
}

async function changeCartIn(
  carts: ReturnType<EcomDeps['store']['carts']['forSite']>,
  target: StoredCart & { id: string; revision: string },
  source: StoredCart,
) {
  const lines = target.lineItems.map((line) => ({ ...line }));
  for (const line of source.lineItems) {
    const same = lines.find((l) => l.itemKey === line.itemKey);
    if (same) same.quantity = Math.min(MAX_QUANTITY, same.quantity + line.quantity);
    else if (lines.length < MAX_LINES) lines.push(line);
  }
  await carts.update(
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

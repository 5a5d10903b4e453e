import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, CARD_OK, cart, checkoutOf, holdCharges, line, pay, shop } from './ecom-fixtures.ts';
import {
  createClient,
  login,
  memberTokensFor,
  register,
  signedInMember,
  visitorTokens,
} from './identity-helpers.ts';
import { createProduct, tShirt } from './stores-fixtures.ts';

/** A visitor fills a cart, signs in through the OAuth flow, and finds the cart as the member. */
describe.each(engines)('cart across sign-in (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };
  /** Added to a visitor's cart after its checkout was made. */
  let plate: { id: string };
  let clientId: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t, { quantity: 10 }));
    plate = await createProduct(
      t,
      site,
      tShirt({ name: 'Plate', sku: 'PLATE', productOptions: [], priceData: { price: 5 } }),
    );
    clientId = await createClient(t, site);
  });
  afterAll(() => t.close());

  it("keeps the visitor's cart for the member who signs in", async () => {
    const visitor = await visitorTokens(t, clientId);
    await addLines(t, visitor.access_token, [line(mug.id, 2)]);
    const registered = await register(t, visitor.access_token, 'cart-keeper@example.com');
    expect(registered.data.state).toBe('SUCCESS');

    const member = await memberTokensFor(t, visitor.access_token, clientId, registered.data.sessionToken);
    const memberCart = await cart(t, member.access_token, 'GET');
    expect(memberCart.statusCode).toBe(200);
    expect(
      memberCart.data.cart.lineItems.map((l: any) => [l.catalogReference.catalogItemId, l.quantity]),
    ).toEqual([[mug.id, 2]]);
    expect(memberCart.data.cart.buyerInfo.memberId).toBe(registered.data.identity.id);
    expect((await cart(t, visitor.access_token, 'GET')).statusCode).toBe(404);
  });

  it("signs the visitor in even when keeping the cart fails, and the cart stays the visitor's", async () => {
    const first = await signedInMember(t, clientId, 'unlucky@example.com');
    await addLines(t, first.tokens.access_token, [line(mug.id, 1)]);
    const visitor = await visitorTokens(t, clientId);
    await addLines(t, visitor.access_token, [line(mug.id, 2)]);
    const session = (await login(t, visitor.access_token, 'unlucky@example.com')).data.sessionToken;
    // The merge into the member's cart runs in a transaction: make it fail once.
    const failing = vi
      .spyOn(t.platform.ecom.store, 'transaction')
      .mockRejectedValueOnce(new Error('disk full'));
    const member = await memberTokensFor(t, visitor.access_token, clientId, session);
    expect(failing).toHaveBeenCalled();
    failing.mockRestore();
    expect(member.access_token).toBeTruthy();
    expect((await cart(t, visitor.access_token, 'GET')).data.cart.lineItems[0].quantity).toBe(2);
  });

  it('loses no line added to either cart while the visitor signs in, and the sign-in stands', async () => {
    const scenarios = [
      { memberHasCart: false, memberAdds: 0 },
      { memberHasCart: true, memberAdds: 0 },
      { memberHasCart: true, memberAdds: 40 },
    ];
    for (const [i, { memberHasCart, memberAdds }] of scenarios.entries()) {
      const email = `racer-${i}@example.com`;
      const first = await signedInMember(t, clientId, email);
      if (memberHasCart) await addLines(t, first.tokens.access_token, [line(mug.id, 3)]);
      const visitor = await visitorTokens(t, clientId);
      await addLines(t, visitor.access_token, [line(mug.id, 1)]);
      const session = (await login(t, visitor.access_token, email)).data.sessionToken;

      const add = (token: string) => cart(t, token, 'POST', '/add-to-cart', { lineItems: [line(mug.id, 1)] });
      const [member, ...adds] = await Promise.all([
        memberTokensFor(t, visitor.access_token, clientId, session),
        ...Array.from({ length: 10 }, () => add(visitor.access_token)),
        ...Array.from({ length: memberAdds }, () => add(first.tokens.access_token)),
      ]);
      expect(adds.map((r: any) => r.statusCode)).toEqual(Array(10 + memberAdds).fill(200));
      const quantityOf = async (token: string) => {
        const read = await cart(t, token, 'GET');
        return read.statusCode === 404 ? 0 : (read.data.cart.lineItems[0]?.quantity ?? 0);
      };
      const kept =
        (await quantityOf((member as any).access_token)) + (await quantityOf(visitor.access_token));
      expect(kept, JSON.stringify(scenarios[i])).toBe((memberHasCart ? 3 : 0) + 1 + 10 + memberAdds);
    }
  });

  const units = (c: any) => c.lineItems.map((l: any) => [l.catalogReference.catalogItemId, l.quantity]);
  const cartUnits = async (token: string) => {
    const read = await cart(t, token, 'GET');
    return read.statusCode === 404 ? [] : units(read.data.cart);
  };
  const ordersOf = (checkoutId: string) =>
    t.platform.ecom.store.orders.forSite(site.id).count({ checkoutId });

  it("hands a visitor's cart with an open checkout to a member without a cart: the member pays it, the order names the member", async () => {
    const first = await signedInMember(t, clientId, 'checkout-keeper@example.com');
    const visitor = await visitorTokens(t, clientId);
    const open = await checkoutOf(t, visitor.access_token, mug.id, 1);
    const session = (await login(t, visitor.access_token, 'checkout-keeper@example.com')).data.sessionToken;
    const member = await memberTokensFor(t, visitor.access_token, clientId, session);
    const memberId = first.identityId;

    const read = await t.call({
      method: 'GET',
      url: `/ecom/v1/checkouts/${open}`,
      auth: member.access_token,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.data.checkout.buyerInfo).toMatchObject({ memberId, email: 'buyer@example.com' });
    // The cart it was made from went with it, as it was.
    const handed = (await cart(t, member.access_token, 'GET')).data.cart;
    expect(handed.id).toBe(read.data.checkout.cartId);
    expect(units(handed)).toEqual([[mug.id, 1]]);
    expect(handed.buyerInfo.memberId).toBe(memberId);
    // The visitor's token no longer reaches it: it is the member's now.
    const old = await t.call({
      method: 'GET',
      url: `/ecom/v1/checkouts/${open}`,
      auth: visitor.access_token,
    });
    expect(old.statusCode).toBe(404);
    // Another session of the same member (signed in from elsewhere) pays it.
    const elsewhere = await visitorTokens(t, clientId);
    const again = (await login(t, elsewhere.access_token, 'checkout-keeper@example.com')).data.sessionToken;
    const other = await memberTokensFor(t, elsewhere.access_token, clientId, again);
    const paid = await pay(t, other.access_token, open, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order.buyerInfo).toEqual({ memberId, email: 'buyer@example.com' });
    expect(await cartUnits(member.access_token)).toEqual([]);
  });

  it('hands the cart over while a checkout of it is being paid: one order, no line lost', async () => {
    await signedInMember(t, clientId, 'paying@example.com');
    const visitor = await visitorTokens(t, clientId);
    const open = await checkoutOf(t, visitor.access_token, mug.id, 1);
    await addLines(t, visitor.access_token, [line(plate.id, 1)]);
    const session = (await login(t, visitor.access_token, 'paying@example.com')).data.sessionToken;

    const held = holdCharges(t);
    const refund = vi.spyOn(t.platform.ecom.payments.test, 'refund');
    const paying = pay(t, visitor.access_token, open, { paymentMethod: 'test', card: CARD_OK });
    await held.charged;
    // The sign-in waits for no pay: it ends while the charge is still held.
    const member = await memberTokensFor(t, visitor.access_token, clientId, session);
    held.release();
    const paid = await paying;
    held.restore();
    refund.mockRestore();
    expect(paid.statusCode, paid.body).toBe(200);
    expect(refund).not.toHaveBeenCalled();
    expect(await ordersOf(open)).toBe(1);
    // The plate added after the checkout is the member's; the mug it bought is in no cart.
    expect(await cartUnits(member.access_token)).toEqual([[plate.id, 1]]);
    expect(await cartUnits(visitor.access_token)).toEqual([]);
  });

  /**
   * A member whose cart holds one line (three mugs), and a visitor with an open checkout of a mug and,
   * added after it, a plate; `signIn` signs the visitor in as that member.
   */
  async function memberCartAndVisitorCheckout(email: string) {
    const first = await signedInMember(t, clientId, email);
    await addLines(t, first.tokens.access_token, [line(mug.id, 3)]);
    const visitor = await visitorTokens(t, clientId);
    const open = await checkoutOf(t, visitor.access_token, mug.id, 1);
    await addLines(t, visitor.access_token, [line(plate.id, 1)]);
    const signIn = async () => {
      const session = (await login(t, visitor.access_token, email)).data.sessionToken;
      return memberTokensFor(t, visitor.access_token, clientId, session);
    };
    return { memberId: first.identityId, elsewhere: first.tokens.access_token, visitor, open, signIn };
  }

  it("keeps a visitor's cart with an open checkout out of the member's cart: the member pays the checkout", async () => {
    const { memberId, visitor, open, signIn } = await memberCartAndVisitorCheckout('kept-apart@example.com');
    const member = await signIn();
    expect(await cartUnits(member.access_token)).toEqual([[mug.id, 3]]);
    // Never merged, not even at a second sign-in: the visitor's cart stays the visitor's.
    await signIn();
    expect(await cartUnits(member.access_token)).toEqual([[mug.id, 3]]);
    expect(await cartUnits(visitor.access_token)).toEqual([
      [mug.id, 1],
      [plate.id, 1],
    ]);

    const paid = await pay(t, member.access_token, open, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order.buyerInfo).toEqual({ memberId, email: 'buyer@example.com' });
    expect(await ordersOf(open)).toBe(1);
    expect(await cartUnits(member.access_token)).toEqual([[mug.id, 3]]);
    // The order took the mug out of the cart it was made from; the plate added after it stays.
    expect(await cartUnits(visitor.access_token)).toEqual([[plate.id, 1]]);
  });

  it("signs in while a checkout of the visitor's cart is being paid, waiting for nothing: one order, no line lost", async () => {
    const { elsewhere, visitor, open, signIn } =
      await memberCartAndVisitorCheckout('paying-member@example.com');
    const held = holdCharges(t);
    const refund = vi.spyOn(t.platform.ecom.payments.test, 'refund');
    const paying = pay(t, visitor.access_token, open, { paymentMethod: 'test', card: CARD_OK });
    await held.charged;
    const claims = vi.spyOn(t.platform.ecom.store, 'claimPayment');
    // Neither the sign-in nor the member's other session waits for the held charge.
    const member = await signIn();
    // The sign-in asked once for the checkout's claim, found the pay holding it, and left it.
    expect(claims.mock.calls.filter((call) => call[2] === open)).toHaveLength(1);
    claims.mockRestore();
    const added = await cart(t, elsewhere, 'POST', '/add-to-cart', { lineItems: [line(mug.id, 1)] });
    expect(added.statusCode).toBe(200);
    held.release();
    const paid = await paying;
    held.restore();
    refund.mockRestore();
    expect(paid.statusCode, paid.body).toBe(200);
    expect(refund).not.toHaveBeenCalled();
    expect(await ordersOf(open)).toBe(1);
    expect(await cartUnits(member.access_token)).toEqual([[mug.id, 4]]);
    expect(await cartUnits(visitor.access_token)).toEqual([[plate.id, 1]]);
  });
});

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
  let clientId: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t, { quantity: 10 }));
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

  it("hands the visitor's open checkouts to the member: the member pays, the order names the member", async () => {
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
  });

  it("pays a checkout of a cart merged at sign-in out of the member's cart", async () => {
    const first = await signedInMember(t, clientId, 'merged-checkout@example.com');
    await addLines(t, first.tokens.access_token, [line(mug.id, 3)]);
    const plate = await createProduct(
      t,
      site,
      tShirt({ name: 'Plate', sku: 'PLATE', productOptions: [], priceData: { price: 5 } }),
    );
    const visitor = await visitorTokens(t, clientId);
    await addLines(t, visitor.access_token, [line(plate.id, 2)]);
    const open = await checkoutOf(t, visitor.access_token, mug.id, 1);
    const session = (await login(t, visitor.access_token, 'merged-checkout@example.com')).data.sessionToken;
    const member = await memberTokensFor(t, visitor.access_token, clientId, session);

    const merged = (await cart(t, member.access_token, 'GET')).data.cart;
    const units = (c: any) => c.lineItems.map((l: any) => [l.catalogReference.catalogItemId, l.quantity]);
    expect(units(merged)).toEqual([
      [mug.id, 4],
      [plate.id, 2],
    ]);
    const read = await t.call({
      method: 'GET',
      url: `/ecom/v1/checkouts/${open}`,
      auth: member.access_token,
    });
    expect(read.data.checkout.cartId).toBe(merged.id);

    const paid = await pay(t, member.access_token, open, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    // The plates and one mug were bought; the member's own three mugs stay in a cart of theirs.
    expect(units((await cart(t, member.access_token, 'GET')).data.cart)).toEqual([[mug.id, 3]]);
  });

  it('leaves a checkout being paid to its payer when the visitor signs in meanwhile', async () => {
    await signedInMember(t, clientId, 'paying@example.com');
    const visitor = await visitorTokens(t, clientId);
    const open = await checkoutOf(t, visitor.access_token, mug.id, 1);
    const session = (await login(t, visitor.access_token, 'paying@example.com')).data.sessionToken;

    const held = holdCharges(t);
    const refund = vi.spyOn(t.platform.ecom.payments.test, 'refund');
    const paying = pay(t, visitor.access_token, open, { paymentMethod: 'test', card: CARD_OK });
    await held.charged;
    await memberTokensFor(t, visitor.access_token, clientId, session);
    held.release();
    const paid = await paying;
    held.restore();
    refund.mockRestore();
    expect(paid.statusCode, paid.body).toBe(200);
    expect(refund).not.toHaveBeenCalled();
  });

  it("merges the visitor's cart only once a pay of it has placed its order: nothing bought stays", async () => {
    const first = await signedInMember(t, clientId, 'merge-after-pay@example.com');
    const plate = await createProduct(
      t,
      site,
      tShirt({ name: 'Bowl', sku: 'BOWL', productOptions: [], priceData: { price: 5 } }),
    );
    await addLines(t, first.tokens.access_token, [line(plate.id, 1)]);
    const visitor = await visitorTokens(t, clientId);
    const open = await checkoutOf(t, visitor.access_token, mug.id, 1);
    const session = (await login(t, visitor.access_token, 'merge-after-pay@example.com')).data.sessionToken;

    const held = holdCharges(t);
    const claims = vi.spyOn(t.platform.ecom.store, 'claimPayment');
    const paying = pay(t, visitor.access_token, open, { paymentMethod: 'test', card: CARD_OK });
    await held.charged;
    const claimedBefore = claims.mock.calls.length;
    const signingIn = memberTokensFor(t, visitor.access_token, clientId, session);
    // The sign-in finds the checkout being paid (its claim taken) and waits for the order.
    await vi.waitFor(() => expect(claims.mock.calls.length).toBeGreaterThan(claimedBefore));
    held.release();
    const [paid, member] = await Promise.all([paying, signingIn]);
    held.restore();
    claims.mockRestore();
    expect(paid.statusCode, paid.body).toBe(200);
    const units = (c: any) => c.lineItems.map((l: any) => [l.catalogReference.catalogItemId, l.quantity]);
    expect(units((await cart(t, member.access_token, 'GET')).data.cart)).toEqual([[plate.id, 1]]);
  });
  it("takes what a pay bought out of the member's cart when the pay starts right after the merge", async () => {
    const first = await signedInMember(t, clientId, 'pay-after-merge@example.com');
    const plate = await createProduct(
      t,
      site,
      tShirt({ name: 'Saucer', sku: 'SAUCER', productOptions: [], priceData: { price: 5 } }),
    );
    await addLines(t, first.tokens.access_token, [line(plate.id, 1)]);
    const visitor = await visitorTokens(t, clientId);
    const open = await checkoutOf(t, visitor.access_token, mug.id, 1);
    const session = (await login(t, visitor.access_token, 'pay-after-merge@example.com')).data.sessionToken;

    // The pay reaches the checkout between the merge (which holds its claim) and its hand-over.
    const held = holdCharges(t);
    const store = t.platform.ecom.store;
    const claimPayment = store.claimPayment.bind(store);
    let signInClaims = 0;
    let paying: ReturnType<typeof pay> | undefined;
    const claims = vi.spyOn(store, 'claimPayment').mockImplementation(async (...args) => {
      if (args[2] === open && !paying && ++signInClaims === 2) {
        paying = pay(t, visitor.access_token, open, { paymentMethod: 'test', card: CARD_OK });
        await held.charged;
      }
      return claimPayment(...args);
    });
    const member = await memberTokensFor(t, visitor.access_token, clientId, session);
    held.release();
    const paid = await paying!;
    held.restore();
    claims.mockRestore();
    expect(paid.statusCode, paid.body).toBe(200);
    const units = (c: any) => c.lineItems.map((l: any) => [l.catalogReference.catalogItemId, l.quantity]);
    expect(units((await cart(t, member.access_token, 'GET')).data.cart)).toEqual([[plate.id, 1]]);
  });
  it("leaves the member's cart to their other sessions while the sign-in waits for a pay", async () => {
    const first = await signedInMember(t, clientId, 'wait-aside@example.com');
    await addLines(t, first.tokens.access_token, [line(mug.id, 1)]);
    const visitor = await visitorTokens(t, clientId);
    const open = await checkoutOf(t, visitor.access_token, mug.id, 1);
    const session = (await login(t, visitor.access_token, 'wait-aside@example.com')).data.sessionToken;

    const held = holdCharges(t);
    const claims = vi.spyOn(t.platform.ecom.store, 'claimPayment');
    const paying = pay(t, visitor.access_token, open, { paymentMethod: 'test', card: CARD_OK });
    await held.charged;
    const claimedBefore = claims.mock.calls.length;
    let signedIn = false;
    const signingIn = memberTokensFor(t, visitor.access_token, clientId, session).then((tokens) => {
      signedIn = true;
      return tokens;
    });
    await vi.waitFor(() => expect(claims.mock.calls.length).toBeGreaterThan(claimedBefore));
    // The pay is still running: the sign-in waits for it, the member's other session does not.
    const added = await Promise.race([
      cart(t, first.tokens.access_token, 'POST', '/add-to-cart', { lineItems: [line(mug.id, 1)] }),
      new Promise<undefined>((resolve) => setTimeout(resolve, 2000, undefined)),
    ]);
    expect(signedIn).toBe(false);
    held.release();
    const [paid, member] = await Promise.all([paying, signingIn]);
    held.restore();
    claims.mockRestore();
    expect(added?.statusCode).toBe(200);
    expect(paid.statusCode, paid.body).toBe(200);
    const units = (c: any) => c.lineItems.map((l: any) => [l.catalogReference.catalogItemId, l.quantity]);
    expect(units((await cart(t, member.access_token, 'GET')).data.cart)).toEqual([[mug.id, 2]]);
  });
});

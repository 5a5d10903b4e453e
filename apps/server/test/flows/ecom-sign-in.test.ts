import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, cart, line, shop } from './ecom-fixtures.ts';
import {
  createClient,
  login,
  memberTokensFor,
  register,
  signedInMember,
  visitorTokens,
} from './identity-helpers.ts';

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
});

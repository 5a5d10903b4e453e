import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, cart, line, shop } from './ecom-fixtures.ts';
import { createClient, memberTokensFor, register, visitorTokens } from './identity-helpers.ts';

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
});

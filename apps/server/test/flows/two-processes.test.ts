import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherApp, buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { type SeatsCatalog, seatsCatalog } from '../seats-catalog.ts';
import { CARD_OK, cart, checkoutOf, line, pay, shop, stockOf } from './ecom-fixtures.ts';
import { createProduct, tShirt } from './stores-fixtures.ts';

/**
 * Two server processes on one database: two apps, each with its own connection, caches and platform,
 * nothing shared in memory but the test clock. What one writes, the other must honour at once where
 * money or stock depends on it.
 */
describe.each(engines)('two server processes on one database (%s)', (engine) => {
  let one: TestApp;
  let two: TestApp;
  let site: TestSite;
  let mug: { id: string };
  const seats: SeatsCatalog[] = [];

  beforeAll(async () => {
    one = await buildTestApp(engine, { shared: true });
    two = await anotherApp(one);
    ({ site, product: mug } = await shop(one, { quantity: 5 }));
    for (const app of [one, two]) {
      const catalog = seatsCatalog(app.platform.database);
      app.platform.ecom.catalogs.register(catalog);
      seats.push(catalog);
    }
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('sells no more than the stock when buyers pay through both', async () => {
    const buyers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const app = i % 2 === 0 ? one : two;
        const visitor = await site.token('visitor');
        return { app, visitor, checkoutId: await checkoutOf(app, visitor, mug.id, 1) };
      }),
    );
    const paid = await Promise.all(
      buyers.map(({ app, visitor, checkoutId }) =>
        pay(app, visitor, checkoutId, { paymentMethod: 'test', card: CARD_OK }),
      ),
    );
    expect(paid.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(paid.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
    expect(await stockOf(one, site, mug.id)).toBe(0);
    expect(await stockOf(two, site, mug.id)).toBe(0);
  });

  it('loses no cart change made through both at once', async () => {
    const { product } = await shopProduct();
    const visitor = await site.token('visitor');
    const adds = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        cart(i % 2 === 0 ? one : two, visitor, 'POST', '/add-to-cart', { lineItems: [line(product.id, 1)] }),
      ),
    );
    expect(adds.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    for (const app of [one, two])
      expect((await cart(app, visitor, 'GET')).data.cart.lineItems[0].quantity).toBe(12);
  });

  it('charges the price changed through one at a checkout created through the other right after', async () => {
    const { product } = await shopProduct();
    const visitor = await site.token('visitor');
    // The second process reads the product first, so that it has it at hand.
    const before = await cart(two, visitor, 'POST', '/add-to-cart', { lineItems: [line(product.id, 1)] });
    expect(before.data.cart.lineItems[0].price.amount).toBe('20.00');

    const changed = await one.call({
      method: 'PATCH',
      url: `/stores/v1/products/${product.id}`,
      auth: site.adminKey,
      payload: { product: { id: product.id, priceData: { price: 35 } } },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const made = await cart(two, visitor, 'POST', '/create-checkout', {
      email: 'price@example.com',
      shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'LA' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const paid = await pay(two, visitor, made.data.checkoutId, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.data.order.lineItems[0].price.amount).toBe('35.00');
  });

  it('sees a hold taken through one when the other sells it', async () => {
    await seats[0]!.open(site.id, 'twin-show', 1);
    const visitorId = crypto.randomUUID();
    const visitor = await site.token('visitor', visitorId);
    const holdId = await seats[0]!.reserve(site.id, 'twin-show', 1, `visitor:${visitorId}`, one.clock.now());
    const lineItems = [
      {
        catalogReference: { appId: 'seats-test-app', catalogItemId: 'twin-show', options: { holdId } },
        quantity: 1,
      },
    ];
    const added = await cart(two, visitor, 'POST', '/add-to-cart', { lineItems });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.data.cart.lineItems[0].availability.status).toBe('AVAILABLE');
    // The seat is taken: the other process cannot hold it for anyone else.
    await expect(
      seats[1]!.reserve(site.id, 'twin-show', 1, 'visitor:someone-else', two.clock.now()),
    ).rejects.toThrow('no seats: short');
  });

  it('runs each job once, and sweeps each expired hold once, when both processes run their job loops at once', async () => {
    await seats[0]!.open(site.id, 'swept-show', 3);
    const holds: string[] = [];
    for (const i of [1, 2, 3])
      holds.push(
        await seats[i % 2]!.reserve(site.id, 'swept-show', 1, `visitor:sweep-${i}`, one.clock.now()),
      );
    const ran: string[] = [];
    for (const app of [one, two])
      app.platform.jobs.handle<{ n: string }>('twin-count', async (job) => {
        ran.push(job.payload.n);
      });
    const jobs = Array.from({ length: 20 }, (_, n) => String(n));
    for (const n of jobs)
      await one.platform.jobs.enqueue(one.platform.database.db, { kind: 'twin-count', payload: { n } });
    one.clock.advance(16 * 60_000);
    const loops = [one, two, one].map((app) => () => app.platform.jobs.runDue());
    // SQLite runs jobs in one process at a time (two connections of one thread would wait on each other).
    if (engine === 'postgres') await Promise.all(loops.map((run) => run()));
    else for (const run of loops) await run();
    const events = await one.platform.database.db
      .selectFrom('outbox')
      .select('entity_id')
      .where('entity_kind', '=', 'capacity_hold')
      .where('event', '=', 'expired')
      .where('entity_id', 'in', holds)
      .execute();
    expect(events.map((e) => e.entity_id).sort()).toEqual([...holds].sort());
    expect(ran.sort()).toEqual([...jobs].sort());
  });

  /** Another product of 20.00 whose stock is not counted. */
  async function shopProduct() {
    const product = await createProduct(
      one,
      site,
      tShirt({ name: 'Cup', productOptions: [], priceData: { price: 20 }, stock: { trackInventory: false } }),
    );
    return { product };
  }
});

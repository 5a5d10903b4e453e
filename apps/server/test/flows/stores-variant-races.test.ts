import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import {
  addLines,
  CARD_OK,
  cart,
  checkoutOf,
  line,
  pay,
  settings,
  shop,
  shopSettings,
  stockOf,
} from './ecom-fixtures.ts';
import { createProduct, tShirt, W } from './stores-fixtures.ts';

/**
 * Product writes racing the stock changes of orders: a product write updates its variant rows in
 * place, so a pay or a cancel that waited on a row still finds it, and nobody deadlocks.
 */
describe.each(engines)('stores variant rows under concurrent orders (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  const editVariants = (site: TestSite, productId: string, variants: object[]) =>
    t.call({
      method: 'PATCH',
      url: `${W}/products/${productId}/variants`,
      auth: site.adminKey,
      payload: { variants },
    });

  /** A checkout of one unit of the product's variant chosen by `options`. */
  async function checkoutOfVariant(auth: string, productId: string, options: Record<string, string>) {
    await addLines(t, auth, [line(productId, 1, { options })]);
    const response = await cart(t, auth, 'POST', '/create-checkout', {
      email: 'buyer@example.com',
      shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'LA' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.checkoutId as string;
  }

  const statusesOf = (responses: Array<{ statusCode: number }>) => responses.map((r) => r.statusCode);

  it('cancels racing update-variants give every unit back', async () => {
    const { site, product } = await shop(t, { quantity: 200 });
    const orderIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const buyer = await site.token('visitor');
      const checkoutId = await checkoutOf(t, buyer, product.id, 2);
      const paid = await pay(t, buyer, checkoutId, { paymentMethod: 'test', card: CARD_OK });
      expect(paid.statusCode, paid.body).toBe(200);
      orderIds.push(paid.data.order.id);
    }
    expect(await stockOf(t, site, product.id)).toBe(160);

    const [cancels, edits] = await Promise.all([
      Promise.all(
        orderIds.map((id) =>
          t.call({
            method: 'POST',
            url: `/ecom/v1/orders/${id}/cancel`,
            auth: site.adminKey,
            payload: { restockAllItems: true },
          }),
        ),
      ),
      Promise.all(
        Array.from({ length: 10 }, (_, i) => editVariants(site, product.id, [{ sku: `MUG-${i}` }])),
      ),
    ]);
    for (const r of [...cancels, ...edits]) expect(r.statusCode, r.body).toBe(200);
    expect(await stockOf(t, site, product.id)).toBe(200);
    // The variant row kept its live stock, in its JSON too, while the edits changed the rest of it.
    const rows = await t.call({
      method: 'POST',
      url: '/_api/catalog-reader-server/v1/variants/query',
      auth: site.adminKey,
      payload: { query: { filter: { productId: product.id } } },
    });
    expect(rows.data.variants).toHaveLength(1);
    expect(rows.data.variants[0].stock).toEqual({ trackQuantity: true, quantity: 200, inStock: true });
    expect(rows.data.variants[0].sku).toMatch(/^MUG-\d$/);
  });

  it('pays racing product edits and bulk adjust are neither refused nor failed', async () => {
    const site = await t.createSite();
    await settings(t, site, shopSettings);
    const product = await createProduct(
      t,
      site,
      tShirt({
        name: 'Sized',
        productOptions: [
          {
            optionType: 'drop_down',
            name: 'Size',
            choices: [
              { value: 'S', description: 'S' },
              { value: 'M', description: 'M' },
            ],
          },
        ],
        stock: { trackInventory: true, quantity: 1000 },
      }),
    );
    expect(await stockOf(t, site, product.id)).toBe(2000);
    const buyers = await Promise.all(Array.from({ length: 30 }, () => site.token('visitor')));
    const checkouts: string[] = [];
    for (const buyer of buyers) checkouts.push(await checkoutOfVariant(buyer, product.id, { Size: 'S' }));

    const pays = buyers.map((buyer, i) =>
      pay(t, buyer, checkouts[i]!, { paymentMethod: 'test', card: CARD_OK }),
    );
    const writes = Array.from({ length: 8 }, (_, i) => [
      editVariants(site, product.id, [{ choices: { Size: 'M' }, sku: `M-${i}` }]),
      t.call({
        method: 'POST',
        url: `${W}/bulk/products/adjust-properties`,
        auth: site.adminKey,
        payload: { ids: [product.id], adjust: { weight: { amount: 0.001 } } },
      }),
      t.call({
        method: 'PATCH',
        url: `${W}/products/${product.id}`,
        auth: site.adminKey,
        payload: { product: { description: `Edit ${i}` } },
      }),
    ]).flat();
    const [paid, written] = await Promise.all([Promise.all(pays), Promise.all(writes)]);
    expect(statusesOf(written).filter((s) => s !== 200)).toEqual([]);
    for (const r of paid) expect(r.statusCode, r.body).toBe(200);
    expect(await stockOf(t, site, product.id)).toBe(2000 - 30);
  });
});

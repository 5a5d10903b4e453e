import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, CARD_OK, cart, line, pay, settings } from './ecom-fixtures.ts';
import { createProduct, tShirt } from './stores-fixtures.ts';

/**
 * Rates per place and item type: a mug (physical, $20.00) and an e-book (digital, $10.00) shipped
 * for $5.00 to California and to New York.
 */
const TAX_RATES = [
  { country: 'US', subdivision: 'CA', rate: 7.25, name: 'CA sales tax' },
  { country: 'US', subdivision: 'CA', rate: 5, itemType: 'DIGITAL', name: 'CA digital' },
  { country: 'US', subdivision: 'NY', rate: 4, name: 'NY sales tax' },
  { country: 'US', subdivision: 'NY', rate: 8, itemType: 'DIGITAL', name: 'NY digital' },
  { country: 'US', subdivision: 'NY', rate: 2, itemType: 'SHIPPING', name: 'NY shipping' },
  { country: 'US', rate: 1, itemType: 'SHIPPING', name: 'US shipping' },
];

describe.each(engines)('ecom tax per region and item type (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };
  let ebook: { id: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
    await settings(t, site, {
      payments: { test: true },
      taxRates: TAX_RATES,
      shippingOptions: [{ code: 'standard', title: 'Standard', type: 'FLAT_RATE', price: '5.00' }],
    });
    mug = await createProduct(t, site, tShirt({ name: 'Mug', productOptions: [], priceData: { price: 20 } }));
    ebook = await createProduct(
      t,
      site,
      tShirt({ name: 'E-book', productType: 'digital', productOptions: [], priceData: { price: 10 } }),
    );
  });
  afterAll(() => t.close());

  const estimate = async (auth: string, subdivision: string) => {
    const response = await cart(t, auth, 'POST', '/estimate-totals', {
      shippingAddress: { country: 'US', subdivision },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.data;
  };
  const rates = (data: any) =>
    (data.calculatedLineItems as any[]).map((item) => item.pricesBreakdown.taxDetails.taxRate);

  it('taxes each line by its item type’s rate in the buyer’s region, and shipping by its own', async () => {
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id), line(ebook.id)]);

    const ca = await estimate(visitor, 'US-CA');
    expect(rates(ca)).toEqual(['0.0725', '0.05']);
    expect(ca.priceSummary).toMatchObject({ tax: { amount: '2.00' }, total: { amount: '37.00' } });
    expect(ca.shippingInfo.selectedCarrierServiceOption.cost.taxDetails).toMatchObject({
      taxRate: '0.01',
      totalTax: { amount: '0.05' },
    });
    expect(ca.taxSummary.totalTax.amount).toBe('2.00');
    expect(ca.taxSummary.taxBreakdown).toEqual([
      expect.objectContaining({
        taxName: 'CA sales tax',
        jurisdiction: 'US-CA',
        jurisdictionType: 'STATE',
        rate: '0.0725',
        taxAmount: expect.objectContaining({ amount: '1.45' }),
      }),
      expect.objectContaining({ taxName: 'CA digital', itemType: 'DIGITAL', rate: '0.05' }),
      expect.objectContaining({
        taxName: 'US shipping',
        jurisdiction: 'US',
        jurisdictionType: 'COUNTRY',
        itemType: 'SHIPPING',
        taxableAmount: expect.objectContaining({ amount: '5.00' }),
      }),
    ]);

    const ny = await estimate(visitor, 'US-NY');
    expect(rates(ny)).toEqual(['0.04', '0.08']);
    expect(ny.priceSummary).toMatchObject({ tax: { amount: '1.70' }, total: { amount: '36.70' } });
    expect(ny.taxSummary.taxBreakdown.map((entry: any) => entry.taxName)).toEqual([
      'NY sales tax',
      'NY digital',
      'NY shipping',
    ]);
  });

  it('charges and records the same taxes at checkout and in the order, rate by rate', async () => {
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id), line(ebook.id)]);
    const created = await cart(t, visitor, 'POST', '/create-checkout', {
      email: 'buyer@example.com',
      shippingAddress: { country: 'US', subdivision: 'US-NY', city: 'Albany' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.data.checkoutId as string;
    const checkout = await t.call({ method: 'GET', url: `/ecom/v1/checkouts/${id}`, auth: visitor });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.data.checkout.priceSummary.tax.amount).toBe('1.70');
    expect(checkout.data.checkout.taxSummary.taxBreakdown).toHaveLength(3);

    const paid = await pay(t, visitor, id, { paymentMethod: 'test', card: CARD_OK });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.data.order;
    expect(order.priceSummary).toMatchObject({ tax: { amount: '1.70' }, total: { amount: '36.70' } });
    expect(order.lineItems.map((item: any) => item.taxDetails.taxRate)).toEqual(['0.04', '0.08']);
    expect(order.taxInfo.totalTax.amount).toBe('1.70');
    expect(order.taxInfo.taxBreakdown).toEqual([
      expect.objectContaining({
        taxName: 'NY sales tax',
        rate: '0.04',
        aggregatedTaxAmount: expect.objectContaining({ amount: '0.80' }),
      }),
      expect.objectContaining({
        taxName: 'NY digital',
        rate: '0.08',
        aggregatedTaxAmount: expect.objectContaining({ amount: '0.80' }),
      }),
      expect.objectContaining({
        taxName: 'NY shipping',
        rate: '0.02',
        aggregatedTaxAmount: expect.objectContaining({ amount: '0.10' }),
      }),
    ]);
  });

  it('keeps one rate per place and item type, and refuses an item type it does not know', async () => {
    const twin = await t.call({
      method: 'PATCH',
      url: '/plaza/v1/ecom-settings',
      auth: site.adminKey,
      payload: {
        settings: {
          taxRates: [...TAX_RATES, { country: 'us', subdivision: 'NY', rate: 3, itemType: 'DIGITAL' }],
        },
      },
    });
    expect(twin.statusCode, twin.body).toBe(400);
    expect(twin.data.details.validationError.fieldViolations[0].field).toBe(
      `settings.taxRates[${TAX_RATES.length}]`,
    );
    const unknown = await t.call({
      method: 'PATCH',
      url: '/plaza/v1/ecom-settings',
      auth: site.adminKey,
      payload: { settings: { taxRates: [{ country: 'US', rate: 3, itemType: 'GIFT' }] } },
    });
    expect(unknown.statusCode, unknown.body).toBe(400);
    const visitor = await t.call({
      method: 'PATCH',
      url: '/plaza/v1/ecom-settings',
      auth: await site.token('visitor'),
      payload: { settings: { taxRates: [] } },
    });
    expect(visitor.statusCode).toBe(403);
    const kept = await t.call({ method: 'GET', url: '/plaza/v1/ecom-settings', auth: site.adminKey });
    expect(kept.data.settings.taxRates).toEqual(TAX_RATES);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, CART, fields, line, shop } from './ecom-fixtures.ts';

/** Countries and regions in the checkout settings and in buyers' addresses. */
describe.each(engines)('ecom countries (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  it('takes countries by their ISO code only, in either case, and tells what it wanted', async () => {
    const { site: own, product } = await shop(t);
    const visitor = await own.token('visitor');
    const settings = (taxRates: object[], regions: object[] = [{ country: 'de', price: '7' }]) =>
      t.call({
        method: 'PATCH',
        url: '/plaza/v1/ecom-settings',
        auth: own.adminKey,
        payload: {
          settings: {
            taxRates,
            shippingOptions: [{ code: 'eu', title: 'EU', type: 'FLAT_RATE', price: '9', regions }],
          },
        },
      });
    // "UK" is shaped like a code but is none: a rate for it would never apply to anyone.
    const uk = await settings([{ country: 'UK', rate: 20 }], [{ country: 'XX', price: '7' }]);
    expect(uk.statusCode).toBe(400);
    const violations = uk.data.details.validationError.fieldViolations as Array<{
      field: string;
      description: string;
      violatedRule: string;
    }>;
    const [rate, region] = [
      'settings.taxRates[0].country',
      'settings.shippingOptions[0].regions[0].country',
    ].map((field) => violations.find((v) => v.field === field));
    expect(violations).toHaveLength(2);
    expect(rate).toMatchObject({ violatedRule: 'FORMAT' });
    expect(rate!.description).toMatch(/ISO 3166-1 alpha-2 .*GB \(the United Kingdom\), or \* for everywhere/);
    expect(region!.description).toMatch(/ISO 3166-1 alpha-2/);
    expect(region!.description).not.toMatch(/everywhere/);

    // A region its country does not have, in either form; one of a country without a list is kept.
    const cal = await settings([{ country: 'US', subdivision: 'CAL', rate: 7 }]);
    expect(fields(cal)).toEqual(['settings.taxRates[0].subdivision']);
    expect(cal.data.details.validationError.fieldViolations[0].description).toMatch(
      /US-CAL is not a region of US: use its ISO 3166-2 code, such as US-/,
    );
    const province = await settings([], [{ country: 'CA', subdivision: 'CA-XX', price: '7' }]);
    expect(fields(province)).toEqual(['settings.shippingOptions[0].regions[0].subdivision']);
    const listed = await settings([
      { country: 'US', subdivision: 'ca', rate: 7 },
      { country: 'DE', subdivision: 'BY', rate: 19 },
    ]);
    expect(listed.statusCode, listed.body).toBe(200);

    const good = await settings([
      { country: 'gb', rate: 20 },
      { country: '*', rate: 5 },
      { country: 'US', rate: 6.25 },
    ]);
    expect(good.statusCode, good.body).toBe(200);
    // Kept upper case, as addresses keep them.
    expect(good.data.settings.taxRates.map((r: { country: string }) => r.country)).toEqual(['GB', '*', 'US']);
    expect(good.data.settings.shippingOptions[0].regions[0].country).toBe('DE');

    for (const [url, payload, field] of [
      [`${CART}/estimate-totals`, { shippingAddress: { country: 'UK' } }, 'shippingAddress.country'],
      [`${CART}/estimate-totals`, { billingAddress: { country: 'EU' } }, 'billingAddress.country'],
      [
        CART,
        { cartInfo: { contactInfo: { address: { country: 'ZZ' } } } },
        'cartInfo.contactInfo.address.country',
      ],
    ] as const) {
      const response = await t.call({ method: url === CART ? 'PATCH' : 'POST', url, auth: visitor, payload });
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      expect(fields(response)).toEqual([field]);
    }
    // A known code in lower case is an address's country as sent in upper case.
    await addLines(t, visitor, [line(product.id)]);
    const lower = await t.call({
      method: 'POST',
      url: `${CART}/estimate-totals`,
      auth: visitor,
      payload: { shippingAddress: { country: 'gb' } },
    });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.data.priceSummary.tax.amount).not.toBe('0.00');
    const kept = await t.call({
      method: 'PATCH',
      url: CART,
      auth: visitor,
      payload: { cartInfo: { contactInfo: { address: { country: 'gb', city: 'Leeds' } } } },
    });
    expect(kept.data.cart.contactInfo.address).toEqual({ country: 'GB', city: 'Leeds' });
    const made = await t.call({
      method: 'POST',
      url: `${CART}/create-checkout`,
      auth: visitor,
      payload: { email: 'uk@example.com', billingAddress: { country: 'fr' } },
    });
    const checkout = await t.call({
      method: 'GET',
      url: `/ecom/v1/checkouts/${made.data.checkoutId}`,
      auth: visitor,
    });
    expect(checkout.data.checkout.shippingInfo.shippingDestination.address.country).toBe('GB');
    expect(checkout.data.checkout.billingInfo.address.country).toBe('FR');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { addLines, CART, fields, line, shop } from './ecom-fixtures.ts';

/** A cart's `contactInfo` holds an address and who is there, each field bounded as addresses are. */
describe.each(engines)('ecom cart contact info (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let mug: { id: string };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ({ site, product: mug } = await shop(t));
  });
  afterAll(() => t.close());

  const patch = async (auth: string, contactInfo: unknown) =>
    t.call({ method: 'PATCH', url: CART, auth, payload: { cartInfo: { contactInfo } } });

  it('keeps an address and contact details the platform knows', async () => {
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id)]);
    const contactInfo = {
      address: {
        country: 'BR',
        subdivision: 'BR-SP',
        city: 'São Paulo',
        postalCode: '01310-100',
        addressLine: 'Av. Paulista 1000',
        addressLine2: 'Apto 12',
        streetAddress: { number: '1000', name: 'Av. Paulista', apt: '12' },
        geocode: { latitude: -23.56, longitude: -46.65 },
      },
      contactDetails: {
        firstName: 'Ana',
        lastName: 'Silva',
        phone: '+55 11 5555-0000',
        company: 'Loja',
        vatId: { id: '123.456.789-09', type: 'CPF' },
      },
    };
    const response = await patch(visitor, contactInfo);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.cart.contactInfo).toEqual(contactInfo);
  });

  it('refuses keys it does not know and text past the bounds, naming each field', async () => {
    const visitor = await site.token('visitor');
    await addLines(t, visitor, [line(mug.id)]);
    const long = 'x'.repeat(100_000);
    const response = await patch(visitor, {
      address: { city: long, junk: long, streetAddress: { name: 'Main', extra: long } },
      contactDetails: { firstName: long, phone: long, notes: long, vatId: { id: 'x', type: 'OTHER' } },
      other: long,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(fields(response).sort()).toEqual(
      [
        'cartInfo.contactInfo.other',
        'cartInfo.contactInfo.address.city',
        'cartInfo.contactInfo.address.junk',
        'cartInfo.contactInfo.address.streetAddress.extra',
        'cartInfo.contactInfo.contactDetails.firstName',
        'cartInfo.contactInfo.contactDetails.phone',
        'cartInfo.contactInfo.contactDetails.notes',
        'cartInfo.contactInfo.contactDetails.vatId.type',
      ].sort(),
    );
    const kept = await t.call({ method: 'GET', url: CART, auth: visitor });
    expect(kept.data.cart.contactInfo).toBeUndefined();
  });
});

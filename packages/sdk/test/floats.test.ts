import { describe, expect, it } from 'vitest';
import { reviveDates } from '../src/core/dates.ts';
import { createClient } from '../src/index.ts';
import { stores } from '../src/modules/stores.ts';
import { recordingFetch } from './support/recording-fetch.ts';

/** API map 3.2: a float the wire sends as "NaN", "Infinity" or "-Infinity" is a number in the SDK view. */
describe('non-finite floats', () => {
  it('turns the three strings back into numbers in float fields, at any depth', () => {
    const revived = reviveDates({
      product: {
        priceData: { price: 'NaN', discountedPrice: 'Infinity', pricePerUnit: 2.5 },
        weightRange: { minValue: '-Infinity', maxValue: 1 },
        costAndProfitData: { itemCost: 'Infinity', profit: '-Infinity', profitMargin: 'NaN' },
        variants: [{ variant: { weight: 'Infinity' } }],
      },
      address: { geocode: { latitude: 'NaN', longitude: 'Infinity' } },
      coupon: { percentage: 'Infinity' },
    }) as any;
    expect(revived.product.priceData).toEqual({
      price: Number.NaN,
      discountedPrice: Infinity,
      pricePerUnit: 2.5,
    });
    expect(revived.product.weightRange).toEqual({ minValue: -Infinity, maxValue: 1 });
    expect(revived.product.costAndProfitData).toEqual({
      itemCost: Infinity,
      profit: -Infinity,
      profitMargin: Number.NaN,
    });
    expect(revived.product.variants[0].variant.weight).toBe(Infinity);
    expect(revived.address.geocode).toEqual({ latitude: Number.NaN, longitude: Infinity });
    expect(revived.coupon.percentage).toBe(Infinity);
  });

  it('leaves the same strings alone in text fields and other strings in float fields', () => {
    const answer = {
      name: 'Infinity',
      sku: 'NaN',
      productOptions: [{ name: 'Size', choices: [{ value: 'Infinity', description: '-Infinity' }] }],
      priceData: { price: 'infinity', formatted: { price: 'NaN' } },
    };
    expect(reviveDates(structuredClone(answer))).toEqual(answer);
  });

  it('answers numbers through the client', async () => {
    const { fetch } = recordingFetch(() => ({
      body: { product: { id: 'p1', name: 'Infinity', priceData: { price: 'Infinity' }, weight: 'NaN' } },
    }));
    const client = createClient({ modules: { stores }, apiBaseUrl: 'http://api.test', fetch });
    const { product } = await client.stores.getProduct({ id: 'p1' });
    expect(product.name).toBe('Infinity');
    expect(product.priceData?.price).toBe(Infinity);
    expect(product.weight).toBeNaN();
  });
});

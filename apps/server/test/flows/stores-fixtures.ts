import { expect } from 'vitest';
import type { TestApp, TestSite } from '../build-test-app.ts';

/** Writes go to `/stores/v1`, reads to `/stores-reader/v1` (map 14); custom-host aliases in the tests that need them. */
export const W = '/stores/v1';
export const R = '/stores-reader/v1';

export const tShirt = (overrides: Record<string, unknown> = {}) => ({
  name: 'Organic T-shirt',
  description: 'Soft cotton.',
  sku: 'TS-1',
  brand: 'Plaza',
  ribbon: 'New',
  weight: 0.2,
  priceData: { price: 19.99 },
  costAndProfitData: { itemCost: 7.5 },
  productOptions: [
    {
      optionType: 'drop_down',
      name: 'Size',
      choices: [
        { value: 'S', description: 'Small' },
        { value: 'M', description: 'Medium' },
        { value: 'L', description: 'Large' },
      ],
    },
    {
      optionType: 'color',
      name: 'Color',
      choices: [
        { value: '#000000', description: 'Black' },
        { value: '#ffffff', description: 'White' },
      ],
    },
  ],
  ...overrides,
});

export async function createProduct(t: TestApp, site: TestSite, product: Record<string, unknown> = tShirt()) {
  const response = await t.call({
    method: 'POST',
    url: `${W}/products`,
    auth: site.adminKey,
    payload: { product },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.data.product;
}

export async function createCollection(t: TestApp, site: TestSite, collection: Record<string, unknown>) {
  const response = await t.call({
    method: 'POST',
    url: `${W}/collections`,
    auth: site.adminKey,
    payload: { collection },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.data.collection;
}

export const dotR = (request: object) => Buffer.from(JSON.stringify(request)).toString('base64url');

export const fields = (response: { data: any }) =>
  response.data.details.validationError.fieldViolations.map((v: { field: string }) => v.field);

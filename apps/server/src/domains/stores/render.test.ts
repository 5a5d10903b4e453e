import { describe, expect, it } from 'vitest';
import type { ProductState } from './model.ts';
import { renderProduct, withMerchantData } from './render.ts';
import { combinations, regenerateVariants } from './variants.ts';

const base = (overrides: Partial<ProductState> = {}): ProductState => ({
  digits: 2,
  name: 'Beans',
  slug: 'beans',
  visible: true,
  productType: 'physical',
  price: 1290,
  cost: 510,
  discount: { type: 'NONE', value: 0 },
  productOptions: [],
  manageVariants: false,
  trackInventory: false,
  variants: regenerateVariants([], []),
  media: [],
  collectionIds: [],
  additionalInfoSections: [],
  seoData: {},
  numericId: '1',
  inventoryItemId: 'i',
  ...overrides,
});
const context = { productId: 'p1', currency: 'USD', lastUpdated: '2026-01-01T00:00:00.000Z', siteUrl: '' };

describe('renderProduct', () => {
  it('derives price per unit, profit margin and keeps cost out of the public JSON', () => {
    const state = base({
      pricePerUnitData: {
        totalQuantity: 250,
        totalMeasurementUnit: 'G',
        baseQuantity: 100,
        baseMeasurementUnit: 'G',
      },
    });
    const { doc, merchant } = renderProduct(state, new Map(), context);
    expect(doc.priceData).toEqual({
      currency: 'USD',
      price: 12.9,
      discountedPrice: 12.9,
      pricePerUnit: 5.16,
      formatted: { price: '$12.90', discountedPrice: '$12.90', pricePerUnit: '$5.16' },
    });
    expect(JSON.stringify(doc)).not.toContain('itemCost');
    expect(merchant.costAndProfitData).toMatchObject({ itemCost: 5.1, profit: 7.8, profitMargin: 0.6047 });
    const full = withMerchantData(JSON.stringify({ ...doc, id: 'p1' }), JSON.stringify(merchant)) as any;
    expect(full.variants[0].variant.costAndProfitData.itemCost).toBe(5.1);
  });

  it('formats in currencies without minor units', () => {
    const { doc } = renderProduct(base({ digits: 0, price: 1500, cost: undefined }), new Map(), {
      ...context,
      currency: 'JPY',
    });
    expect(doc.priceData).toMatchObject({ price: 1500, formatted: { price: '¥1,500' } });
  });

  it('summarises tracked stock over visible variants', () => {
    const productOptions = [
      {
        optionType: 'drop_down' as const,
        name: 'Size',
        choices: ['S', 'M'].map((d) => ({ value: d, description: d, mediaIds: [] })),
      },
    ];
    const variants = regenerateVariants(productOptions, []);
    const stock = new Map([
      [variants[0]!.id, { quantity: 0, inStock: false }],
      [variants[1]!.id, { quantity: 4, inStock: true }],
    ]);
    const { doc, variantRows } = renderProduct(
      base({ productOptions, variants, trackInventory: true }),
      stock,
      context,
    );
    expect(doc.stock).toEqual({
      trackInventory: true,
      quantity: 4,
      inStock: true,
      inventoryStatus: 'PARTIALLY_OUT_OF_STOCK',
    });
    expect(variantRows.map((row) => [row.quantity, row.inStock])).toEqual([
      [0, false],
      [4, true],
    ]);
  });
});

describe('variants', () => {
  it('is the cartesian product of the options, in order', () => {
    const options = [
      {
        optionType: 'drop_down' as const,
        name: 'Size',
        choices: ['S', 'M'].map((d) => ({ value: d, description: d, mediaIds: [] })),
      },
      {
        optionType: 'color' as const,
        name: 'Color',
        choices: ['Red', 'Blue', 'Green'].map((d) => ({ value: d, description: d, mediaIds: [] })),
      },
    ];
    expect(combinations(options)).toHaveLength(6);
    expect(combinations(options)[1]).toEqual({ Size: 'S', Color: 'Blue' });
    expect(regenerateVariants([], [])[0]!.id).toBe('00000000-0000-0000-0000-000000000000');
  });
});

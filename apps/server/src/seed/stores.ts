/**
 * Demo catalog: 12 products in two collections, with sizes, colour swatches, generated SVG images
 * (product-art.ts, stored like uploads under DATA_DIR/media), stock, one product sold out and two on discount.
 */
import type { Platform } from '../deps.ts';
import {
  addMedia,
  changeMembership,
  createCollection,
  createProduct,
  updateVariants,
} from '../domains/stores/index.ts';
import { type ArtKind, productArt } from './product-art.ts';

const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

interface DemoProduct {
  name: string;
  collection: 'apparel' | 'home';
  price: number;
  cost: number;
  description: string;
  colours?: Array<[name: string, hex: string]>;
  sizes?: string[];
  other?: { name: string; choices: string[] };
  background: string;
  /** What the picture shows; `tint` colours products without colour choices. */
  art: ArtKind;
  tint?: string;
  extra?: Record<string, unknown>;
  quantity?: number;
}

const sizes = ['S', 'M', 'L', 'XL'];
const products: DemoProduct[] = [
  {
    name: 'Classic T-shirt',
    collection: 'apparel',
    price: 24,
    cost: 8.4,
    description: 'Organic cotton, regular fit.',
    sizes,
    colours: [
      ['Black', '#1f2328'],
      ['White', '#f6f8fa'],
      ['Navy', '#1b3a6b'],
    ],
    background: '#e8eef7',
    art: 'tshirt',
    quantity: 12,
  },
  {
    name: 'Zip Hoodie',
    collection: 'apparel',
    price: 59,
    cost: 21,
    description: 'Brushed fleece with a full zip.',
    sizes: sizes.slice(0, 3),
    colours: [
      ['Heather grey', '#9aa1a9'],
      ['Forest', '#2f5d3a'],
    ],
    background: '#eef2ea',
    art: 'hoodie',
    extra: { discount: { type: 'PERCENT', value: 20 }, ribbon: 'Sale' },
    quantity: 6,
  },
  {
    name: 'Rib Beanie',
    collection: 'apparel',
    price: 18.5,
    cost: 5.2,
    description: 'Merino blend, one size.',
    colours: [
      ['Red', '#c0392b'],
      ['Mustard', '#d4a017'],
      ['Charcoal', '#36454f'],
    ],
    background: '#fbeee6',
    art: 'beanie',
  },
  {
    name: 'Canvas Tote',
    collection: 'apparel',
    price: 15,
    cost: 4,
    description: 'Heavy canvas with long handles.',
    background: '#f4efe4',
    art: 'tote',
    tint: '#e3d3b1',
    extra: { ribbon: 'Bestseller' },
  },
  {
    name: 'Running Socks (3 pairs)',
    collection: 'apparel',
    price: 9.99,
    cost: 2.75,
    description: 'Cushioned sole, breathable top.',
    sizes: ['S', 'M', 'L'],
    background: '#eaf4f4',
    art: 'socks',
    tint: '#5b8fb9',
  },
  {
    name: 'Rain Jacket',
    collection: 'apparel',
    price: 120,
    cost: 48,
    description: 'Waterproof shell with taped seams.',
    sizes: sizes.slice(1),
    background: '#e6f0f7',
    art: 'jacket',
    tint: '#f0b92a',
    quantity: 0,
  },
  {
    name: 'Ceramic Mug',
    collection: 'home',
    price: 14,
    cost: 3.9,
    description: 'Stoneware, 350 ml.',
    colours: [
      ['Chalk', '#f2f0eb'],
      ['Sage', '#9caf88'],
    ],
    background: '#e7e2d8',
    art: 'mug',
    quantity: 30,
  },
  {
    name: 'Coffee Beans 250 g',
    collection: 'home',
    price: 12.9,
    cost: 5.1,
    description: 'Single origin, medium roast.',
    other: { name: 'Grind', choices: ['Whole bean', 'Filter', 'Espresso'] },
    background: '#efe6dd',
    art: 'coffee',
    tint: '#b58b5e',
    extra: {
      pricePerUnitData: {
        totalQuantity: 250,
        totalMeasurementUnit: 'G',
        baseQuantity: 100,
        baseMeasurementUnit: 'G',
      },
    },
  },
  {
    name: 'Linen Napkins (set of 4)',
    collection: 'home',
    price: 22,
    cost: 7.5,
    description: 'Stone-washed linen.',
    colours: [
      ['Oat', '#d9cbb3'],
      ['Terracotta', '#c8643b'],
    ],
    background: '#f6efe6',
    art: 'napkins',
  },
  {
    name: 'Olive Wood Board',
    collection: 'home',
    price: 45,
    cost: 17,
    description: 'Hand-finished serving board.',
    background: '#efeadf',
    art: 'board',
    tint: '#b98b58',
  },
  {
    name: 'Scented Candle',
    collection: 'home',
    price: 28,
    cost: 6.3,
    description: 'Soy wax, 40 hours.',
    other: { name: 'Scent', choices: ['Fig', 'Cedar', 'Citrus'] },
    background: '#f7f0f5',
    art: 'candle',
    tint: '#c9a3c0',
    extra: { discount: { type: 'AMOUNT', value: 5 } },
  },
  {
    name: 'Digital Recipe Book',
    collection: 'home',
    price: 9,
    cost: 0,
    description: 'Fifty seasonal recipes, PDF.',
    background: '#eef0f7',
    art: 'book',
    tint: '#4f7f8f',
    extra: { productType: 'digital' },
  },
];

export async function seedStores(platform: Platform, siteId: string): Promise<void> {
  const deps = platform.stores;
  const apparel = await createCollection(deps, siteId, {
    name: 'Apparel',
    description: 'Clothes and accessories.',
  });
  const home = await createCollection(deps, siteId, {
    name: 'Home & Kitchen',
    description: 'Things for the table.',
  });
  const members: Record<DemoProduct['collection'], string[]> = { apparel: [], home: [] };

  for (const demo of products) {
    const productOptions = [
      ...(demo.sizes
        ? [
            {
              optionType: 'drop_down' as const,
              name: 'Size',
              choices: demo.sizes.map((s) => ({ value: s, description: s })),
            },
          ]
        : []),
      ...(demo.colours
        ? [
            {
              optionType: 'color' as const,
              name: 'Color',
              choices: demo.colours.map(([name, hex]) => ({ value: hex, description: name })),
            },
          ]
        : []),
      ...(demo.other
        ? [
            {
              optionType: 'drop_down' as const,
              name: demo.other.name,
              choices: demo.other.choices.map((c) => ({ value: c, description: c })),
            },
          ]
        : []),
    ];
    const product = (await createProduct(deps, siteId, {
      name: demo.name,
      description: demo.description,
      priceData: { price: demo.price },
      costAndProfitData: { itemCost: demo.cost },
      weight: 0.3,
      productOptions,
      ...(demo.quantity === undefined ? {} : { stock: { trackInventory: true, quantity: demo.quantity } }),
      ...demo.extra,
    } as never)) as { id: string };
    members[demo.collection].push(product.id);

    const media = (demo.colours ?? [[demo.name, demo.tint ?? '#6b7a99'] as [string, string]]).map(
      ([name, hex]) => ({
        url: dataUrl(productArt(demo.art, hex, demo.background)),
        title: demo.colours ? `${demo.name}, ${name}` : demo.name,
        ...(demo.colours ? { choice: { option: 'Color', choice: name } } : {}),
      }),
    );
    await addMedia(deps, siteId, product.id, media);
    if (demo.name === 'Classic T-shirt') {
      await updateVariants(deps, siteId, product.id, [{ choices: { Size: 'XL' }, price: 26 }]);
    }
  }
  await changeMembership(deps, siteId, apparel.id, members.apparel, true);
  await changeMembership(deps, siteId, home.id, members.home, true);
}

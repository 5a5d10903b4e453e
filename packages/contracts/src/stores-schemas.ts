/**
 * Wire shapes of the stores catalog v1 (API map 14). Prices, weights and ranges are floats (JSON
 * numbers) as the official client expects; `numericId` is an int64 string.
 */
import { type TLiteral, type TUnion, Type } from '@sinclair/typebox';
import { Id, Timestamp } from './common.ts';

const literals = <const T extends readonly string[]>(values: T, description?: string) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    description ? { description } : {},
  ) as unknown as TUnion<TLiteral<T[number]>[]>;

export const ProductType = literals(['unspecified_product_type', 'physical', 'digital']);
export const InventoryStatus = literals(['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK']);
export const MeasurementUnit = literals([
  'UNSPECIFIED',
  'ML',
  'CL',
  'L',
  'CBM',
  'MG',
  'G',
  'KG',
  'MM',
  'CM',
  'M',
  'SQM',
  'OZ',
  'LB',
  'FLOZ',
  'PT',
  'QT',
  'GAL',
  'IN',
  'FT',
  'YD',
  'SQFT',
]);
export const MediaItemType = literals([
  'unspecified_media_item_type',
  'image',
  'video',
  'audio',
  'document',
  'zip',
]);
export const OptionType = literals(['unspecified_option_type', 'drop_down', 'color']);
export const DiscountType = literals(['UNDEFINED', 'NONE', 'AMOUNT', 'PERCENT']);
export const DimensionsUnit = literals(['UNKNOWN_DIMENSIONS_UNIT', 'MM', 'CM', 'M', 'IN', 'FT', 'YD']);

const Float = (description?: string) => Type.Number(description ? { description } : {});
/** The largest price or cost a product (or variant) holds, in the site currency; bulk changes keep to it too. */
export const PRICE_MAX = 1e12;
/** The largest weight a product (or variant) holds. */
export const WEIGHT_MAX = 1e9;
const Price = Type.Number({ minimum: 0, maximum: PRICE_MAX, description: 'Float in the site currency.' });
const Weight = Type.Number({ minimum: 0, maximum: WEIGHT_MAX });
const Text = (maxLength: number) => Type.String({ maxLength });

export const FormattedPrice = Type.Object({
  price: Type.String(),
  discountedPrice: Type.String(),
  pricePerUnit: Type.Optional(Type.String()),
});

export const PriceData = Type.Object({
  currency: Type.String(),
  price: Float(),
  discountedPrice: Float(),
  pricePerUnit: Type.Optional(Float()),
  formatted: FormattedPrice,
});

export const CostAndProfitData = Type.Object({
  itemCost: Float(),
  formattedItemCost: Type.String(),
  profit: Float(),
  formattedProfit: Type.String(),
  profitMargin: Float('profit / discounted price, a ratio rounded to 4 decimals'),
});

/** Sent on every product; all zeros and UNSPECIFIED when the product has no per-unit price. */
export const PricePerUnitData = Type.Object({
  totalQuantity: Type.Number({ minimum: 0, maximum: 1e9 }),
  totalMeasurementUnit: MeasurementUnit,
  baseQuantity: Type.Number({ minimum: 0, maximum: 1e9 }),
  baseMeasurementUnit: MeasurementUnit,
});

export const Range = Type.Object({ minValue: Float(), maxValue: Float() });

/** A size as a decimal string ("12.5"): up to 9 whole digits and 6 decimals. */
const Size = Type.String({
  pattern: '^\\d{1,9}(\\.\\d{1,6})?$',
  description: 'a non-negative decimal string, such as "12.5"',
});

export const Dimensions = Type.Object({
  length: Type.Optional(Size),
  width: Type.Optional(Size),
  height: Type.Optional(Size),
  unit: DimensionsUnit,
});

export const DimensionsInput = Type.Object({
  length: Type.Optional(Size),
  width: Type.Optional(Size),
  height: Type.Optional(Size),
  unit: Type.Optional(DimensionsUnit),
});

export const Discount = Type.Object({ type: DiscountType, value: Type.Number({ minimum: 0 }) });

export const ImageInfo = Type.Object({
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  format: Type.Optional(Type.String()),
  altText: Type.Optional(Type.String()),
});

export const MediaItem = Type.Object({
  id: Type.String(),
  mediaType: MediaItemType,
  title: Type.Optional(Type.String()),
  image: Type.Optional(ImageInfo),
  thumbnail: Type.Optional(ImageInfo),
});

export const Media = Type.Object({
  mainMedia: Type.Optional(MediaItem),
  items: Type.Array(MediaItem),
});

export const Choice = Type.Object({
  value: Type.String(),
  description: Type.String(),
  media: Type.Optional(Media),
  inStock: Type.Boolean(),
  visible: Type.Boolean(),
});

export const ProductOption = Type.Object({
  optionType: OptionType,
  name: Type.String(),
  choices: Type.Array(Choice),
});

export const VariantStock = Type.Object({
  trackQuantity: Type.Boolean(),
  quantity: Type.Optional(Type.Integer()),
  inStock: Type.Boolean(),
});

export const Variant = Type.Object({
  id: Type.String(),
  choices: Type.Record(Type.String(), Type.String()),
  variant: Type.Object({
    priceData: PriceData,
    convertedPriceData: PriceData,
    costAndProfitData: Type.Optional(CostAndProfitData),
    weight: Type.Optional(Float()),
    sku: Type.Optional(Type.String()),
    visible: Type.Boolean(),
    productDimensions: Dimensions,
    packageDimensions: Dimensions,
  }),
  stock: VariantStock,
});

export const Product = Type.Object(
  {
    id: Id,
    name: Type.String(),
    slug: Type.String(),
    visible: Type.Boolean(),
    productType: ProductType,
    description: Type.Optional(Type.String()),
    sku: Type.Optional(Type.String()),
    weight: Type.Optional(Float()),
    weightRange: Range,
    productDimensions: Dimensions,
    packageDimensions: Dimensions,
    stock: Type.Object({
      trackInventory: Type.Boolean(),
      quantity: Type.Optional(Type.Integer()),
      inStock: Type.Boolean(),
      inventoryStatus: InventoryStatus,
    }),
    price: PriceData,
    priceData: PriceData,
    convertedPriceData: PriceData,
    priceRange: Range,
    costAndProfitData: Type.Optional(CostAndProfitData),
    costRange: Type.Optional(Range),
    pricePerUnitData: PricePerUnitData,
    additionalInfoSections: Type.Array(Type.Object({ title: Type.String(), description: Type.String() })),
    ribbons: Type.Array(Type.Object({ text: Type.String() })),
    ribbon: Type.Optional(Type.String()),
    brand: Type.Optional(Type.String()),
    media: Media,
    customTextFields: Type.Array(Type.Object({}, { additionalProperties: true })),
    manageVariants: Type.Boolean(),
    productOptions: Type.Array(ProductOption),
    productPageUrl: Type.Object({ base: Type.String(), path: Type.String() }),
    numericId: Type.String({ description: 'int64' }),
    inventoryItemId: Type.String(),
    discount: Discount,
    collectionIds: Type.Array(Type.String()),
    variants: Type.Array(Variant),
    seoData: Type.Object({ tags: Type.Array(Type.Unknown()) }, { additionalProperties: true }),
    lastUpdated: Timestamp,
    createdDate: Timestamp,
  },
  {
    additionalProperties: true,
    description: 'Cost and profit data appear only for admins asking for merchant-specific data.',
  },
);

export const StoreVariant = Type.Object(
  {
    id: Type.String({ description: '`<productId>-<variantId>`' }),
    variantId: Type.String(),
    productId: Type.String(),
    variantName: Type.String(),
    productName: Type.String(),
    managedVariant: Type.Boolean(),
    sku: Type.Optional(Type.String()),
    stock: VariantStock,
    choices: Type.Record(Type.String(), Type.String()),
    collectionIds: Type.Array(Type.String()),
    media: Type.Object({}, { additionalProperties: true }),
    preorderInfo: Type.Object({ enabled: Type.Boolean() }, { additionalProperties: true }),
    visible: Type.Boolean(),
  },
  { additionalProperties: true },
);

export const Collection = Type.Object(
  {
    id: Id,
    name: Type.String(),
    slug: Type.String(),
    visible: Type.Boolean(),
    description: Type.Optional(Type.String()),
    media: Media,
    numberOfProducts: Type.Integer(),
  },
  { additionalProperties: true },
);

// --- inputs -----------------------------------------------------------------------------------

const ChoiceInput = Type.Object({
  value: Type.Optional(Text(100)),
  description: Type.Optional(Text(100)),
});

export const ProductOptionInput = Type.Object({
  optionType: Type.Optional(OptionType),
  name: Type.String({ minLength: 1, maxLength: 50 }),
  choices: Type.Array(ChoiceInput, { minItems: 1, maxItems: 100 }),
});

export const StockInput = Type.Object({
  trackInventory: Type.Optional(Type.Boolean()),
  quantity: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
  inStock: Type.Optional(Type.Boolean()),
});

/** The writable fields of a product (`stock` is a Plaza extension: initial stock of every variant). */
export const productInputFields = {
  name: Type.String({ minLength: 1, maxLength: 80 }),
  slug: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[^/?#%\\s]+$' })),
  visible: Type.Optional(Type.Boolean()),
  productType: Type.Optional(ProductType),
  description: Type.Optional(Text(8000)),
  sku: Type.Optional(Text(40)),
  ribbon: Type.Optional(Text(30)),
  brand: Type.Optional(Text(50)),
  weight: Type.Optional(Weight),
  productDimensions: Type.Optional(DimensionsInput),
  packageDimensions: Type.Optional(DimensionsInput),
  price: Type.Optional(Type.Object({ price: Type.Optional(Price) })),
  priceData: Type.Optional(Type.Object({ price: Type.Optional(Price) })),
  costAndProfitData: Type.Optional(Type.Object({ itemCost: Type.Optional(Price) })),
  pricePerUnitData: Type.Optional(PricePerUnitData),
  discount: Type.Optional(Discount),
  productOptions: Type.Optional(Type.Array(ProductOptionInput, { maxItems: 6 })),
  manageVariants: Type.Optional(Type.Boolean()),
  additionalInfoSections: Type.Optional(
    Type.Array(Type.Object({ title: Text(100), description: Text(8000) }), { maxItems: 20 }),
  ),
  seoData: Type.Optional(
    Type.Object(
      { tags: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }), { maxItems: 100 })) },
      { additionalProperties: true },
    ),
  ),
  stock: Type.Optional(StockInput),
};

export const ProductInput = Type.Object(productInputFields);
export const ProductPatch = Type.Object({
  ...productInputFields,
  id: Id,
  name: Type.Optional(productInputFields.name),
});

export const CollectionInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 50 }),
  slug: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[^/?#%\\s]+$' })),
  visible: Type.Optional(Type.Boolean()),
  description: Type.Optional(Text(8000)),
});
export const CollectionPatch = Type.Object({
  id: Id,
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  slug: CollectionInput.properties.slug,
  visible: CollectionInput.properties.visible,
  description: CollectionInput.properties.description,
});

export const VariantUpdate = Type.Object({
  choices: Type.Optional(Type.Record(Type.String(), Type.String())),
  variantIds: Type.Optional(Type.Array(Type.String(), { maxItems: 300 })),
  price: Type.Optional(Price),
  cost: Type.Optional(Price),
  weight: Type.Optional(Weight),
  sku: Type.Optional(Text(40)),
  visible: Type.Optional(Type.Boolean()),
  productDimensions: Type.Optional(DimensionsInput),
  packageDimensions: Type.Optional(DimensionsInput),
  stock: Type.Optional(
    Type.Object({
      trackQuantity: Type.Optional(Type.Boolean()),
      quantity: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
      inStock: Type.Optional(Type.Boolean()),
    }),
  ),
});

export const MediaInput = Type.Object({
  mediaId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  url: Type.Optional(Type.String({ minLength: 1, maxLength: 2_000_000 })),
  title: Type.Optional(Text(200)),
  altText: Type.Optional(Text(500)),
  choice: Type.Optional(Type.Object({ option: Type.String(), choice: Type.String() })),
});

export const ChoiceMedia = Type.Object({
  option: Type.String({ minLength: 1 }),
  choice: Type.String({ minLength: 1 }),
  mediaIds: Type.Optional(Type.Array(Type.String(), { maxItems: 100 })),
});

/** The catalog's number and text limits, for the bulk calls' schemas (stores-bulk-schemas.ts). */
export { Price as CatalogPrice, Text as catalogText, Weight as CatalogWeight };

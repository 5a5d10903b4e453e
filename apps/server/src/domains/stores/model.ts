/**
 * What the catalog keeps about a product besides its public JSON: the inputs every derived field
 * (prices, variants, ranges, stock summary) is computed from. Money is in minor units of the site
 * currency (`digits` decimals), weights in thousandths. Live stock is not here: it sits in the
 * `store_variants` rows (`quantity`), so a reservation is one conditional UPDATE.
 */
export type ProductTypeName = 'unspecified_product_type' | 'physical' | 'digital';
export type OptionTypeName = 'unspecified_option_type' | 'drop_down' | 'color';
export type DiscountTypeName = 'UNDEFINED' | 'NONE' | 'AMOUNT' | 'PERCENT';

export const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000';

export interface ImageInfo {
  url: string;
  width: number;
  height: number;
  format?: string;
  altText?: string;
}

export interface MediaItem {
  id: string;
  mediaType: 'image' | 'video' | 'unspecified_media_item_type' | 'audio' | 'document' | 'zip';
  title?: string;
  image?: ImageInfo;
  thumbnail?: ImageInfo;
}

export interface ChoiceState {
  value: string;
  description: string;
  /** Ids of product media items shown for this choice. */
  mediaIds: string[];
}

export interface OptionState {
  optionType: OptionTypeName;
  name: string;
  choices: ChoiceState[];
}

export type DimensionsUnitName = 'UNKNOWN_DIMENSIONS_UNIT' | 'MM' | 'CM' | 'M' | 'IN' | 'FT' | 'YD';

/** Sizes as the decimal strings they were given in. */
export interface Dimensions {
  length?: string;
  width?: string;
  height?: string;
  unit: DimensionsUnitName;
}

export interface VariantState {
  id: string;
  /** Option name → choice description. */
  choices: Record<string, string>;
  /** Overrides of the product's values; absent means "as the product". */
  price?: number;
  cost?: number;
  weight?: number;
  sku?: string;
  visible: boolean;
  productDimensions?: Dimensions;
  packageDimensions?: Dimensions;
}

export interface PricePerUnitState {
  totalQuantity: number;
  totalMeasurementUnit: string;
  baseQuantity: number;
  baseMeasurementUnit: string;
}

export interface ProductState {
  digits: number;
  name: string;
  slug: string;
  visible: boolean;
  productType: ProductTypeName;
  description?: string;
  sku?: string;
  ribbon?: string;
  brand?: string;
  weight?: number;
  productDimensions?: Dimensions;
  packageDimensions?: Dimensions;
  price: number;
  cost?: number;
  discount: { type: DiscountTypeName; value: number };
  pricePerUnitData?: PricePerUnitState;
  productOptions: OptionState[];
  manageVariants: boolean;
  trackInventory: boolean;
  variants: VariantState[];
  media: MediaItem[];
  collectionIds: string[];
  additionalInfoSections: Array<{ title: string; description: string }>;
  seoData: Record<string, unknown>;
  numericId: string;
  inventoryItemId: string;
}

/** Live stock of one variant (a `store_variants` row). `quantity` is null when not tracked. */
export interface StockState {
  quantity: number | null;
  inStock: boolean;
}

export type StockMap = Map<string, StockState>;

/** Merchant-only data, kept beside the public JSON and spliced in for admins. */
export interface MerchantData {
  costAndProfitData?: Record<string, unknown>;
  costRange?: { minValue: number; maxValue: number };
  variants: Record<string, Record<string, unknown>>;
}

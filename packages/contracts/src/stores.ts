/**
 * Stores catalog v1 (API map 14): writes under `/stores/v1` (custom host `/_api/catalog-server/v1`);
 * the reads are in stores-reads.ts. `storesCalls` lists both.
 */
import { Type } from '@sinclair/typebox';
import { Empty, Id } from './common.ts';
import { defineCall } from './define.ts';
import { BulkAdjust, BulkIds, BulkResponse, BulkSet } from './stores-bulk-schemas.ts';
import {
  getCollectionBySlug,
  getProduct,
  getProductOptionsAvailability,
  getStoreVariant,
  queryCollections,
  queryProducts,
  queryProductsPost,
  queryProductVariants,
  queryStoreVariants,
} from './stores-reads.ts';
import {
  ChoiceMedia,
  Collection,
  CollectionInput,
  CollectionPatch,
  MediaInput,
  Product,
  ProductInput,
  ProductPatch,
  Variant,
  VariantUpdate,
} from './stores-schemas.ts';

const writer = (path: string) => [`/stores/v1${path}`, `/_api/catalog-server/v1${path}`] as const;
const app = 'stores' as const;
const IdOnly = Type.Object({ id: Id });

// --- products ---------------------------------------------------------------------------------

export const createProduct = defineCall({
  name: 'createProduct',
  method: 'POST',
  paths: writer('/products'),
  access: 'admin',
  app,
  summary: 'Creates a product; its variants are generated from the options (cartesian product).',
  request: Type.Object({ product: ProductInput }),
  response: Type.Object({ product: Product }),
});

export const updateProduct = defineCall({
  name: 'updateProduct',
  method: 'PATCH',
  paths: writer('/products/{product.id}'),
  access: 'admin',
  app,
  summary: 'Changes the given fields; new options regenerate the variants.',
  request: Type.Object({ product: ProductPatch }),
  response: Type.Object({ product: Product }),
});

export const deleteProduct = defineCall({
  name: 'deleteProduct',
  method: 'DELETE',
  paths: writer('/products/{id}'),
  access: 'admin',
  app,
  summary: 'Deletes a product with its variants.',
  request: IdOnly,
  response: Empty,
});

export const updateProductVariants = defineCall({
  name: 'updateProductVariants',
  method: 'PATCH',
  paths: writer('/products/{id}/variants'),
  access: 'admin',
  app,
  summary:
    'Sets price, cost, weight, SKU, visibility or stock of the variants matching `choices` or `variantIds`; turns on `manageVariants`.',
  request: Type.Object({ id: Id, variants: Type.Array(VariantUpdate, { minItems: 1, maxItems: 300 }) }),
  response: Type.Object({ variants: Type.Array(Variant) }),
});

export const resetAllProductVariantData = defineCall({
  name: 'resetAllProductVariantData',
  method: 'POST',
  paths: writer('/products/{id}/variants/resetToDefault'),
  access: 'admin',
  app,
  summary: "Resets every variant's price, cost, weight, SKU and visibility to the product's.",
  request: IdOnly,
  response: Empty,
});

export const addProductMedia = defineCall({
  name: 'addProductMedia',
  method: 'POST',
  paths: writer('/products/{id}/media'),
  access: 'admin',
  app,
  summary:
    'Adds media by `mediaId` (an uploaded file), `url` (kept as is) or a `data:image/...;base64,` URL (stored); `choice` also attaches it to an option choice.',
  request: Type.Object({ id: Id, media: Type.Array(MediaInput, { minItems: 1, maxItems: 50 }) }),
  response: Empty,
});

export const removeProductMedia = defineCall({
  name: 'removeProductMedia',
  method: 'POST',
  paths: writer('/products/{id}/media/delete'),
  access: 'admin',
  app,
  summary: 'Removes media items (all of them when `mediaIds` is empty).',
  request: Type.Object({ id: Id, mediaIds: Type.Optional(Type.Array(Type.String(), { maxItems: 100 })) }),
  response: Empty,
});

export const addProductMediaToChoices = defineCall({
  name: 'addProductMediaToChoices',
  method: 'PATCH',
  paths: writer('/products/{id}/choices/media'),
  access: 'admin',
  app,
  summary: "Attaches media items of the product to option choices (e.g. a colour's photos).",
  request: Type.Object({ id: Id, media: Type.Array(ChoiceMedia, { minItems: 1, maxItems: 100 }) }),
  response: Empty,
});

export const removeProductMediaFromChoices = defineCall({
  name: 'removeProductMediaFromChoices',
  method: 'POST',
  paths: writer('/products/{id}/choices/media/delete'),
  access: 'admin',
  app,
  summary: 'Detaches media from option choices (all of a choice when `mediaIds` is empty).',
  request: Type.Object({ id: Id, media: Type.Array(ChoiceMedia, { minItems: 1, maxItems: 100 }) }),
  response: Empty,
});

export const deleteProductOptions = defineCall({
  name: 'deleteProductOptions',
  method: 'DELETE',
  paths: writer('/products/{id}/options'),
  access: 'admin',
  app,
  summary: 'Removes every option; the product is left with its default variant.',
  request: IdOnly,
  response: Empty,
});

export const removeBrand = defineCall({
  name: 'removeBrand',
  method: 'POST',
  paths: writer('/products/{id}/remove-brand'),
  access: 'admin',
  app,
  summary: "Removes the product's brand.",
  request: IdOnly,
  response: Empty,
});

export const removeRibbon = defineCall({
  name: 'removeRibbon',
  method: 'POST',
  paths: writer('/products/{id}/remove-ribbon'),
  access: 'admin',
  app,
  summary: "Removes the product's ribbon.",
  request: IdOnly,
  response: Empty,
});

export const bulkUpdateProductsProperty = defineCall({
  name: 'bulkUpdateProductsProperty',
  method: 'POST',
  paths: writer('/bulk/products/update'),
  access: 'admin',
  app,
  summary: 'Sets price, cost, weight, ribbon or brand of many products; results per product.',
  request: Type.Object({ ids: BulkIds, set: BulkSet }),
  response: BulkResponse,
});

export const bulkAdjustProductProperty = defineCall({
  name: 'bulkAdjustProductProperty',
  method: 'POST',
  paths: writer('/bulk/products/adjust-properties'),
  access: 'admin',
  app,
  summary:
    'Adds an amount or a percentage to price, cost or weight of many products (exact to the minor unit, half away from zero).',
  request: Type.Object({ ids: BulkIds, adjust: BulkAdjust }),
  response: BulkResponse,
});

// --- collections ------------------------------------------------------------------------------

export const createCollection = defineCall({
  name: 'createCollection',
  method: 'POST',
  paths: writer('/collections'),
  access: 'admin',
  app,
  summary: 'Creates a collection; the slug is generated from the name unless given.',
  request: Type.Object({ collection: CollectionInput }),
  response: Type.Object({ collection: Collection }),
});

export const updateCollection = defineCall({
  name: 'updateCollection',
  method: 'PATCH',
  paths: writer('/collections/{collection.id}'),
  access: 'admin',
  app,
  summary: 'Changes name, slug, visibility or description of a collection.',
  request: Type.Object({ collection: CollectionPatch }),
  response: Type.Object({ collection: Collection }),
});

export const deleteCollection = defineCall({
  name: 'deleteCollection',
  method: 'DELETE',
  paths: writer('/collections/{id}'),
  access: 'admin',
  app,
  summary: 'Deletes a collection; its products stay.',
  request: IdOnly,
  response: Empty,
});

const ProductIds = Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true });

export const addProductsToCollection = defineCall({
  name: 'addProductsToCollection',
  method: 'POST',
  paths: writer('/collections/{id}/productIds'),
  access: 'admin',
  app,
  summary: 'Adds products to a collection.',
  request: Type.Object({ id: Id, productIds: ProductIds }),
  response: Empty,
});

export const removeProductsFromCollection = defineCall({
  name: 'removeProductsFromCollection',
  method: 'POST',
  paths: writer('/collections/{id}/productIds/delete'),
  access: 'admin',
  app,
  summary: 'Removes products from a collection.',
  request: Type.Object({ id: Id, productIds: ProductIds }),
  response: Empty,
});

export const storesCalls = [
  createProduct,
  updateProduct,
  deleteProduct,
  updateProductVariants,
  resetAllProductVariantData,
  addProductMedia,
  removeProductMedia,
  addProductMediaToChoices,
  removeProductMediaFromChoices,
  deleteProductOptions,
  removeBrand,
  removeRibbon,
  bulkUpdateProductsProperty,
  bulkAdjustProductProperty,
  createCollection,
  updateCollection,
  deleteCollection,
  addProductsToCollection,
  removeProductsFromCollection,
  getProduct,
  queryProducts,
  queryProductsPost,
  getCollectionBySlug,
  queryCollections,
  getProductOptionsAvailability,
  queryProductVariants,
  queryStoreVariants,
  getStoreVariant,
] as const;

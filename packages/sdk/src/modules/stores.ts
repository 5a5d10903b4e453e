import type {
  addProductMedia,
  addProductMediaToChoices,
  addProductsToCollection,
  bulkAdjustProductProperty,
  bulkUpdateProductsProperty,
  createCollection,
  createProduct,
  deleteCollection,
  deleteProduct,
  deleteProductOptions,
  getCollectionBySlug,
  getProduct,
  getProductOptionsAvailability,
  getStoreVariant,
  queryCollections,
  queryProducts,
  queryProductsPost,
  queryProductVariants,
  queryStoreVariants,
  removeBrand,
  removeProductMedia,
  removeProductMediaFromChoices,
  removeProductsFromCollection,
  removeRibbon,
  resetAllProductVariantData,
  updateCollection,
  updateProduct,
  updateProductVariants,
} from '@plaza/contracts';
import { call } from '../core/calls.ts';
import { storesCalls } from '../generated/calls.ts';
import { queryCall } from '../query/query-call.ts';

/**
 * `catalogReference.appId` of a Stores product in a cart line (API map 17; the server also takes
 * the catalog v3 id `215238eb-22a5-4c36-9e7b-e7c08025e04e`).
 *
 * @example
 * await client.ecom.addToCurrentCart({
 *   lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: product.id }, quantity: 1 }],
 * });
 */
export const STORES_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';
/**
 * The Stores catalog's id as the cart's documentation gives it (catalog v3): the server takes it as
 * the same catalog, lines of the same item under either id being one line.
 */
export const STORES_APP_ID_V3 = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/**
 * The Stores catalog (API map 14): products, variants, options, media and collections. Reads
 * (`getProduct`, `queryProducts` …) are open to visitors, who see visible items only; writes are
 * for admins (API key or owner). Needs the `stores` app on the site.
 */
export const stores = {
  /**
   * Creates a product; its variants are the cartesian product of its options. Admin.
   * @example
   * const { product } = await admin.stores.createProduct({
   *   product: {
   *     name: 'Classic T-shirt',
   *     priceData: { price: 24 },
   *     productOptions: [{ name: 'Size', choices: [{ value: 'S', description: 'S' }, { value: 'M', description: 'M' }] }],
   *     stock: { trackInventory: true, quantity: 10 },
   *   },
   * });
   */
  createProduct: call<typeof createProduct>(storesCalls, 'createProduct'),
  /**
   * Changes the given fields of a product; new options regenerate its variants. Admin.
   * @example
   * await admin.stores.updateProduct({ product: { id, priceData: { price: 19.5 }, ribbon: 'Sale' } });
   */
  updateProduct: call<typeof updateProduct>(storesCalls, 'updateProduct'),
  /**
   * Deletes a product with its variants. Admin.
   * @example await admin.stores.deleteProduct({ id });
   */
  deleteProduct: call<typeof deleteProduct>(storesCalls, 'deleteProduct'),
  /**
   * Sets price, cost, weight, SKU, visibility or stock of the variants matching `choices` or
   * `variantIds`, and turns on `manageVariants`. Admin.
   * @example
   * const { variants } = await admin.stores.updateProductVariants({
   *   id,
   *   variants: [{ choices: { Size: 'L' }, price: 26, stock: { quantity: 3 } }],
   * });
   */
  updateProductVariants: call<typeof updateProductVariants>(storesCalls, 'updateProductVariants'),
  /**
   * Resets every variant's price, cost, weight, SKU and visibility to the product's. Admin.
   * @example await admin.stores.resetAllProductVariantData({ id });
   */
  resetAllProductVariantData: call<typeof resetAllProductVariantData>(
    storesCalls,
    'resetAllProductVariantData',
  ),
  /**
   * Adds media by `mediaId`, `url` or a `data:image/…;base64,` URL (stored); `choice` also
   * attaches it to an option choice. Admin.
   * @example
   * await admin.stores.addProductMedia({ id, media: [{ url: 'https://cdn.example/shirt.jpg', choice: { option: 'Color', choice: 'Black' } }] });
   */
  addProductMedia: call<typeof addProductMedia>(storesCalls, 'addProductMedia'),
  /**
   * Removes media items of a product (all of them when `mediaIds` is empty). Admin.
   * @example await admin.stores.removeProductMedia({ id, mediaIds: [mediaId] });
   */
  removeProductMedia: call<typeof removeProductMedia>(storesCalls, 'removeProductMedia'),
  /**
   * Attaches media items of the product to option choices (a colour's photos). Admin.
   * @example await admin.stores.addProductMediaToChoices({ id, media: [{ option: 'Color', choice: 'Black', mediaIds: [mediaId] }] });
   */
  addProductMediaToChoices: call<typeof addProductMediaToChoices>(storesCalls, 'addProductMediaToChoices'),
  /**
   * Detaches media from option choices (all of a choice's when `mediaIds` is empty). Admin.
   * @example await admin.stores.removeProductMediaFromChoices({ id, media: [{ option: 'Color', choice: 'Black' }] });
   */
  removeProductMediaFromChoices: call<typeof removeProductMediaFromChoices>(
    storesCalls,
    'removeProductMediaFromChoices',
  ),
  /**
   * Removes every option; the product keeps its default variant only. Admin.
   * @example await admin.stores.deleteProductOptions({ id });
   */
  deleteProductOptions: call<typeof deleteProductOptions>(storesCalls, 'deleteProductOptions'),
  /**
   * Removes the product's brand. Admin.
   * @example await admin.stores.removeBrand({ id });
   */
  removeBrand: call<typeof removeBrand>(storesCalls, 'removeBrand'),
  /**
   * Removes the product's ribbon. Admin.
   * @example await admin.stores.removeRibbon({ id });
   */
  removeRibbon: call<typeof removeRibbon>(storesCalls, 'removeRibbon'),
  /**
   * Sets price, cost, weight, ribbon or brand of many products; answers a result per product. Admin.
   * @example
   * const { bulkActionMetadata } = await admin.stores.bulkUpdateProductsProperty({ ids, set: { ribbon: 'New' } });
   */
  bulkUpdateProductsProperty: call<typeof bulkUpdateProductsProperty>(
    storesCalls,
    'bulkUpdateProductsProperty',
  ),
  /**
   * Adds an amount or a percentage to price, cost or weight of many products. Admin.
   * @example
   * await admin.stores.bulkAdjustProductProperty({ ids, adjust: { price: { percentage: { rate: -10, roundToInt: true } } } });
   */
  bulkAdjustProductProperty: call<typeof bulkAdjustProductProperty>(storesCalls, 'bulkAdjustProductProperty'),
  /**
   * Creates a collection; its slug comes from the name unless given. Admin.
   * @example const { collection } = await admin.stores.createCollection({ collection: { name: 'Summer' } });
   */
  createCollection: call<typeof createCollection>(storesCalls, 'createCollection'),
  /**
   * Changes name, slug, visibility or description of a collection. Admin.
   * @example await admin.stores.updateCollection({ collection: { id, visible: false } });
   */
  updateCollection: call<typeof updateCollection>(storesCalls, 'updateCollection'),
  /**
   * Deletes a collection; its products stay. Admin.
   * @example await admin.stores.deleteCollection({ id });
   */
  deleteCollection: call<typeof deleteCollection>(storesCalls, 'deleteCollection'),
  /**
   * Adds products to a collection. Admin.
   * @example await admin.stores.addProductsToCollection({ id: collection.id, productIds: [product.id] });
   */
  addProductsToCollection: call<typeof addProductsToCollection>(storesCalls, 'addProductsToCollection'),
  /**
   * Removes products from a collection. Admin.
   * @example await admin.stores.removeProductsFromCollection({ id: collection.id, productIds: [product.id] });
   */
  removeProductsFromCollection: call<typeof removeProductsFromCollection>(
    storesCalls,
    'removeProductsFromCollection',
  ),
  /**
   * One product (`createdDate` as a `Date`); cost and profit only for admins asking for them.
   * @example
   * const { product } = await client.stores.getProduct({ id });
   * console.log(product.name, product.convertedPriceData.formatted.discountedPrice);
   */
  getProduct: call<typeof getProduct>(storesCalls, 'getProduct'),
  /**
   * A query builder over the products; `find()` sends `GET …/products/query-platformized?.r=…`
   * (the request `{query, …options}` as base64url JSON), or a `POST` with the same JSON when the
   * query string would pass 4000 characters. Paging reads `metadata`; newest first by default.
   * @example
   * const page = await client.stores
   *   .queryProducts()
   *   .hasSome('collectionIds', [collectionId])
   *   .between('priceData.price', 5, 50)
   *   .ascending('name')
   *   .limit(12)
   *   .find();
   * page.items[0]?.productOptions; // typed Product items
   * if (page.hasNext()) await page.next();
   */
  queryProducts: queryCall<typeof queryProducts, 'products', typeof queryProductsPost>(
    storesCalls,
    'queryProducts',
    { items: 'products', metadata: 'metadata' },
    { packRequest: true, postFallback: true },
  ),
  /**
   * The POST form of `queryProducts` with a hand-written query (any operator, `cursorPaging`);
   * `queryProducts()` switches to it by itself for long queries.
   * @example
   * const { products, metadata } = await client.stores.queryProductsPost({
   *   query: { filter: { id: { $nin: seenIds } }, paging: { limit: 20 } },
   * });
   */
  queryProductsPost: call<typeof queryProductsPost>(storesCalls, 'queryProductsPost'),
  /**
   * One collection by its slug (hidden ones only for admins).
   * @example const { collection } = await client.stores.getCollectionBySlug({ slug: 'summer' });
   */
  getCollectionBySlug: call<typeof getCollectionBySlug>(storesCalls, 'getCollectionBySlug'),
  /**
   * For a (partial) choice per option: the variant when every option is chosen, whether it can be
   * bought, its media and the choices still available.
   * @example
   * const { availableForPurchase, selectedVariant } = await client.stores.getProductOptionsAvailability({
   *   id, options: { Size: 'M', Color: 'Black' },
   * });
   */
  getProductOptionsAvailability: call<typeof getProductOptionsAvailability>(
    storesCalls,
    'getProductOptionsAvailability',
  ),
  /**
   * A product's variants, optionally narrowed by choices or ids.
   * @example const { variants, totalResults } = await client.stores.queryProductVariants({ id, choices: { Size: 'M' } });
   */
  queryProductVariants: call<typeof queryProductVariants>(storesCalls, 'queryProductVariants'),
  /**
   * A query builder over the site's collections (`name`, `slug`, `visible`); visitors see visible ones.
   * @example const { items } = await client.stores.queryCollections().ascending('name').find();
   */
  queryCollections: queryCall<typeof queryCollections, 'collections'>(storesCalls, 'queryCollections', {
    items: 'collections',
    metadata: 'metadata',
  }),
  /**
   * A query builder over the variants of every product of the site; paging reads `metadata`.
   * @example
   * const { items } = await client.stores.queryStoreVariants().eq('productId', id).eq('stock.inStock', true).find();
   */
  queryStoreVariants: queryCall<typeof queryStoreVariants, 'variants'>(storesCalls, 'queryStoreVariants', {
    items: 'variants',
    metadata: 'metadata',
  }),
  /**
   * One variant by its `<productId>-<variantId>` id.
   * @example const { variant } = await client.stores.getStoreVariant({ id: `${productId}-${variantId}` });
   */
  getStoreVariant: call<typeof getStoreVariant>(storesCalls, 'getStoreVariant'),
};

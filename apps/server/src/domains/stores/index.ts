export {
  type CatalogItemOptions,
  STORES_APP_IDS,
  type StockLine,
  type StoresCatalog,
  storesCatalog,
} from './catalog.ts';
export { storesErrors } from './errors.ts';
export { diskMediaStorage, type MediaStorage } from './media-storage.ts';
export { installMediaRoute, storesRoutes } from './routes/index.ts';
export { bulkAdjust, bulkUpdate } from './service/bulk.ts';
export { changeMembership, createCollection } from './service/collections.ts';
export type { StoresDeps } from './service/context.ts';
export { convertCatalogCurrency } from './service/currency.ts';
export { addChoiceMedia, addMedia } from './service/media.ts';
export { createProduct, updateProduct } from './service/products.ts';
export { updateVariants } from './service/variants.ts';
export { catalogStore } from './store.ts';

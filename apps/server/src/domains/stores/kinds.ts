/**
 * The catalog's document kinds: the tables, and the document fields kept in real columns for
 * filters, sorts and uniqueness (the storefront's product list reads only these columns' index).
 */
import type { DocumentKind } from '../../db/documents.ts';

export const productKind: DocumentKind = {
  table: 'store_products',
  entity: 'product',
  label: 'Product',
  notFoundCode: 'PRODUCT_NOT_FOUND',
  columns: {
    name: { column: 'name', type: 'string', nullable: false },
    slug: { column: 'slug', type: 'string', nullable: false },
    'priceData.price': { column: 'price', type: 'number', nullable: false },
    visible: { column: 'visible', type: 'boolean', nullable: false },
    productType: { column: 'product_type', type: 'string', nullable: false },
    lastUpdated: { column: 'last_updated', type: 'string', nullable: false, format: 'date-time' },
  },
  // The storefront's product list is asked for again and again (bench `query-products`).
  cachePages: true,
};

export const collectionKind: DocumentKind = {
  table: 'store_collections',
  entity: 'collection',
  label: 'Collection',
  notFoundCode: 'COLLECTION_NOT_FOUND',
  columns: {
    name: { column: 'name', type: 'string', nullable: false },
    slug: { column: 'slug', type: 'string', nullable: false },
    visible: { column: 'visible', type: 'boolean', nullable: false },
  },
};

export const variantKind: DocumentKind = {
  table: 'store_variants',
  entity: 'storeVariant',
  label: 'Variant',
  notFoundCode: 'VARIANT_NOT_FOUND',
  columns: {
    productId: { column: 'product_id', type: 'string', nullable: false },
    variantId: { column: 'variant_id', type: 'string', nullable: false },
    'stock.quantity': { column: 'quantity', type: 'number', nullable: true },
    'stock.inStock': { column: 'in_stock', type: 'boolean', nullable: false },
    visible: { column: 'visible', type: 'boolean', nullable: false },
  },
};

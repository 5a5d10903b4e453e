/**
 * Stores catalog v1 reads (API map 14) under `/stores-reader/v1` (custom host
 * `/_api/catalog-reader-server/v1`); the writes are in stores.ts.
 */
import { Type } from '@sinclair/typebox';
import { Id, Paging, PagingMetadata, Query } from './common.ts';
import { defineCall } from './define.ts';
import {
  Collection,
  Dimensions,
  Media,
  PriceData,
  Product,
  ProductOption,
  StoreVariant,
  Variant,
} from './stores-schemas.ts';

const reader = (path: string) =>
  [`/stores-reader/v1${path}`, `/_api/catalog-reader-server/v1${path}`] as const;
const app = 'stores' as const;

export const getProduct = defineCall({
  name: 'getProduct',
  method: 'GET',
  paths: reader('/products/{id}'),
  access: 'anyone',
  app,
  summary: 'One product; hidden products only for admins, cost and profit only for admins asking for them.',
  request: Type.Object({ id: Id, includeMerchantSpecificData: Type.Optional(Type.Boolean()) }),
  response: Type.Object({ product: Product }),
});

const QueryProductsRequest = Type.Object({
  query: Type.Optional(Query),
  includeVariants: Type.Optional(Type.Boolean()),
  includeHiddenProducts: Type.Optional(Type.Boolean()),
  includeMerchantSpecificData: Type.Optional(Type.Boolean()),
});
const QueryProductsResponse = Type.Object({ products: Type.Array(Product), metadata: PagingMetadata });

export const queryProducts = defineCall({
  name: 'queryProducts',
  method: 'GET',
  paths: reader('/products/query-platformized'),
  access: 'anyone',
  app,
  summary:
    'Filters, sorts and pages products. The request object travels as `.r`, base64url JSON of `{query}` (map 2.3); default order `createdDate` DESC; visitors see visible products only.',
  request: Type.Object({
    '.r': Type.Optional(Type.String({ maxLength: 64_000, description: 'base64url JSON of {query}' })),
  }),
  response: QueryProductsResponse,
});

export const queryProductsPost = defineCall({
  name: 'queryProductsPost',
  method: 'POST',
  paths: reader('/products/query-platformized'),
  access: 'anyone',
  app,
  summary: 'The POST fallback of `queryProducts` for queries longer than 4000 characters.',
  request: QueryProductsRequest,
  response: QueryProductsResponse,
});

export const getCollectionBySlug = defineCall({
  name: 'getCollectionBySlug',
  method: 'GET',
  paths: reader('/collections/slug/{slug}'),
  access: 'anyone',
  app,
  summary: 'One collection by its slug (hidden ones only for admins).',
  request: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) }),
  response: Type.Object({ collection: Collection }),
});

export const queryCollections = defineCall({
  name: 'queryCollections',
  method: 'POST',
  paths: reader('/collections/query'),
  access: 'anyone',
  app,
  summary:
    'Filters (`name`, `slug`, `visible`), sorts and pages collections, newest first by default; visitors see visible ones, each counting its visible products.',
  request: Type.Object({ query: Type.Optional(Query) }),
  response: Type.Object({ collections: Type.Array(Collection), metadata: PagingMetadata }),
});

export const getProductOptionsAvailability = defineCall({
  name: 'getProductOptionsAvailability',
  method: 'POST',
  paths: reader('/products/{id}/productOptionsAvailability'),
  access: 'anyone',
  app,
  summary:
    'For a (partial) choice per option: the matching variant when all options are chosen, whether it can be bought, its media and the choices still available.',
  request: Type.Object({
    id: Id,
    options: Type.Optional(Type.Record(Type.String(), Type.String())),
  }),
  response: Type.Object({
    selectedVariant: Type.Optional(
      Type.Object({
        id: Type.String(),
        price: PriceData,
        convertedPriceData: PriceData,
        weight: Type.Optional(Type.Number()),
        sku: Type.Optional(Type.String()),
        quantity: Type.Optional(Type.Integer()),
        inStock: Type.Boolean(),
        visible: Type.Boolean(),
        productDimensions: Dimensions,
        packageDimensions: Dimensions,
      }),
    ),
    media: Media,
    productOptions: Type.Array(ProductOption),
    availableForPurchase: Type.Boolean(),
  }),
});

export const queryProductVariants = defineCall({
  name: 'queryProductVariants',
  method: 'POST',
  paths: reader('/products/{id}/variants/query'),
  access: 'anyone',
  app,
  summary: "A product's variants, optionally narrowed by choices or ids.",
  request: Type.Object({
    id: Id,
    choices: Type.Optional(Type.Record(Type.String(), Type.String())),
    variantIds: Type.Optional(Type.Array(Type.String(), { maxItems: 300 })),
    paging: Type.Optional(Paging),
    includeMerchantSpecificData: Type.Optional(Type.Boolean()),
  }),
  response: Type.Object({
    variants: Type.Array(Variant),
    metadata: Type.Object({ items: Type.Integer(), offset: Type.Integer() }),
    totalResults: Type.Integer(),
  }),
});

export const queryStoreVariants = defineCall({
  name: 'queryStoreVariants',
  method: 'POST',
  paths: reader('/variants/query'),
  access: 'anyone',
  app,
  summary: 'Filters, sorts and pages the variants of every product of the site.',
  request: Type.Object({ query: Type.Optional(Query) }),
  response: Type.Object({ variants: Type.Array(StoreVariant), metadata: PagingMetadata }),
});

export const getStoreVariant = defineCall({
  name: 'getStoreVariant',
  method: 'GET',
  paths: reader('/variants/{id}'),
  access: 'anyone',
  app,
  summary: 'One variant by its `<productId>-<variantId>` id.',
  request: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
  response: Type.Object({ variant: StoreVariant }),
});

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import type { PagingMetadata, Product } from './types.ts';

/** The parts of the catalog (packages/contracts/src/stores*.ts) the product, collection and inventory pages read. */
export interface MediaItem {
  id: string;
  mediaType: string;
  title?: string;
  image?: { url: string; width: number; height: number; altText?: string };
  thumbnail?: { url: string };
}

export interface ProductOption {
  optionType: 'unspecified_option_type' | 'drop_down' | 'color';
  name: string;
  choices: Array<{ value: string; description: string }>;
}

export interface ProductVariant {
  id: string;
  choices: Record<string, string>;
  variant: {
    priceData: { price: number; formatted: { price: string } };
    sku?: string;
    visible: boolean;
  };
  stock: { trackQuantity: boolean; quantity?: number; inStock: boolean };
}

export type ProductType = 'unspecified_product_type' | 'physical' | 'digital';

export interface CatalogProduct {
  id: string;
  name: string;
  slug: string;
  visible: boolean;
  productType: ProductType;
  description?: string;
  sku?: string;
  stock: { trackInventory: boolean; quantity?: number; inStock: boolean; inventoryStatus: string };
  priceData: { currency: string; price: number; formatted: { price: string } };
  media: { mainMedia?: MediaItem; items: MediaItem[] };
  manageVariants: boolean;
  productOptions: ProductOption[];
  collectionIds: string[];
  variants: ProductVariant[];
}

export interface Collection {
  id: string;
  name: string;
  slug: string;
  visible: boolean;
  numberOfProducts: number;
}

export interface StoreVariant {
  id: string;
  variantId: string;
  productId: string;
  variantName: string;
  productName: string;
  managedVariant: boolean;
  sku?: string;
  choices: Record<string, string>;
  stock: { trackQuantity: boolean; quantity?: number; inStock: boolean };
  visible: boolean;
}

export interface BulkResult {
  results: Array<{
    itemMetadata: { id: string; success: boolean; error?: { code: string; description: string } };
  }>;
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number };
}

/** What the product form sends: the writable fields of createProduct / updateProduct. */
export interface ProductInput {
  name?: string;
  description?: string;
  sku?: string;
  visible?: boolean;
  productType?: ProductType;
  priceData?: { price: number };
  stock?: { trackInventory?: boolean; quantity?: number; inStock?: boolean };
  productOptions?: Array<{
    optionType: ProductOption['optionType'];
    name: string;
    choices: Array<{ value: string; description: string }>;
  }>;
}

export interface VariantUpdate {
  variantIds: string[];
  price?: number;
  sku?: string;
  visible?: boolean;
  stock?: { trackQuantity?: boolean; quantity?: number; inStock?: boolean };
}

const W = '/stores/v1';
const R = '/stores-reader/v1';
const enc = encodeURIComponent;

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: ['product', id],
    enabled: id !== undefined,
    queryFn: async () => (await api<{ product: CatalogProduct }>('GET', `${R}/products/${enc(id!)}`)).product,
  });
}

/** After any catalog write: the lists, the inventory and the home's low stock read again. */
export function useCatalogRefresh() {
  const client = useQueryClient();
  return (product?: CatalogProduct) => {
    if (product) client.setQueryData(['product', product.id], product);
    void client.invalidateQueries({ queryKey: ['products'] });
    void client.invalidateQueries({ queryKey: ['inventory'] });
    void client.invalidateQueries({ queryKey: ['collections'] });
  };
}

export function useSaveProduct(id: string | undefined) {
  const refresh = useCatalogRefresh();
  return useMutation({
    mutationFn: async (product: ProductInput) =>
      id === undefined
        ? (await api<{ product: CatalogProduct }>('POST', `${W}/products`, { product })).product
        : (
            await api<{ product: CatalogProduct }>('PATCH', `${W}/products/${enc(id)}`, {
              product: { ...product, id },
            })
          ).product,
    onSuccess: (product) => refresh(product),
  });
}

export function useDeleteProduct() {
  const refresh = useCatalogRefresh();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', `${W}/products/${enc(id)}`),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: ['product', id] });
      refresh();
    },
  });
}

/** Every product write answers with less than the product: read it again after one. */
function useProductWrite<T>(productId: string, write: (input: T) => Promise<unknown>) {
  const refresh = useCatalogRefresh();
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['product', productId] });
      refresh();
    },
  });
}

export const useUpdateVariants = (productId: string) =>
  useProductWrite(productId, (variants: VariantUpdate[]) =>
    api('PATCH', `${W}/products/${enc(productId)}/variants`, { id: productId, variants }),
  );

export const useAddMedia = (productId: string) =>
  useProductWrite(productId, (media: Array<{ url: string; title: string }>) =>
    api('POST', `${W}/products/${enc(productId)}/media`, { id: productId, media }),
  );

export const useRemoveMedia = (productId: string) =>
  useProductWrite(productId, (mediaId: string) =>
    api('POST', `${W}/products/${enc(productId)}/media/delete`, { id: productId, mediaIds: [mediaId] }),
  );

export const useCollectionMembership = (productId: string) =>
  useProductWrite(productId, ({ collectionId, add }: { collectionId: string; add: boolean }) =>
    api('POST', `${W}/collections/${enc(collectionId)}/productIds${add ? '' : '/delete'}`, {
      id: collectionId,
      productIds: [productId],
    }),
  );

// --- the products list ------------------------------------------------------------------------

export const PRODUCT_PAGE = 20;

export interface ProductFilters {
  search: string;
  /** '' for all, 'visible' or 'hidden'. */
  show: string;
  /** '' for all, 'in' or 'out' of stock. */
  stock: string;
}

/** The list's products carry the whole product; bulk stock needs to know how each counts it. */
export type ListedCatalogProduct = Product & { manageVariants: boolean };

/** One page of products by name, filtered by the server. */
export function useProductList({ search, show, stock }: ProductFilters, page: number) {
  const filters: Record<string, unknown>[] = [];
  if (search) filters.push({ name: { $contains: search } });
  if (show) filters.push({ visible: show === 'visible' });
  if (stock) filters.push({ 'stock.inStock': stock === 'in' });
  return useQuery({
    queryKey: ['products', 'list', search, show, stock, page],
    queryFn: () =>
      api<{ products: ListedCatalogProduct[]; metadata: PagingMetadata }>(
        'POST',
        `${R}/products/query-platformized`,
        {
          query: {
            filter: filters.length > 0 ? { $and: filters } : {},
            sort: [{ fieldName: 'name', order: 'ASC' }],
            paging: { offset: page * PRODUCT_PAGE, limit: PRODUCT_PAGE },
          },
        },
      ),
    placeholderData: keepPreviousData,
  });
}

// --- collections ------------------------------------------------------------------------------

export const COLLECTION_PAGE = 20;

/** A page of collections by name, optionally those whose name starts with `search`. */
export function useCollections(search: string, page: number, limit = COLLECTION_PAGE) {
  return useQuery({
    queryKey: ['collections', search, page, limit],
    queryFn: () =>
      api<{ collections: Collection[]; metadata: PagingMetadata }>('POST', `${R}/collections/query`, {
        query: {
          filter: search ? { name: { $startsWith: search } } : {},
          sort: [{ fieldName: 'name', order: 'ASC' }],
          paging: { offset: page * limit, limit },
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveCollection() {
  const refresh = useCatalogRefresh();
  return useMutation({
    mutationFn: ({ id, name }: { id?: string; name: string }) =>
      id === undefined
        ? api('POST', `${W}/collections`, { collection: { name } })
        : api('PATCH', `${W}/collections/${enc(id)}`, { collection: { id, name } }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteCollection() {
  const refresh = useCatalogRefresh();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', `${W}/collections/${enc(id)}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['product'] });
      refresh();
    },
  });
}

export interface ListedProduct {
  id: string;
  name: string;
  visible: boolean;
  priceData: { formatted: { price: string } };
}

/** The products of a collection, by name, paged by the server. */
export function useCollectionProducts(collectionId: string, page: number) {
  return useQuery({
    queryKey: ['products', 'collection', collectionId, page],
    queryFn: () =>
      api<{ products: ListedProduct[]; metadata: PagingMetadata }>(
        'POST',
        `${R}/products/query-platformized`,
        {
          query: {
            filter: { collectionIds: { $hasSome: [collectionId] } },
            sort: [{ fieldName: 'name', order: 'ASC' }],
            paging: { offset: page * COLLECTION_PAGE, limit: COLLECTION_PAGE },
          },
        },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useRemoveFromCollection(collectionId: string) {
  const refresh = useCatalogRefresh();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      api('POST', `${W}/collections/${enc(collectionId)}/productIds/delete`, {
        id: collectionId,
        productIds: [productId],
      }),
    onSuccess: (_data, productId) => {
      void client.invalidateQueries({ queryKey: ['product', productId] });
      refresh();
    },
  });
}

/** Bulk price and stock changes of the products list, and the inventory view's reads and writes. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BulkResult, type StoreVariant, useCatalogRefresh } from './catalog.ts';
import { api } from './client.ts';
import type { PagingMetadata } from './types.ts';

const W = '/stores/v1';
const R = '/stores-reader/v1';
const enc = encodeURIComponent;

// --- bulk changes -----------------------------------------------------------------------------

export type BulkPrice =
  | { kind: 'set'; price: number }
  | { kind: 'amount'; amount: number }
  | { kind: 'percent'; rate: number };

export function useBulkPrice() {
  const refresh = useCatalogRefresh();
  return useMutation({
    mutationFn: ({ ids, change }: { ids: string[]; change: BulkPrice }) =>
      change.kind === 'set'
        ? api<BulkResult>('POST', `${W}/bulk/products/update`, { ids, set: { price: change.price } })
        : api<BulkResult>('POST', `${W}/bulk/products/adjust-properties`, {
            ids,
            adjust: {
              price:
                change.kind === 'amount' ? { amount: change.amount } : { percentage: { rate: change.rate } },
            },
          }),
    onSuccess: () => refresh(),
  });
}

// --- stock ------------------------------------------------------------------------------------

/**
 * Counts `quantity` in stock for one product: through its variants when they are managed (every
 * variant named, so the counting may switch on), on the product otherwise.
 */
export function setProductStock(product: { id: string; manageVariants: boolean }, quantity: number) {
  return product.manageVariants
    ? api('PATCH', `${W}/products/${enc(product.id)}/variants`, {
        id: product.id,
        variants: [{ stock: { trackQuantity: true, quantity } }],
      })
    : api('PATCH', `${W}/products/${enc(product.id)}`, {
        product: { id: product.id, stock: { trackInventory: true, quantity } },
      });
}

export interface ItemFailure {
  id: string;
  message: string;
}

/** The same stock for many products, one call each (no bulk stock call exists); failures per product. */
export function useBulkStock() {
  const refresh = useCatalogRefresh();
  return useMutation({
    mutationFn: async ({
      products,
      quantity,
    }: {
      products: Array<{ id: string; manageVariants: boolean }>;
      quantity: number;
    }) => {
      const failures: ItemFailure[] = [];
      for (const product of products) {
        try {
          await setProductStock(product, quantity);
        } catch (error) {
          failures.push({ id: product.id, message: error instanceof Error ? error.message : String(error) });
        }
      }
      return { done: products.length - failures.length, failures };
    },
    onSettled: () => refresh(),
  });
}

export const INVENTORY_PAGE = 25;

/** Variants of every product with their stock, by product name; `low` keeps the counted ones at or under `threshold`. */
export function useInventory(search: string, low: boolean, threshold: number, page: number) {
  const filters: Record<string, unknown>[] = [];
  if (search) filters.push({ productName: { $contains: search } });
  if (low) filters.push({ 'stock.trackQuantity': true }, { 'stock.quantity': { $lte: threshold } });
  return useQuery({
    queryKey: ['inventory', search, low, threshold, page],
    queryFn: () =>
      api<{ variants: StoreVariant[]; metadata: PagingMetadata }>('POST', `${R}/variants/query`, {
        query: {
          filter: filters.length > 0 ? { $and: filters } : {},
          sort: [
            ...(low ? [{ fieldName: 'stock.quantity', order: 'ASC' }] : []),
            { fieldName: 'productName', order: 'ASC' },
            { fieldName: 'variantName', order: 'ASC' },
          ],
          paging: { offset: page * INVENTORY_PAGE, limit: INVENTORY_PAGE },
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** One variant's counted quantity: on its product when it stands alone, through update-variants otherwise. */
export function useSetVariantStock() {
  const refresh = useCatalogRefresh();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ variant, quantity }: { variant: StoreVariant; quantity: number }) =>
      variant.managedVariant || Object.keys(variant.choices).length > 0
        ? api('PATCH', `${W}/products/${enc(variant.productId)}/variants`, {
            id: variant.productId,
            variants: [{ variantIds: [variant.variantId], stock: { trackQuantity: true, quantity } }],
          })
        : setProductStock({ id: variant.productId, manageVariants: false }, quantity),
    onSuccess: (_data, { variant }) => {
      void client.invalidateQueries({ queryKey: ['product', variant.productId] });
      refresh();
    },
  });
}

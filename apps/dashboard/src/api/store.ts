import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import type { Order, PagingMetadata, Product, Site } from './types.ts';

export const PAGE_SIZE = 20;

export function useSite() {
  return useQuery({
    queryKey: ['site'],
    queryFn: async () => (await api<{ site: Site }>('GET', '/plaza/v1/site')).site,
    staleTime: 60_000,
  });
}

type Filter = Record<string, unknown>;

export function useOrder(id: string) {
  return useQuery({
    queryKey: ['order', id],
    queryFn: async () =>
      (await api<{ order: Order }>('GET', `/ecom/v1/orders/${encodeURIComponent(id)}`)).order,
  });
}

export function useCancelOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (restock: boolean) =>
      api<{ order: Order }>('POST', `/ecom/v1/orders/${encodeURIComponent(id)}/cancel`, {
        restockAllItems: restock,
      }),
    onSuccess: ({ order }) => {
      client.setQueryData(['order', id], order);
      void client.invalidateQueries({ queryKey: ['orders'] });
      void client.invalidateQueries({ queryKey: ['sales'] });
      void client.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

const queryProducts = (query: {
  filter: Filter;
  sort: unknown[];
  paging: { offset: number; limit: number };
}) =>
  api<{ products: Product[]; metadata: PagingMetadata }>(
    'POST',
    '/stores-reader/v1/products/query-platformized',
    {
      query,
    },
  );

/** One page of products, by name, optionally those whose name contains `search`. */
export function useProducts(search: string, page: number) {
  return useQuery({
    queryKey: ['products', search, page],
    queryFn: () =>
      queryProducts({
        filter: search ? { name: { $contains: search } } : {},
        sort: [{ fieldName: 'name', order: 'ASC' }],
        paging: { offset: page * PAGE_SIZE, limit: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export const LOW_STOCK = 5;

/** Products whose counted stock is at or below LOW_STOCK, fewest first. */
export function useLowStock() {
  return useQuery({
    queryKey: ['products', 'low-stock'],
    queryFn: async () =>
      (
        await queryProducts({
          filter: { 'stock.trackInventory': true, 'stock.quantity': { $lte: LOW_STOCK } },
          sort: [{ fieldName: 'stock.quantity', order: 'ASC' }],
          paging: { offset: 0, limit: 10 },
        })
      ).products,
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import type { Order, PagingMetadata, Product, Site } from './types.ts';

export const PAGE_SIZE = 20;
/** The home figures read at most this many orders of the last 30 days (ten pages). */
export const SALES_ORDER_CAP = 1000;

export function useSite() {
  return useQuery({
    queryKey: ['site'],
    queryFn: async () => (await api<{ site: Site }>('GET', '/plaza/v1/site')).site,
    staleTime: 60_000,
  });
}

type Filter = Record<string, unknown>;

const searchOrders = (filter: Filter, offset: number, limit: number) =>
  api<{ orders: Order[]; metadata: PagingMetadata }>('POST', '/ecom/v1/orders/search', {
    search: { filter, sort: [{ fieldName: 'createdDate', order: 'DESC' }], paging: { offset, limit } },
  });

/** One page of orders, newest first, paged and filtered by the server. */
export function useOrders(status: string, page: number) {
  return useQuery({
    queryKey: ['orders', status, page],
    queryFn: () => searchOrders(status ? { status } : {}, page * PAGE_SIZE, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
}

/** The orders placed since `since`, page after page (100 each), up to SALES_ORDER_CAP. */
export function useRecentOrders(since: string) {
  return useQuery({
    queryKey: ['orders', 'since', since],
    queryFn: async () => {
      const orders: Order[] = [];
      let total = 0;
      do {
        const page = await searchOrders({ createdDate: { $gte: since } }, orders.length, 100);
        orders.push(...page.orders);
        total = page.metadata.total ?? orders.length;
        if (page.orders.length === 0) break;
      } while (orders.length < total && orders.length < SALES_ORDER_CAP);
      return { orders, complete: orders.length >= total };
    },
    staleTime: 30_000,
  });
}

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

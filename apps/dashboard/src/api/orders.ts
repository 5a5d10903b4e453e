/**
 * Orders for the owner: the filtered list (paged by the server), the order's actions, the CSV export
 * (page after page with the cursor) and the sales summary the server computes for Home.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import type { Order, PagingMetadata, Price } from './types.ts';

export const ORDERS_PAGE = 20;
/** The export reads this many orders a call: the most the server answers in one page. */
export const EXPORT_PAGE = 100;

type Filter = Record<string, unknown>;
const NEWEST_FIRST = [{ fieldName: 'createdDate', order: 'DESC' }];
const search = (body: Record<string, unknown>) =>
  api<{ orders: Order[]; metadata: PagingMetadata & { hasNext?: boolean } }>(
    'POST',
    '/ecom/v1/orders/search',
    {
      search: body,
    },
  );

/** One page of the orders `filter` matches, newest first. */
export function useOrderSearch(filter: Filter, page: number, enabled = true) {
  return useQuery({
    queryKey: ['orders', 'search', filter, page],
    queryFn: () =>
      search({ filter, sort: NEWEST_FIRST, paging: { offset: page * ORDERS_PAGE, limit: ORDERS_PAGE } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * Every order `filter` matches, page after page with the cursor (each page a call of its own, so the
 * server never holds more than one), handed to `onPage` as it arrives. Stops when `signal` aborts.
 */
export async function forEachOrderPage(
  filter: Filter,
  onPage: (orders: Order[], progress: { done: number; total: number }) => void,
  signal?: AbortSignal,
) {
  let cursor: string | undefined;
  let done = 0;
  do {
    if (signal?.aborted) throw new DOMException('The export was stopped.', 'AbortError');
    // Past the first page the cursor carries the filter and the sort.
    const page = await search({
      ...(cursor ? {} : { filter, sort: NEWEST_FIRST }),
      cursorPaging: { limit: EXPORT_PAGE, ...(cursor ? { cursor } : {}) },
    });
    done += page.orders.length;
    onPage(page.orders, { done, total: Math.max(page.metadata.total ?? done, done) });
    cursor = page.metadata.hasNext ? (page.metadata.cursors?.next ?? undefined) : undefined;
  } while (cursor);
}

function useOrderChange<T>(id: string, change: (id: string, input: T) => Promise<{ order: Order }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => change(id, input),
    onSuccess: ({ order }) => {
      client.setQueryData(['order', id], order);
      void client.invalidateQueries({ queryKey: ['orders'] });
      void client.invalidateQueries({ queryKey: ['sales'] });
    },
  });
}

const at = (id: string, action: string) => `/ecom/v1/orders/${encodeURIComponent(id)}/${action}`;

/** Records an offline payment, or captures an authorised one (the platform's mark-as-paid does both). */
export const useMarkOrderPaid = (id: string) =>
  useOrderChange<void>(id, (orderId) => api('POST', at(orderId, 'mark-as-paid'), {}));

/** Sends the buyer the order's confirmation e-mail again. */
export function useResendConfirmation(id: string) {
  return useMutation({
    mutationFn: () => api<Record<string, never>>('POST', at(id, 'send-buyer-confirmation-email'), {}),
  });
}

export interface Sales {
  orders: number;
  revenue: Price;
}

export interface SalesPeriod extends Sales {
  days: number;
  from: string;
  averageOrder: Price;
  byCatalog: Array<Sales & { appId: string }>;
}

export interface SalesSummary {
  currency: string;
  timeZone: string;
  periods: SalesPeriod[];
  days: Array<Sales & { date: string }>;
}

/** Today, 7 and 30 days and each of the 30 days, computed by the server in the site's time zone. */
export function useSalesSummary() {
  return useQuery({
    queryKey: ['sales', 'summary'],
    queryFn: async () =>
      (await api<{ summary: SalesSummary }>('GET', '/plaza/v1/orders/sales-summary')).summary,
    staleTime: 30_000,
  });
}

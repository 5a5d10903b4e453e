import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import type { PagingMetadata, Site } from './types.ts';

export type AppName = 'stores' | 'bookings' | 'events' | 'pricing-plans';

export interface SiteSettings extends Site {
  installedApps: AppName[];
}

export function useSiteSettings() {
  return useQuery({
    queryKey: ['site'],
    queryFn: async () => (await api<{ site: SiteSettings }>('GET', '/plaza/v1/site')).site,
    staleTime: 60_000,
  });
}

export interface SitePatch {
  name: string;
  currency: string;
  timeZone: string;
  installedApps: AppName[];
}

export function useUpdateSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (site: SitePatch) => api<{ site: SiteSettings }>('PATCH', '/plaza/v1/site', { site }),
    onSuccess: ({ site }) => client.setQueryData(['site'], site),
  });
}

export interface Payments {
  test: boolean;
  offline: boolean;
}

const ECOM_SETTINGS = '/plaza/v1/ecom-settings';

export function usePayments() {
  return useQuery({
    queryKey: ['ecom-settings'],
    queryFn: async () =>
      (await api<{ settings: { payments: Payments } }>('GET', ECOM_SETTINGS)).settings.payments,
  });
}

export function useUpdatePayments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payments: Payments) =>
      api<{ settings: { payments: Payments } }>('PATCH', ECOM_SETTINGS, { settings: { payments } }),
    onSuccess: ({ settings }) => client.setQueryData(['ecom-settings'], settings.payments),
  });
}

// --- webhooks -------------------------------------------------------------------------------------

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  description?: string;
  disabledReason?: string;
  createdDate: string;
}

export interface Attempt {
  attempt: number;
  startedDate: string;
  durationMs: number;
  statusCode?: number;
  responseExcerpt?: string;
  error?: string;
}

export interface Delivery {
  id: string;
  event: string;
  entityKind: string;
  entityId: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED' | 'CANCELED';
  attempts: Attempt[];
  nextAttemptDate?: string;
  replayOf?: string;
  createdDate: string;
}

const WEBHOOKS = '/plaza/v1/webhooks';
export const WEBHOOK_PAGE = 20;
const at = (id: string) => `${WEBHOOKS}/${encodeURIComponent(id)}`;

export function useWebhooks(page: number) {
  return useQuery({
    queryKey: ['webhooks', page],
    queryFn: () =>
      api<{ webhooks: Webhook[]; pagingMetadata: PagingMetadata }>('POST', `${WEBHOOKS}/query`, {
        query: {
          sort: [{ fieldName: 'createdDate', order: 'DESC' }],
          paging: { offset: page * WEBHOOK_PAGE, limit: WEBHOOK_PAGE },
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useWebhook(id: string) {
  return useQuery({
    queryKey: ['webhook', id],
    queryFn: async () => (await api<{ webhook: Webhook }>('GET', at(id))).webhook,
  });
}

export interface NewWebhook {
  url: string;
  events: string[];
  description: string;
}

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (webhook: NewWebhook) =>
      api<{ webhook: Webhook; secret: string }>('POST', WEBHOOKS, {
        webhook: { ...webhook, ...(webhook.description ? {} : { description: undefined }) },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

export function useSetWebhookEnabled(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api<{ webhook: Webhook }>('PATCH', at(id), { webhook: { id, enabled } }),
    onSuccess: ({ webhook }) => {
      client.setQueryData(['webhook', id], webhook);
      void client.invalidateQueries({ queryKey: ['webhooks'] });
    },
  });
}

export function useDeleteWebhook(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<object>('DELETE', at(id)),
    onSuccess: () => {
      client.removeQueries({ queryKey: ['webhook', id] });
      void client.invalidateQueries({ queryKey: ['webhooks'] });
    },
  });
}

/** The delivery log, newest first; `cursor` pages on (the previous answer's `cursors.next`). */
export function useDeliveries(id: string, cursor: string | undefined) {
  return useQuery({
    queryKey: ['deliveries', id, cursor ?? ''],
    queryFn: () =>
      api<{ deliveries: Delivery[]; pagingMetadata: PagingMetadata }>(
        'GET',
        `${at(id)}/deliveries?limit=${WEBHOOK_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useReplayDelivery(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api<{ delivery: Delivery }>(
        'POST',
        `${at(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
        {},
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['deliveries', id] }),
  });
}

// --- API keys -------------------------------------------------------------------------------------

export interface ApiKey {
  id: string;
  name: string;
  keyPrefix: string;
  createdDate: string;
}

const API_KEYS = '/plaza/v1/api-keys';

export function useApiKeys() {
  return useQuery({
    queryKey: ['api-keys'],
    queryFn: async () => (await api<{ apiKeys: ApiKey[] }>('GET', API_KEYS)).apiKeys,
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<{ apiKey: ApiKey; key: string }>('POST', API_KEYS, { name }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}

export function useDeleteApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: ApiKey) => api<object>('DELETE', `${API_KEYS}/${encodeURIComponent(key.id)}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}

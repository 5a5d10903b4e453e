import { webhooksCalls } from '@plaza/contracts';
import { callModule } from '../../http/calls.ts';
import { wrapRaw, wrapRawList } from '../../lib/raw-json.ts';
import { webhooksErrors } from './errors.ts';
import {
  createWebhook,
  listDeliveries,
  replayDelivery,
  replaySince,
  rotateSecret,
  updateWebhook,
  type WebhooksDeps,
} from './service.ts';

export function webhooksRoutes(deps: WebhooksDeps) {
  const endpoints = (siteId: string) => deps.store.endpoints.forSite(siteId);
  return callModule('webhooks', webhooksCalls, {
    createWebhook: async ({ webhook }, { caller }) =>
      (await createWebhook(deps, caller.siteId, webhook)) as never,

    getWebhook: async ({ webhookId }, { caller }) => {
      const stored = await endpoints(caller.siteId).getRaw(webhookId);
      if (stored === undefined) throw webhooksErrors.webhookNotFound(webhookId);
      return wrapRaw('webhook', stored);
    },

    updateWebhook: async ({ webhook }, { caller }) => {
      const { id, revision, ...fields } = webhook;
      return { webhook: (await updateWebhook(deps, caller.siteId, id, fields, revision)) as never };
    },

    deleteWebhook: async ({ webhookId }, { caller }) => {
      if (!(await endpoints(caller.siteId).delete(webhookId)))
        throw webhooksErrors.webhookNotFound(webhookId);
      return {};
    },

    queryWebhooks: async ({ query }, { caller }) => {
      const page = await endpoints(caller.siteId).query(query);
      return wrapRawList('webhooks', page.items, { pagingMetadata: page.metadata });
    },

    rotateWebhookSecret: async ({ webhookId }, { caller }) => ({
      secret: await rotateSecret(deps, caller.siteId, webhookId),
    }),

    listWebhookDeliveries: async ({ webhookId, limit, cursor }, { caller }) =>
      (await listDeliveries(deps, caller.siteId, webhookId, { limit, cursor })) as never,

    replayWebhookDelivery: async ({ webhookId, deliveryId }, { caller }) => ({
      delivery: (await replayDelivery(deps, caller.siteId, webhookId, deliveryId)) as never,
    }),

    replayWebhookDeliveries: async ({ webhookId, since }, { caller }) =>
      replaySince(deps, caller.siteId, webhookId, since),
  });
}

import type {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  queryWebhooks,
  replayWebhookDeliveries,
  replayWebhookDelivery,
  rotateWebhookSecret,
  updateWebhook,
} from '@plaza/contracts';
import { call } from '../core/calls.ts';
import { webhooksCalls } from '../generated/calls.ts';

/**
 * The site's webhook endpoints, their delivery log and replays. Admin only. A receiver checks what
 * it gets with `verifyWebhook`.
 */
export const webhooks = {
  /**
   * Adds an endpoint; the answer holds its signing secret, this once.
   * @example
   * const { webhook, secret } = await admin.webhooks.createWebhook({
   *   webhook: { url: 'https://shop.example/hooks', events: ['order/paid', 'product/*'] },
   * });
   */
  createWebhook: call<typeof createWebhook>(webhooksCalls, 'createWebhook'),
  getWebhook: call<typeof getWebhook>(webhooksCalls, 'getWebhook'),
  updateWebhook: call<typeof updateWebhook>(webhooksCalls, 'updateWebhook'),
  deleteWebhook: call<typeof deleteWebhook>(webhooksCalls, 'deleteWebhook'),
  queryWebhooks: call<typeof queryWebhooks>(webhooksCalls, 'queryWebhooks'),
  /** Replaces the signing secret at once; the answer holds the new one, this once. */
  rotateWebhookSecret: call<typeof rotateWebhookSecret>(webhooksCalls, 'rotateWebhookSecret'),
  /** The endpoint's deliveries, newest first, with every attempt. */
  listWebhookDeliveries: call<typeof listWebhookDeliveries>(webhooksCalls, 'listWebhookDeliveries'),
  replayWebhookDelivery: call<typeof replayWebhookDelivery>(webhooksCalls, 'replayWebhookDelivery'),
  /** Sends again every delivery made since a time. */
  replayWebhookDeliveries: call<typeof replayWebhookDeliveries>(webhooksCalls, 'replayWebhookDeliveries'),
};

/**
 * Webhooks: the site's endpoints that domain events are pushed to, signed, retried and logged (owner
 * calls). The body each endpoint receives is `WebhookEnvelope`.
 */
import { Type } from '@sinclair/typebox';
import { Empty, Id, PagingMetadata, Query, Timestamp } from './common.ts';
import { defineCall } from './define.ts';

const EventFilter = Type.String({
  pattern: '^([A-Za-z][A-Za-z0-9_]*|\\*)/([a-z][a-z0-9_]*|\\*)$',
  maxLength: 100,
  description:
    'An entity kind and an event as the outbox records them, `*` for any: `order/paid`, `product/*`, `capacity_hold/expired`, `*/deleted`.',
});

export const Webhook = Type.Object({
  id: Id,
  revision: Type.String(),
  url: Type.String({ description: 'Where deliveries are POSTed.' }),
  events: Type.Array(Type.String(), { description: 'The events delivered (see `events` of create).' }),
  enabled: Type.Boolean(),
  description: Type.Optional(Type.String()),
  disabledReason: Type.Optional(
    Type.String({
      description: '`FAILING` when Plaza disabled it after a day of failed deliveries; set it enabled again.',
    }),
  ),
  createdDate: Timestamp,
  updatedDate: Timestamp,
});

const WebhookFields = {
  url: Type.String({
    minLength: 1,
    maxLength: 2000,
    description:
      'An https URL (http only where the server allows it) naming a public host: loopback and private addresses are refused unless the server allows them.',
  }),
  events: Type.Array(EventFilter, { minItems: 1, maxItems: 100 }),
  enabled: Type.Boolean(),
  description: Type.String({ maxLength: 2000 }),
};

const Secret = Type.String({
  description:
    'The signing secret (HMAC-SHA256 of `Plaza-Signature`). Shown this once: store it with the receiver.',
});

export const WebhookAttempt = Type.Object({
  attempt: Type.Integer(),
  url: Type.String(),
  startedDate: Timestamp,
  durationMs: Type.Integer(),
  statusCode: Type.Optional(Type.Integer({ description: 'Absent when no answer came.' })),
  responseExcerpt: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
});

export const WebhookDelivery = Type.Object({
  id: Id,
  webhookId: Id,
  eventId: Type.String({
    description: 'The same on every delivery of one event: receivers skip what they had.',
  }),
  entityKind: Type.String(),
  entityId: Type.String(),
  event: Type.String(),
  revision: Type.Optional(Type.String()),
  status: Type.Union(['PENDING', 'DELIVERED', 'FAILED', 'CANCELED'].map((s) => Type.Literal(s))),
  attempts: Type.Array(WebhookAttempt),
  nextAttemptDate: Type.Optional(Timestamp),
  replayOf: Type.Optional(Id),
  request: Type.Object({ body: Type.String({ description: 'The JSON body sent, as sent.' }) }),
  createdDate: Timestamp,
  updatedDate: Timestamp,
});

export const createWebhook = defineCall({
  name: 'createWebhook',
  method: 'POST',
  paths: ['/plaza/v1/webhooks'],
  access: 'admin',
  summary:
    'Adds an endpoint that receives the events it names, from now on. Answers its signing secret, this once.',
  request: Type.Object({
    webhook: Type.Object({
      url: WebhookFields.url,
      events: WebhookFields.events,
      enabled: Type.Optional(WebhookFields.enabled),
      description: Type.Optional(WebhookFields.description),
    }),
  }),
  response: Type.Object({ webhook: Webhook, secret: Secret }),
});

export const getWebhook = defineCall({
  name: 'getWebhook',
  method: 'GET',
  paths: ['/plaza/v1/webhooks/{webhookId}'],
  access: 'admin',
  summary: 'One endpoint (without its secret).',
  request: Type.Object({ webhookId: Id }),
  response: Type.Object({ webhook: Webhook }),
});

export const updateWebhook = defineCall({
  name: 'updateWebhook',
  method: 'PATCH',
  paths: ['/plaza/v1/webhooks/{webhook.id}'],
  access: 'admin',
  summary:
    'Changes the given fields. Disabling stops its pending deliveries; enabling again resumes deliveries of new events (replay the rest). Send `revision` to refuse concurrent edits.',
  request: Type.Object({
    webhook: Type.Object({
      id: Id,
      revision: Type.Optional(
        Type.Union([Type.String({ pattern: '^[0-9]+$' }), Type.Integer({ minimum: 0 })]),
      ),
      url: Type.Optional(WebhookFields.url),
      events: Type.Optional(WebhookFields.events),
      enabled: Type.Optional(WebhookFields.enabled),
      description: Type.Optional(WebhookFields.description),
    }),
  }),
  response: Type.Object({ webhook: Webhook }),
});

export const deleteWebhook = defineCall({
  name: 'deleteWebhook',
  method: 'DELETE',
  paths: ['/plaza/v1/webhooks/{webhookId}'],
  access: 'admin',
  summary: 'Removes an endpoint; its pending deliveries are not sent.',
  request: Type.Object({ webhookId: Id }),
  response: Empty,
});

export const queryWebhooks = defineCall({
  name: 'queryWebhooks',
  method: 'POST',
  paths: ['/plaza/v1/webhooks/query'],
  access: 'admin',
  summary: "Filters, sorts and pages the site's endpoints (query language of map section 5).",
  request: Type.Object({ query: Type.Optional(Query) }),
  response: Type.Object({ webhooks: Type.Array(Webhook), pagingMetadata: PagingMetadata }),
});

export const rotateWebhookSecret = defineCall({
  name: 'rotateWebhookSecret',
  method: 'POST',
  paths: ['/plaza/v1/webhooks/{webhookId}/rotate-secret'],
  access: 'admin',
  summary: 'Replaces the signing secret at once and answers the new one, this once.',
  request: Type.Object({ webhookId: Id }),
  response: Type.Object({ secret: Secret }),
});

export const listWebhookDeliveries = defineCall({
  name: 'listWebhookDeliveries',
  method: 'GET',
  paths: ['/plaza/v1/webhooks/{webhookId}/deliveries'],
  access: 'admin',
  summary:
    "The endpoint's delivery log, newest first, with every attempt (status, response excerpt, duration). Page on with `cursor` = the answer's `pagingMetadata.cursors.next`.",
  request: Type.Object({
    webhookId: Id,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,19}$', description: 'Opaque.' })),
  }),
  response: Type.Object({ deliveries: Type.Array(WebhookDelivery), pagingMetadata: PagingMetadata }),
});

export const replayWebhookDelivery = defineCall({
  name: 'replayWebhookDelivery',
  method: 'POST',
  paths: ['/plaza/v1/webhooks/{webhookId}/deliveries/{deliveryId}/replay'],
  access: 'admin',
  summary: 'Sends a delivery again, the same body, as a new delivery of its own (`replayOf`).',
  request: Type.Object({ webhookId: Id, deliveryId: Id }),
  response: Type.Object({ delivery: WebhookDelivery }),
});

export const replayWebhookDeliveries = defineCall({
  name: 'replayWebhookDeliveries',
  method: 'POST',
  paths: ['/plaza/v1/webhooks/{webhookId}/replay'],
  access: 'admin',
  summary:
    "Sends again every delivery of the endpoint made since `since` (replays excepted), oldest first, up to 1000 a call: call again from the last one's date while `replayed` is 1000.",
  request: Type.Object({ webhookId: Id, since: Timestamp }),
  response: Type.Object({ replayed: Type.Integer() }),
});

export const webhooksCalls = [
  createWebhook,
  getWebhook,
  updateWebhook,
  deleteWebhook,
  queryWebhooks,
  rotateWebhookSecret,
  listWebhookDeliveries,
  replayWebhookDelivery,
  replayWebhookDeliveries,
] as const;

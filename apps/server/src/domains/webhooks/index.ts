export { handleDeliveries, webhooksConsumer } from './delivery.ts';
export type { WebhookEnvelope, WebhookIdentityType } from './envelope.ts';
export { scheduleDeliveryRetention } from './retention.ts';
export { webhooksRoutes } from './routes.ts';
export type { WebhooksDeps } from './service.ts';
export { webhooksStore } from './store.ts';
export type { UrlPolicy } from './url-guard.ts';

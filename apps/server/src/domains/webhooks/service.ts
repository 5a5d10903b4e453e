/** The owner's use cases: endpoints, their secrets, the delivery log and replays. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/connect.ts';
import type { Schema } from '../../db/schema.ts';
import type { Jobs } from '../../jobs/loop.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Mailer } from '../../mail/index.ts';
import type { SigningKeys } from '../identity/index.ts';
import { webhooksErrors } from './errors.ts';
import { newSecret } from './signing.ts';
import type { AttemptRow, DeliveryRow, WebhookDoc, WebhooksStore } from './store.ts';
import { type UrlPolicy, urlProblem } from './url-guard.ts';

export const DELIVER_JOB = 'webhooks.deliver';
const REPLAY_LIMIT = 1000;

export interface WebhooksDeps {
  database: Database;
  clock: Clock;
  store: WebhooksStore;
  jobs: Pick<Jobs, 'enqueue'>;
  /** Seals endpoint secrets at rest; they are opened to sign each delivery. */
  box: SecretBox;
  signingKeys: SigningKeys;
  mail: Mailer;
  /** Where to tell the site's owners that an endpoint was disabled. */
  ownerEmails(siteId: string): Promise<string[]>;
  policy: UrlPolicy;
  timeoutMs: number;
  log: { error(details: object, message: string): void };
  /** In [0, 1): the jitter of retries. */
  random: () => number;
}

export interface WebhookInput {
  url?: string | undefined;
  events?: string[] | undefined;
  enabled?: boolean | undefined;
  description?: string | undefined;
}

function checkUrl(deps: WebhooksDeps, url: string | undefined) {
  if (url === undefined) return;
  const problem = urlProblem(url.trim(), deps.policy);
  if (problem) throw webhooksErrors.badUrl('webhook.url', url, problem);
}

const uniqueEvents = (events: string[]) => [...new Set(events)];

export async function createWebhook(
  deps: WebhooksDeps,
  siteId: string,
  input: WebhookInput & { url: string; events: string[] },
): Promise<{ webhook: WebhookDoc; secret: string }> {
  checkUrl(deps, input.url);
  const secret = newSecret();
  const webhook = await deps.database.db.transaction().execute(async (trx) => {
    const created = await deps.store.endpoints.forSite(siteId, trx).create({
      url: input.url.trim(),
      events: uniqueEvents(input.events),
      enabled: input.enabled ?? true,
      ...(input.description === undefined ? {} : { description: input.description }),
    });
    await deps.store.setSecret(trx, siteId, created.id, deps.box.seal(secret));
    return created as WebhookDoc;
  });
  return { webhook, secret };
}

export async function updateWebhook(
  deps: WebhooksDeps,
  siteId: string,
  id: string,
  input: WebhookInput,
  expectedRevision?: string | number,
): Promise<WebhookDoc> {
  checkUrl(deps, input.url);
  const patch: Record<string, unknown> = {};
  if (input.url !== undefined) patch.url = input.url.trim();
  if (input.events !== undefined) patch.events = uniqueEvents(input.events);
  if (input.description !== undefined) patch.description = input.description;
  if (input.enabled !== undefined) {
    patch.enabled = input.enabled;
    if (input.enabled) patch.disabledReason = undefined;
  }
  const updated = await deps.store.endpoints
    .forSite(siteId)
    .update<WebhookDoc>(id, patch, { expectedRevision });
  // Enabled again: its failures so far no longer count towards disabling it.
  if (input.enabled) await deps.store.clearFailing(siteId, id);
  return updated;
}

export async function rotateSecret(deps: WebhooksDeps, siteId: string, id: string): Promise<string> {
  if ((await deps.store.endpoints.forSite(siteId).getRaw(id)) === undefined)
    throw webhooksErrors.webhookNotFound(id);
  const secret = newSecret();
  await deps.store.setSecret(deps.database.db, siteId, id, deps.box.seal(secret));
  return secret;
}

async function requireEndpoint(deps: WebhooksDeps, siteId: string, id: string) {
  if ((await deps.store.endpoints.forSite(siteId).getRaw(id)) === undefined)
    throw webhooksErrors.webhookNotFound(id);
}

/** A delivery as the log shows it. */
export function deliveryView(row: DeliveryRow, attempts: AttemptRow[]) {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    eventId: row.event_id,
    entityKind: row.entity_kind,
    entityId: row.entity_id,
    event: row.event,
    ...(row.revision === null ? {} : { revision: String(row.revision) }),
    status: row.status,
    attempts: attempts.map((a) => ({
      attempt: Number(a.attempt),
      url: a.url,
      startedDate: a.started_date,
      durationMs: Number(a.duration_ms),
      ...(a.status_code === null ? {} : { statusCode: Number(a.status_code) }),
      ...(a.response_excerpt === null ? {} : { responseExcerpt: a.response_excerpt }),
      ...(a.error === null ? {} : { error: a.error }),
    })),
    ...(row.status === 'PENDING' && row.next_attempt_date ? { nextAttemptDate: row.next_attempt_date } : {}),
    ...(row.replay_of === null ? {} : { replayOf: row.replay_of }),
    request: { body: row.payload },
    createdDate: row.created_date,
    updatedDate: row.updated_date,
  };
}

export async function listDeliveries(
  deps: WebhooksDeps,
  siteId: string,
  webhookId: string,
  page: { limit?: number | undefined; cursor?: string | undefined },
) {
  await requireEndpoint(deps, siteId, webhookId);
  const limit = page.limit ?? 20;
  const before = page.cursor === undefined ? undefined : Number(page.cursor);
  const rows = await deps.store.deliveries(siteId, webhookId, limit + 1, before);
  const shown = rows.slice(0, limit);
  const attempts = await deps.store.attemptsOf(
    siteId,
    shown.map((row) => row.id),
  );
  const deliveries = shown.map((row) =>
    deliveryView(
      row,
      attempts.filter((a) => a.delivery_id === row.id),
    ),
  );
  const next = rows.length > limit ? String(shown.at(-1)!.seq) : null;
  return {
    deliveries,
    pagingMetadata: { count: deliveries.length, cursors: { next }, hasNext: next !== null },
  };
}

/** Adds a copy of each delivery as a new pending one, with its job, in `trx`. */
async function replay(deps: WebhooksDeps, trx: Kysely<Schema>, originals: DeliveryRow[]) {
  const now = deps.clock.now().toISOString();
  const copies = originals.map((original) => ({
    id: newId(),
    site_id: original.site_id,
    webhook_id: original.webhook_id,
    event_id: original.event_id,
    event_seq: original.event_seq,
    entity_kind: original.entity_kind,
    entity_id: original.entity_id,
    event: original.event,
    revision: original.revision,
    payload: original.payload,
    status: 'PENDING' as const,
    next_attempt_date: now,
    replay_of: original.replay_of ?? original.id,
    created_date: now,
    updated_date: now,
  }));
  await deps.store.insertDeliveries(trx, copies);
  for (const copy of copies) await enqueueDelivery(deps, trx, copy.site_id, copy.id);
  return { copies };
}

/** The job that sends delivery `id` (keyed by it: one job per delivery). */
export const deliveryJob = (siteId: string, id: string) => ({
  kind: DELIVER_JOB,
  siteId,
  key: id,
  payload: { siteId, deliveryId: id },
});

export const enqueueDelivery = (deps: WebhooksDeps, trx: Kysely<Schema>, siteId: string, id: string) =>
  deps.jobs.enqueue(trx, deliveryJob(siteId, id));

export async function replayDelivery(
  deps: WebhooksDeps,
  siteId: string,
  webhookId: string,
  deliveryId: string,
) {
  await requireEndpoint(deps, siteId, webhookId);
  return deps.database.db.transaction().execute(async (trx) => {
    const original = await deps.store.delivery(trx, siteId, deliveryId);
    if (!original || original.webhook_id !== webhookId) throw webhooksErrors.deliveryNotFound(deliveryId);
    const { copies } = await replay(deps, trx, [original]);
    const latest = await deps.store.delivery(trx, siteId, copies[0]!.id);
    return deliveryView(latest!, []);
  });
}

export async function replaySince(deps: WebhooksDeps, siteId: string, webhookId: string, since: string) {
  await requireEndpoint(deps, siteId, webhookId);
  const from = new Date(since).toISOString();
  return deps.database.db.transaction().execute(async (trx) => {
    const originals = await deps.store.deliveriesSince(trx, siteId, webhookId, from, REPLAY_LIMIT);
    await replay(deps, trx, originals);
    return { replayed: originals.length };
  });
}

/**
 * From domain events to requests. The durable consumer `webhooks` writes, in the transaction that moves
 * its cursor, a delivery per enabled endpoint of the event's site that wants the event (body copied)
 * and a job for it; the job POSTs it, signed, records the attempt, and retries with backoff.
 *
 * Order: a delivery is not sent while an earlier one of the same entity to the same endpoint (a lower
 * revision, or the same revision recorded earlier) is pending; it waits for that one's next attempt.
 * A receiver still orders by `entityEventSequence`: a replay, or an event committed out of revision
 * order, can arrive after a later revision.
 */
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { Job, Jobs } from '../../jobs/loop.ts';
import { enqueueJobs } from '../../jobs/queue.ts';
import { newId } from '../../lib/ids.ts';
import type { DurableConsumer } from '../../outbox/consumers.ts';
import type { DomainEvent } from '../../outbox/outbox.ts';
import { envelopeOf, eventId, revisionOf, wants } from './envelope.ts';
import { postJson } from './http-post.ts';
import { DELIVER_JOB, deliveryJob, type WebhooksDeps } from './service.ts';
import { signatureHeaders } from './signing.ts';
import type { DeliveryRow, NewDelivery, WebhookDoc } from './store.ts';

export const CONSUMER_NAME = 'webhooks';
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_MS = 6 * 3_600_000;
/** A delivery failing this long is given up on. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 3_600_000;
/** An endpoint whose deliveries fail this long, none succeeding, is disabled. */
export const DISABLE_AFTER_MS = 24 * 3_600_000;
/** How long a delivery waiting for an earlier one of its entity looks again after that one's attempt. */
const WAIT_MS = 1000;

/**
 * The wait before attempt `attempt + 1`: doubling from a minute up to six hours, the upper half of it
 * drawn at random, so that the retries of many deliveries that failed together spread out.
 */
export function retryDelayMs(attempt: number, random: number): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt - 1, 20));
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

/** Rows per INSERT of deliveries or jobs: well under either engine's limit of bound parameters. */
const INSERT_CHUNK = 500;

export function webhooksConsumer(deps: WebhooksDeps): DurableConsumer {
  /**
   * The deliveries a batch of events makes, written in a few statements: the endpoints of each site in
   * the batch read once (most events are not for a site with endpoints at all), then the deliveries
   * and their jobs inserted many rows at a time.
   */
  async function handleBatch(events: readonly DomainEvent[], trx: Kysely<Schema>) {
    const endpointsBySite = new Map<string, WebhookDoc[]>();
    for (const siteId of new Set(events.map((event) => event.siteId)))
      endpointsBySite.set(siteId, await deps.store.enabledEndpoints(trx, siteId));
    const now = deps.clock.now();
    const nowIso = now.toISOString();
    const deliveries: NewDelivery[] = [];
    for (const event of events) {
      const wanting = (endpointsBySite.get(event.siteId) ?? []).filter((endpoint) =>
        wants(endpoint.events, event),
      );
      if (wanting.length === 0) continue;
      const payload = JSON.stringify(envelopeOf(event));
      for (const endpoint of wanting)
        deliveries.push({
          id: newId(),
          site_id: event.siteId,
          webhook_id: endpoint.id,
          event_id: eventId(event.siteId, event.seq),
          event_seq: event.seq,
          entity_kind: event.entityKind,
          entity_id: event.entityId,
          event: event.event,
          revision: revisionOf(event),
          payload,
          status: 'PENDING',
          next_attempt_date: nowIso,
          replay_of: null,
          created_date: nowIso,
          updated_date: nowIso,
        });
    }
    const siteOf = new Map(deliveries.map((delivery) => [delivery.id, delivery.site_id]));
    for (let start = 0; start < deliveries.length; start += INSERT_CHUNK) {
      const inserted = await deps.store.insertDeliveries(trx, deliveries.slice(start, start + INSERT_CHUNK));
      await enqueueJobs(
        trx,
        inserted.map((id) => deliveryJob(siteOf.get(id)!, id)),
        now,
      );
    }
  }

  return {
    name: CONSUMER_NAME,
    // Deployed on a running platform, it starts with what happens next, not with the whole history.
    startAt: 'newest',
    handle: (event, trx) => handleBatch([event], trx),
    handleBatch,
  };
}

/** Registers the delivery job (jobs/) of this process. */
export function handleDeliveries(jobs: Jobs, deps: WebhooksDeps) {
  jobs.handle<{ siteId: string; deliveryId: string }>(DELIVER_JOB, (job) => deliver(deps, job), {
    // The handler records failed requests itself; what throws is the database, worth retrying long.
    maxAttempts: 1000,
    backoffMs: 5000,
    maxBackoffMs: 300_000,
  });
}

type Deferral = { runAgainAt: Date } | undefined;

export async function deliver(
  deps: WebhooksDeps,
  job: Job<{ siteId: string; deliveryId: string }>,
): Promise<Deferral> {
  const { siteId, deliveryId } = job.payload;
  const { store, clock } = deps;
  const delivery = await store.delivery(deps.database.db, siteId, deliveryId);
  if (delivery?.status !== 'PENDING') return;
  const endpoint = await store.endpointForDelivery(siteId, delivery.webhook_id);
  const now = clock.now();
  if (!endpoint?.doc.enabled || endpoint.secret === null) {
    await store.settle(delivery.id, {
      status: 'CANCELED',
      next_attempt_date: null,
      updated_date: now.toISOString(),
    });
    return;
  }
  // Attempted meanwhile after the delivery it waited for: its own retry time holds.
  const due = delivery.next_attempt_date ? Date.parse(delivery.next_attempt_date) : 0;
  if (due > now.getTime()) return { runAgainAt: new Date(due) };
  const earlier = await store.earlierPending(delivery);
  if (earlier) {
    const earlierDue = earlier.next_attempt_date ? Date.parse(earlier.next_attempt_date) : 0;
    const at = new Date(Math.max(earlierDue, now.getTime()) + WAIT_MS);
    await store.settle(delivery.id, {
      status: 'PENDING',
      next_attempt_date: at.toISOString(),
      updated_date: now.toISOString(),
    });
    return { runAgainAt: at };
  }
  return attempt(deps, delivery, endpoint.doc, deps.box.open(endpoint.secret));
}

/** Most deliveries sent in a row for one entity after the one a job sent. */
const CHAIN_LIMIT = 20;

async function attempt(
  deps: WebhooksDeps,
  delivery: DeliveryRow,
  endpoint: WebhookDoc,
  secret: string,
  chained = 0,
): Promise<Deferral> {
  const { store, clock } = deps;
  const started = clock.now();
  if (!(await store.claimAttempt(delivery, started.toISOString()))) return undefined;
  const timestamp = Math.floor(started.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Plaza-Webhooks/1',
    'plaza-delivery-id': delivery.id,
    'plaza-event-id': delivery.event_id,
    ...(await signatureHeaders(deps.signingKeys, secret, timestamp, delivery.payload)),
  };
  const startedAt = performance.now();
  const outcome = await postJson(endpoint.url, delivery.payload, headers, {
    policy: deps.policy,
    timeoutMs: deps.timeoutMs,
  });
  const durationMs = Math.round(performance.now() - startedAt);
  const number = Number(delivery.attempts) + 1;
  const ok = outcome.statusCode !== undefined && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const now = clock.now();
  const record = {
    delivery_id: delivery.id,
    attempt: number,
    site_id: delivery.site_id,
    url: endpoint.url,
    started_date: started.toISOString(),
    duration_ms: durationMs,
    status_code: outcome.statusCode ?? null,
    response_excerpt: outcome.responseExcerpt ?? null,
    error: outcome.error ?? (ok ? null : `HTTP ${outcome.statusCode}`),
  };
  if (ok) {
    await store.recordAttempt(record, {
      status: 'DELIVERED',
      next_attempt_date: null,
      updated_date: now.toISOString(),
    });
    await store.clearFailing(delivery.site_id, endpoint.id);
    // The entity's next delivery waited for this one: sent now rather than when its job looks again.
    const next = chained < CHAIN_LIMIT ? await store.nextPending(delivery) : undefined;
    if (next && !(await store.earlierPending(next))) await attempt(deps, next, endpoint, secret, chained + 1);
    return undefined;
  }
  const failingSince = await store.markFailing(delivery.site_id, endpoint.id, started.toISOString());
  if (now.getTime() - Date.parse(failingSince) >= DISABLE_AFTER_MS) {
    await store.recordAttempt(record, {
      status: 'FAILED',
      next_attempt_date: null,
      updated_date: now.toISOString(),
    });
    await disable(deps, delivery.site_id, endpoint, failingSince);
    return undefined;
  }
  if (now.getTime() - Date.parse(delivery.created_date) >= GIVE_UP_AFTER_MS) {
    await store.recordAttempt(record, {
      status: 'FAILED',
      next_attempt_date: null,
      updated_date: now.toISOString(),
    });
    return undefined;
  }
  const at = new Date(now.getTime() + retryDelayMs(number, deps.random()));
  await store.recordAttempt(record, {
    status: 'PENDING',
    next_attempt_date: at.toISOString(),
    updated_date: now.toISOString(),
  });
  return { runAgainAt: at };
}

/** Disables a failing endpoint and tells the site's owners, once: the process that disabled it does. */
async function disable(deps: WebhooksDeps, siteId: string, endpoint: WebhookDoc, failingSince: string) {
  try {
    await deps.store.endpoints
      .forSite(siteId)
      .update(
        endpoint.id,
        { enabled: false, disabledReason: 'FAILING' },
        { expectedRevision: endpoint.revision },
      );
  } catch (error) {
    // Changed meanwhile (by its owner, or disabled by another process): theirs stands.
    if ((error as { status?: number }).status === 409) return;
    throw error;
  }
  const owners = await deps.ownerEmails(siteId);
  for (const to of owners)
    await deps.mail.send({
      siteId,
      to,
      subject: 'A webhook endpoint was disabled',
      text: [
        `Deliveries to ${endpoint.url} have failed since ${failingSince}, so Plaza disabled this endpoint (${endpoint.id}).`,
        'Its delivery log shows what it answered. Once it works again, enable it and replay what it missed.',
      ].join('\n\n'),
    });
  if (owners.length === 0)
    deps.log.error({ siteId, webhookId: endpoint.id }, 'webhook disabled; the site has no owner to tell');
}

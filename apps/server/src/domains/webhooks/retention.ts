import type { Jobs } from '../../jobs/loop.ts';
import type { WebhooksDeps } from './service.ts';

const BATCH = 500;

/**
 * The delivery log keeps each settled delivery (and its attempts) for `retentionMs` after it was made,
 * then drops it: every event an endpoint wants adds a row, and without this the log would grow for as
 * long as the site runs. Replays read the log, so what is dropped can no longer be replayed. Pending
 * deliveries are never dropped (they give up by themselves after three days).
 */
export async function pruneDeliveryLog(deps: Pick<WebhooksDeps, 'store'>, before: string): Promise<number> {
  let dropped = 0;
  for (;;) {
    const count = await deps.store.pruneDeliveries(before, BATCH);
    dropped += count;
    if (count < BATCH) return dropped;
  }
}

/** Prunes every `intervalMs` (an hour), once per interval across every server process (a periodic job). */
export function scheduleDeliveryRetention(
  jobs: Jobs,
  deps: Pick<WebhooksDeps, 'store' | 'clock'>,
  retentionMs: number,
  intervalMs = 3_600_000,
): void {
  jobs.every('webhooks.retention', intervalMs, async () => {
    await pruneDeliveryLog(deps, new Date(deps.clock.nowMs() - retentionMs).toISOString());
  });
}

/**
 * A lease on a named subject (a checkout being paid, an order being captured, a sweep of one site):
 * whoever holds it may do the work the subject stands for, and a racing caller is refused before it
 * starts instead of doing the work twice. A lease is a row in `leases` (migration 0013), so every
 * process sharing the database sees it; it holds until `leased_until`, after which its holder is taken
 * to be dead and anyone may take it over, so a process that died mid-work locks nobody out for good.
 */
import type { Kysely } from 'kysely';
import type { Schema } from './schema.ts';

export interface Lease {
  siteId: string;
  /** What kind of thing is leased, named by its owner (`payment:checkout`, …): the table is shared. */
  subject: string;
  subjectId: string;
  /** The holder's own secret: only it gives the lease back. */
  token: string;
}

/**
 * Takes `lease` until `forMs` past `nowMs`: true when the subject was free, or its lease had run out
 * (past `leased_until`). One statement, so two callers never both win, on either engine.
 */
export async function takeLease(
  executor: Kysely<Schema>,
  lease: Lease,
  nowMs: number,
  forMs: number,
): Promise<boolean> {
  const leasedUntil = new Date(nowMs + forMs).toISOString();
  const result = await executor
    .insertInto('leases')
    .values({
      site_id: lease.siteId,
      subject: lease.subject,
      subject_id: lease.subjectId,
      token: lease.token,
      leased_until: leasedUntil,
    })
    .onConflict((oc) =>
      oc
        .columns(['site_id', 'subject', 'subject_id'])
        .doUpdateSet({ token: lease.token, leased_until: leasedUntil })
        .where('leases.leased_until', '<', new Date(nowMs).toISOString()),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Gives `lease` back: true when it was still ours. A lease taken over meanwhile belongs to its new
 * holder and stays.
 */
export async function giveBackLease(executor: Kysely<Schema>, lease: Lease): Promise<boolean> {
  const result = await executor
    .deleteFrom('leases')
    .where('site_id', '=', lease.siteId)
    .where('subject', '=', lease.subject)
    .where('subject_id', '=', lease.subjectId)
    .where('token', '=', lease.token)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

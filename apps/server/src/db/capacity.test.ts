import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import { type ManualClock, manualClock } from '../lib/clock.ts';
import {
  availability,
  confirm,
  expireDue,
  findHold,
  type HoldRequest,
  hold,
  holdInterval,
  type IntervalRequest,
  lockResource,
  release,
  setCapacity,
} from './capacity.ts';
import { isLockTimeout } from './errors.ts';
import type { Schema } from './schema.ts';

const MINUTE = 60_000;
const SITE = 'site-a';
const TICKETS = 'event-1/ticket-standard';
const STAFF = 'staff-7';

/** 2026-01-05 at `hour`:`minute` UTC. */
const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 0, 5, hour, minute));

/**
 * Runs `attempts` transactions, `parallel` at a time, spread over `dbs` (connections as separate
 * processes hold them). SQLite connections in one process cannot wait for each other's write lock
 * without blocking the thread that holds it, so there they are told not to wait (busy_timeout 0)
 * and an attempt that finds the lock taken starts again a moment later: the transactions of both
 * connections interleave, each beginning after the other's commit. The first `together` attempts
 * (PostgreSQL: as many as the connections) wait for each other inside their transactions, so that
 * they run their statements at the same moment.
 */
async function race<T>(
  dbs: Kysely<Schema>[],
  attempts: number,
  parallel: number,
  together: number,
  work: (trx: Kysely<Schema>, attempt: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  let started = 0;
  let go!: () => void;
  const allStarted = new Promise<void>((resolve) => {
    go = resolve;
  });
  const worker = async () => {
    while (next < attempts) {
      const attempt = next++;
      const db = dbs[attempt % dbs.length]!;
      for (;;) {
        try {
          results[attempt] = await db.transaction().execute(async (trx) => {
            if (attempt < together) {
              if (++started === together) go();
              await allStarted;
            }
            return work(trx, attempt);
          });
          break;
        } catch (error) {
          if (!isLockTimeout(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}

describe.each(engines)('capacity holds (%s)', (engine) => {
  let database: TestDatabase | undefined;
  let clock: ManualClock;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function open(options: { shared?: boolean } = {}) {
    clock = manualClock('2026-01-01T09:00:00.000Z');
    database = await freshDatabase(engine, options);
    return database;
  }

  // Both PostgreSQL pools' connections (5 each, test/engines.ts); SQLite's lock cannot be waited for inside.
  const together = engine === 'postgres' ? 10 : 0;

  /** Two connections to one database, as two server processes have. */
  async function twoProcesses(): Promise<Kysely<Schema>[]> {
    const one = await open({ shared: true });
    const dbs = [one.db, (await one.another()).db];
    if (engine === 'sqlite') for (const db of dbs) await sql`pragma busy_timeout = 0`.execute(db);
    return dbs;
  }

  const ticket = (extra: Partial<HoldRequest> = {}): HoldRequest => ({
    resourceKey: TICKETS,
    quantity: 1,
    ownerKey: 'visitor:1',
    now: clock.now(),
    expiresAt: new Date(clock.nowMs() + 15 * MINUTE),
    ...extra,
  });

  const slot = (startsAt: Date, endsAt: Date, extra: Partial<IntervalRequest> = {}): IntervalRequest => ({
    resourceKey: STAFF,
    ownerKey: 'visitor:1',
    startsAt,
    endsAt,
    now: clock.now(),
    expiresAt: new Date(clock.nowMs() + 15 * MINUTE),
    ...extra,
  });

  const held = async (db: Kysely<Schema>, state: string) =>
    Number(
      (
        await db
          .selectFrom('capacity_holds')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', '=', state as 'HELD')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('holds, confirms and releases, giving the units back once', async () => {
    const { db } = await open();
    await setCapacity(db, SITE, TICKETS, 5);
    const taken = await hold(db, SITE, ticket({ quantity: 2, holdId: 'hold-1' }));
    expect(taken).toMatchObject({ status: 'held', hold: { holdId: 'hold-1', state: 'HELD', quantity: 2 } });
    expect(await availability(db, SITE, TICKETS, clock.now())).toEqual({
      capacity: 5,
      held: 2,
      confirmed: 0,
      available: 3,
    });

    expect(await confirm(db, SITE, 'hold-1', clock.now())).toMatchObject({
      status: 'confirmed',
      retaken: false,
    });
    expect(await confirm(db, SITE, 'hold-1', clock.now())).toMatchObject({
      status: 'confirmed',
      retaken: false,
    });
    expect(await availability(db, SITE, TICKETS, clock.now())).toMatchObject({
      held: 0,
      confirmed: 2,
      available: 3,
    });

    expect(await release(db, SITE, 'hold-1', clock.now())).toMatchObject({
      status: 'released',
      from: 'CONFIRMED',
    });
    expect(await release(db, SITE, 'hold-1', clock.now())).toMatchObject({
      status: 'unchanged',
      hold: { state: 'RELEASED' },
    });
    expect(await availability(db, SITE, TICKETS, clock.now())).toMatchObject({
      held: 0,
      confirmed: 0,
      available: 5,
    });
    expect(await confirm(db, SITE, 'hold-1', clock.now())).toMatchObject({ status: 'released' });
    expect(await release(db, SITE, 'nothing', clock.now())).toEqual({ status: 'missing' });
    expect(await confirm(db, SITE, 'nothing', clock.now())).toEqual({ status: 'missing' });

    const another = await hold(db, SITE, ticket({ quantity: 5 }));
    expect(another.status).toBe('held');
    if (another.status !== 'held') return;
    expect(await release(db, SITE, another.hold.holdId, clock.now())).toMatchObject({ from: 'HELD' });
    expect(await availability(db, SITE, TICKETS, clock.now())).toMatchObject({ available: 5 });
  });

  it('answers short with what is left and unknown for a resource without capacity; keeps nothing of a rollback', async () => {
    const { db } = await open();
    await setCapacity(db, SITE, TICKETS, 3);
    expect((await hold(db, SITE, ticket({ quantity: 2 }))).status).toBe('held');
    expect(await hold(db, SITE, ticket({ quantity: 2 }))).toEqual({
      status: 'short',
      available: 1,
      expired: [],
    });
    expect(await hold(db, SITE, ticket({ resourceKey: 'nobody-defined-it' }))).toEqual({ status: 'unknown' });

    const failed = db.transaction().execute(async (trx) => {
      expect((await hold(trx, SITE, ticket({ quantity: 1 }))).status).toBe('held');
      throw new Error('the order failed');
    });
    await expect(failed).rejects.toThrow('the order failed');
    expect(await availability(db, SITE, TICKETS, clock.now())).toMatchObject({ held: 2, available: 1 });

    // A hold id used twice: refused, and the units of the refused one given back in the same transaction.
    await setCapacity(db, SITE, TICKETS, 5);
    await db.transaction().execute(async (trx) => {
      await expect(hold(trx, SITE, ticket({ holdId: 'twice' }))).resolves.toMatchObject({ status: 'held' });
      await expect(hold(trx, SITE, ticket({ holdId: 'twice' }))).rejects.toThrow(/exists already/);
    });
    expect(await availability(db, SITE, TICKETS, clock.now())).toMatchObject({ held: 3, available: 2 });

    await setCapacity(db, SITE, TICKETS, 1);
    expect(await availability(db, SITE, TICKETS, clock.now())).toMatchObject({
      capacity: 1,
      held: 3,
      available: 0,
    });
    expect(() => hold(db, SITE, ticket({ quantity: 0 }))).toThrow(RangeError);
    expect(() => hold(db, SITE, ticket({ expiresAt: clock.now() }))).toThrow(RangeError);
  });

  it('reuses holds past their expiry at once, and confirms a freed hold only while capacity allows', async () => {
    const { db } = await open();
    await setCapacity(db, SITE, TICKETS, 3);
    await hold(db, SITE, ticket({ quantity: 3, holdId: 'early', ownerKey: 'visitor:early' }));
    expect(await hold(db, SITE, ticket())).toMatchObject({ status: 'short', available: 0 });

    clock.advance(15 * MINUTE);
    expect(await availability(db, SITE, TICKETS, clock.now())).toMatchObject({ held: 0, available: 3 });
    const late = await hold(db, SITE, ticket({ quantity: 2, holdId: 'late' }));
    expect(late).toMatchObject({
      status: 'held',
      expired: [{ holdId: 'early', ownerKey: 'visitor:early', quantity: 3, state: 'EXPIRED' }],
    });
    expect(await availability(db, SITE, TICKETS, clock.now())).toEqual({
      capacity: 3,
      held: 2,
      confirmed: 0,
      available: 1,
    });

    expect(await confirm(db, SITE, 'early', clock.now())).toMatchObject({
      status: 'lapsed',
      available: 1,
      hold: { state: 'EXPIRED' },
    });
    expect((await findHold(db, SITE, 'early'))?.state).toBe('EXPIRED');
    await release(db, SITE, 'late', clock.now());
    expect(await confirm(db, SITE, 'early', clock.now())).toMatchObject({
      status: 'confirmed',
      retaken: true,
    });
    expect(await availability(db, SITE, TICKETS, clock.now())).toMatchObject({
      held: 0,
      confirmed: 3,
      available: 0,
    });
  });

  it('confirms a hold past its expiry that nobody freed: its units were still its own', async () => {
    const { db } = await open();
    await setCapacity(db, SITE, TICKETS, 1);
    await hold(db, SITE, ticket({ holdId: 'slow-payer' }));
    clock.advance(20 * MINUTE);
    expect(await confirm(db, SITE, 'slow-payer', clock.now())).toMatchObject({
      status: 'confirmed',
      retaken: false,
      hold: { state: 'CONFIRMED' },
    });
    expect(await hold(db, SITE, ticket())).toMatchObject({ status: 'short', available: 0, expired: [] });
  });

  it('expires due holds across sites in batches and answers whose they were', async () => {
    const { db } = await open();
    for (const site of ['site-a', 'site-b']) await setCapacity(db, site, TICKETS, 10);
    const ends = (minutes: number) => new Date(clock.nowMs() + minutes * MINUTE);
    await hold(
      db,
      'site-a',
      ticket({ holdId: 'a1', quantity: 2, ownerKey: 'visitor:a1', expiresAt: ends(5) }),
    );
    await hold(
      db,
      'site-b',
      ticket({ holdId: 'b1', quantity: 3, ownerKey: 'visitor:b1', expiresAt: ends(6) }),
    );
    await hold(db, 'site-a', ticket({ holdId: 'a2', ownerKey: 'visitor:a2', expiresAt: ends(7) }));
    await hold(db, 'site-a', ticket({ holdId: 'kept', expiresAt: ends(60) }));
    await hold(db, 'site-a', ticket({ holdId: 'bought', expiresAt: ends(5) }));
    await confirm(db, 'site-a', 'bought', clock.now());
    await holdInterval(db, 'site-b', slot(at(10), at(11), { holdId: 'b-slot', expiresAt: ends(5) }));

    expect(await expireDue(db, clock.now(), 10)).toEqual([]);
    clock.advance(10 * MINUTE);
    const first = await expireDue(db, clock.now(), 2);
    const rest = await expireDue(db, clock.now(), 10);
    expect(first.map((h) => h.holdId).sort()).toEqual(['a1', 'b-slot']);
    expect(rest.map((h) => [h.siteId, h.holdId, h.resourceKey, h.ownerKey])).toEqual(
      expect.arrayContaining([
        ['site-b', 'b1', TICKETS, 'visitor:b1'],
        ['site-a', 'a2', TICKETS, 'visitor:a2'],
      ]),
    );
    expect(rest).toHaveLength(2);
    expect(await expireDue(db, clock.now(), 10)).toEqual([]);

    expect(await availability(db, 'site-a', TICKETS, clock.now())).toMatchObject({ held: 1, confirmed: 1 });
    expect(await availability(db, 'site-b', TICKETS, clock.now())).toMatchObject({ held: 0, confirmed: 0 });
    const counters = await db
      .selectFrom('capacity_counters')
      .selectAll()
      .orderBy('site_id')
      .orderBy('resource_key')
      .execute();
    expect(counters.map((c) => [c.site_id, c.resource_key, Number(c.held), Number(c.confirmed)])).toEqual([
      ['site-a', TICKETS, 1, 1],
      ['site-b', TICKETS, 0, 0],
      ['site-b', STAFF, 0, 0],
    ]);
    expect(await release(db, 'site-a', 'a1', clock.now())).toMatchObject({ status: 'unchanged' });
  });

  it('keeps sites apart: the same resource key on two sites is two resources', async () => {
    const { db } = await open();
    await setCapacity(db, 'site-a', TICKETS, 1);
    await setCapacity(db, 'site-b', TICKETS, 1);
    expect((await hold(db, 'site-a', ticket({ holdId: 'same-id' }))).status).toBe('held');
    expect((await hold(db, 'site-a', ticket())).status).toBe('short');
    expect((await hold(db, 'site-b', ticket({ holdId: 'same-id' }))).status).toBe('held');
    expect(await hold(db, 'site-c', ticket())).toEqual({ status: 'unknown' });
    expect(await release(db, 'site-c', 'same-id', clock.now())).toEqual({ status: 'missing' });
    expect(await confirm(db, 'site-b', 'same-id', clock.now())).toMatchObject({ status: 'confirmed' });
    expect(await findHold(db, 'site-a', 'same-id')).toMatchObject({ siteId: 'site-a', state: 'HELD' });
    expect(await availability(db, 'site-a', TICKETS, clock.now())).toMatchObject({ held: 1, confirmed: 0 });
    expect(await availability(db, 'site-b', TICKETS, clock.now())).toMatchObject({ held: 0, confirmed: 1 });

    await holdInterval(db, 'site-a', slot(at(10), at(11)));
    expect((await holdInterval(db, 'site-b', slot(at(10), at(11)))).status).toBe('held');
  });

  it('gives exactly the capacity to many holds racing from two connections', async () => {
    const dbs = await twoProcesses();
    await setCapacity(dbs[0]!, SITE, TICKETS, 50);
    const results = await race(dbs, 200, 20, together, (trx, i) =>
      hold(trx, SITE, ticket({ ownerKey: `visitor:${i}` })),
    );
    const winners = results.flatMap((r, i) => (r.status === 'held' ? [i] : []));
    expect(winners).toHaveLength(50);
    // Attempt i ran on connection i % 2: both took holds, each seeing the other's.
    expect(new Set(winners.map((i) => i % 2))).toEqual(new Set([0, 1]));
    expect(results.filter((r) => r.status === 'short')).toHaveLength(150);
    expect(await availability(dbs[1]!, SITE, TICKETS, clock.now())).toEqual({
      capacity: 50,
      held: 50,
      confirmed: 0,
      available: 0,
    });
    expect(await held(dbs[1]!, 'HELD')).toBe(50);
  });

  it('frees each expired hold once when many racing holds find the resource full of them', async () => {
    const dbs = await twoProcesses();
    await setCapacity(dbs[0]!, SITE, TICKETS, 50);
    for (let i = 0; i < 50; i++) await hold(dbs[0]!, SITE, ticket({ holdId: `old-${i}` }));
    clock.advance(16 * MINUTE);
    const results = await race(dbs, 120, 20, together, (trx, i) =>
      hold(trx, SITE, ticket({ ownerKey: `visitor:${i}` })),
    );
    expect(results.filter((r) => r.status === 'held')).toHaveLength(50);
    const freed = results.flatMap((r) => (r.status === 'unknown' ? [] : r.expired.map((h) => h.holdId)));
    expect(freed.sort()).toEqual(Array.from({ length: 50 }, (_, i) => `old-${i}`).sort());
    expect(await availability(dbs[1]!, SITE, TICKETS, clock.now())).toMatchObject({ held: 50, available: 0 });
    expect(await held(dbs[1]!, 'EXPIRED')).toBe(50);
  });

  it('refuses overlapping intervals of one resource and allows adjacent ones', async () => {
    const { db } = await open();
    const first = await holdInterval(db, SITE, slot(at(10), at(11), { holdId: 'ten' }));
    expect(first).toMatchObject({ status: 'held', hold: { startsAt: at(10).toISOString(), quantity: 1 } });
    expect(await holdInterval(db, SITE, slot(at(10, 30), at(11, 30)))).toMatchObject({
      status: 'conflict',
      conflicts: [{ holdId: 'ten' }],
    });
    expect(await holdInterval(db, SITE, slot(at(9, 30), at(12)))).toMatchObject({ status: 'conflict' });
    expect((await holdInterval(db, SITE, slot(at(11), at(12), { holdId: 'eleven' }))).status).toBe('held');
    expect((await holdInterval(db, SITE, slot(at(9), at(10)))).status).toBe('held');
    expect((await holdInterval(db, SITE, slot(at(10), at(11), { resourceKey: 'staff-8' }))).status).toBe(
      'held',
    );

    await confirm(db, SITE, 'ten', clock.now());
    clock.advance(30 * MINUTE);
    // 'eleven' expired unconfirmed: its hour is free again, and it is answered as freed.
    const again = await holdInterval(db, SITE, slot(at(11), at(11, 30), { holdId: 'again' }));
    expect(again.status).toBe('held');
    expect(again.status === 'held' && again.expired.map((h) => h.holdId)).toContain('eleven');
    expect(await holdInterval(db, SITE, slot(at(10, 30), at(10, 45)))).toMatchObject({
      status: 'conflict',
      conflicts: [{ holdId: 'ten', state: 'CONFIRMED' }],
      expired: [],
    });
    expect(await confirm(db, SITE, 'eleven', clock.now())).toMatchObject({ status: 'lapsed', available: 0 });
    await release(db, SITE, 'again', clock.now());
    expect(await confirm(db, SITE, 'eleven', clock.now())).toMatchObject({
      status: 'confirmed',
      retaken: true,
    });
    expect(await availability(db, SITE, STAFF, clock.now())).toMatchObject({ held: 0, confirmed: 0 });

    expect(() => holdInterval(db, SITE, slot(at(11), at(11)))).toThrow(RangeError);
    await expect(lockResource(db, SITE, STAFF)).rejects.toThrow(/transaction/);
  });

  it.each([
    ['whose lock row exists', true],
    ['whose lock row is made by the racers', false],
  ])('lets one of many overlapping interval holds racing for a resource %s win', async (_, existing) => {
    const dbs = await twoProcesses();
    if (existing) await holdInterval(dbs[0]!, SITE, slot(at(20), at(21)));
    const results = await race(dbs, 12, 12, together, (trx, i) =>
      holdInterval(trx, SITE, slot(at(10, i * 4), at(11, i * 4), { ownerKey: `visitor:${i}` })),
    );
    expect(results.filter((r) => r.status === 'held')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'conflict')).toHaveLength(11);
    expect(await held(dbs[1]!, 'HELD')).toBe(existing ? 2 : 1);
  });
});

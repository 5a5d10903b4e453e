import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import { availability, findHold, hold, setCapacity } from '../db/capacity.ts';
import { manualClock } from '../lib/clock.ts';
import { HOLD_SWEEP_MS, scheduleHoldExpiry } from './hold-expiry.ts';
import { createJobs } from './loop.ts';

const MINUTE = 60_000;

describe.each(engines)('hold expiry sweep (%s)', (engine) => {
  let database: TestDatabase;
  const clock = manualClock('2026-05-01T12:00:00.000Z');

  beforeAll(async () => {
    database = await freshDatabase(engine);
  });
  afterAll(() => database.dispose());

  const holdFor = async (siteId: string, minutes: number, owner: string) => {
    const result = await hold(database.db, siteId, {
      resourceKey: 'concert',
      quantity: 2,
      ownerKey: owner,
      now: clock.now(),
      expiresAt: new Date(clock.nowMs() + minutes * MINUTE),
    });
    if (result.status !== 'held') throw new Error(result.status);
    return result.hold.holdId;
  };
  const expiredEvents = () =>
    database.db
      .selectFrom('outbox')
      .select(['site_id', 'entity_kind', 'entity_id', 'event', 'payload'])
      .where('event', '=', 'expired')
      .orderBy('seq')
      .execute();

  it('frees the holds past their expiry as the clock moves, with an expired event each, and leaves the rest', async () => {
    const jobs = createJobs(database, { clock, log: { error: () => {} } });
    scheduleHoldExpiry(jobs, database, clock);
    for (const site of ['site-a', 'site-b']) await setCapacity(database.db, site, 'concert', 4);
    const soon = await holdFor('site-a', 10, 'visitor:v1');
    const later = await holdFor('site-a', 30, 'visitor:v2');
    const other = await holdFor('site-b', 10, 'member:m1');

    await jobs.runDue();
    expect(await expiredEvents()).toEqual([]);

    clock.advance(10 * MINUTE + HOLD_SWEEP_MS);
    await jobs.runDue();
    expect((await findHold(database.db, 'site-a', soon))?.state).toBe('EXPIRED');
    expect((await findHold(database.db, 'site-b', other))?.state).toBe('EXPIRED');
    expect((await findHold(database.db, 'site-a', later))?.state).toBe('HELD');
    expect((await availability(database.db, 'site-a', 'concert', clock.now()))?.held).toBe(2);
    const events = await expiredEvents();
    expect(events.map((e) => [e.site_id, e.entity_kind, e.entity_id]).sort()).toEqual(
      [
        ['site-a', 'capacity_hold', soon],
        ['site-b', 'capacity_hold', other],
      ].sort(),
    );
    expect(JSON.parse(events.find((e) => e.entity_id === other)!.payload)).toMatchObject({
      hold: { id: other, resourceKey: 'concert', ownerKey: 'member:m1', quantity: 2 },
    });

    // Swept once: running again before the next expiry records nothing more.
    clock.advance(HOLD_SWEEP_MS);
    await jobs.runDue();
    expect(await expiredEvents()).toHaveLength(2);
  });
});

import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import type { Database } from './connect.ts';
import { giveBackLease, type Lease, takeLease } from './leases.ts';
import { migrate } from './migrations/index.ts';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const MINUTE = 60_000;

describe.each(engines)('leases (%s)', (engine) => {
  let database: TestDatabase;
  let other: Database;

  beforeAll(async () => {
    database = await freshDatabase(engine, { shared: true });
    other = await database.another();
  });
  afterAll(() => database.dispose());

  let n = 0;
  const lease = (token: string, subjectId = `s-${n}`): Lease => ({
    siteId: 'site-1',
    subject: 'sweep',
    subjectId,
    token,
  });
  const holder = async (subjectId: string) =>
    (
      await database.db
        .selectFrom('leases')
        .select('token')
        .where('subject_id', '=', subjectId)
        .executeTakeFirst()
    )?.token;

  it('is taken by one holder at a time, and given back only by its token', async () => {
    n++;
    expect(await takeLease(database.db, lease('a'), T0, MINUTE)).toBe(true);
    expect(await takeLease(other.db, lease('b'), T0 + 1000, MINUTE)).toBe(false);
    expect(await giveBackLease(other.db, lease('b'))).toBe(false);
    expect(await holder(`s-${n}`)).toBe('a');

    expect(await giveBackLease(database.db, lease('a'))).toBe(true);
    expect(await holder(`s-${n}`)).toBeUndefined();
    expect(await takeLease(other.db, lease('b'), T0 + 2000, MINUTE)).toBe(true);
    expect(await holder(`s-${n}`)).toBe('b');
  });

  it('holds through its term and is taken over once the term is past; the old holder cannot free it then', async () => {
    n++;
    expect(await takeLease(database.db, lease('dead'), T0, MINUTE)).toBe(true);
    expect(await takeLease(other.db, lease('next'), T0 + MINUTE, MINUTE)).toBe(false);
    expect(await takeLease(other.db, lease('next'), T0 + MINUTE + 1, MINUTE)).toBe(true);

    expect(await giveBackLease(database.db, lease('dead'))).toBe(false);
    expect(await holder(`s-${n}`)).toBe('next');
    // The new holder's term counts from when it took the lease.
    expect(await takeLease(database.db, lease('third'), T0 + 2 * MINUTE, MINUTE)).toBe(false);
  });

  it('leases each site, subject and id on its own', async () => {
    n++;
    const base = lease('a');
    expect(await takeLease(database.db, base, T0, MINUTE)).toBe(true);
    for (const apart of [
      { ...base, siteId: 'site-2' },
      { ...base, subject: 'other' },
      { ...base, subjectId: `${base.subjectId}-2` },
    ])
      expect(await takeLease(other.db, { ...apart, token: 'b' }, T0, MINUTE)).toBe(true);
  });

  it('goes to exactly one of many callers taking it at once from two connections', async () => {
    const rounds = engine === 'postgres' ? 25 : 5;
    for (let round = 0; round < rounds; round++) {
      n++;
      const attempts = Array.from({ length: 10 }, (_, i) =>
        takeLease(i % 2 ? other.db : database.db, lease(`t-${i}`), T0, MINUTE),
      );
      const won = (await Promise.all(attempts)).filter(Boolean);
      expect(won).toHaveLength(1);
    }
  });

  it('is refused inside a transaction that rolls back, and free afterwards', async () => {
    n++;
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect(await takeLease(trx, lease('a'), T0, MINUTE)).toBe(true);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await takeLease(other.db, lease('b'), T0, MINUTE)).toBe(true);
  });
});

describe.each(engines)('migration 0013 (%s)', (engine) => {
  it('carries the payment claims held during the migration over as leases with the term they had', async () => {
    const database = await freshDatabase(engine, { migrated: false });
    try {
      await migrate(database, { to: '0012-capacity-holds' });
      const before = database.db as Kysely<any>;
      await before
        .insertInto('ecom_payment_claims')
        .values([
          {
            site_id: 'site-1',
            subject: 'checkout',
            subject_id: 'c-1',
            token: 'x',
            claimed_date: '2026-03-01T10:00:00.000Z',
          },
          {
            site_id: 'site-1',
            subject: 'order',
            subject_id: 'o-1',
            token: 'y',
            claimed_date: '2026-03-01T10:00:30.000Z',
          },
        ])
        .execute();

      expect(await migrate(database)).toEqual(expect.arrayContaining(['0013-leases']));

      const leases = await database.db.selectFrom('leases').selectAll().orderBy('subject').execute();
      expect(leases).toEqual([
        {
          site_id: 'site-1',
          subject: 'payment:checkout',
          subject_id: 'c-1',
          token: 'x',
          leased_until: '2026-03-01T10:02:00.000Z',
        },
        {
          site_id: 'site-1',
          subject: 'payment:order',
          subject_id: 'o-1',
          token: 'y',
          leased_until: '2026-03-01T10:02:30.000Z',
        },
      ]);
      await expect(before.selectFrom('ecom_payment_claims').selectAll().execute()).rejects.toThrow();
    } finally {
      await database.dispose();
    }
  });
});

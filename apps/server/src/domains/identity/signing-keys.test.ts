import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../../test/engines.ts';
import type { Database } from '../../db/connect.ts';
import { manualClock } from '../../lib/clock.ts';
import { signingKeys } from './signing-keys.ts';

describe.each(engines)('signing keys (%s)', (engine) => {
  let database: TestDatabase;
  let other: Database;
  const clock = manualClock('2026-04-01T00:00:00.000Z');

  beforeAll(async () => {
    database = await freshDatabase(engine, { shared: true });
    other = await database.another();
  });
  afterAll(() => database.dispose());

  it('makes one first key between processes and callers that all find none', async () => {
    const [first, second] = [signingKeys(database.db, clock), signingKeys(other.db, clock)];
    // Two connections of one SQLite thread would wait on each other's write lock: they go in turn there.
    const actives =
      engine === 'postgres'
        ? await Promise.all([first, second, first, second].map((keys) => keys.active()))
        : [...(await Promise.all([first.active(), first.active()])), await second.active()];
    const rows = await database.db.selectFrom('signing_keys').select('kid').execute();
    expect(rows).toHaveLength(1);
    expect(new Set(actives.map((key) => key.kid))).toEqual(new Set([rows[0]!.kid]));
    expect((await second.jwks()).keys.map((key) => key.kid)).toEqual([rows[0]!.kid]);
  });
});

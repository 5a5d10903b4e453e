import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../../test/engines.ts';
import { manualClock } from '../../lib/clock.ts';
import { type SiteRecord, sitesStore } from './store.ts';

const site = (id: string): SiteRecord => ({
  id,
  name: 'Cached',
  currency: 'USD',
  timeZone: 'UTC',
  installedApps: [],
  settings: { payments: { test: true } },
  createdDate: '2026-01-01T00:00:00.000Z',
  updatedDate: '2026-01-01T00:00:00.000Z',
});

describe.each(engines)('the site cache (%s)', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(engine);
  });
  afterAll(() => database.dispose());

  it('answers the same object while the site is unchanged, and the change once it expires', async () => {
    const clock = manualClock();
    const store = sitesStore(database, clock);
    await store.insertSite(site('s1'));
    const first = await store.getSiteCached('s1');
    expect(first).toMatchObject({ name: 'Cached', settings: { payments: { test: true } } });
    expect(await store.getSiteCached('s1')).toBe(first);

    clock.advance(2001);
    expect(await store.getSiteCached('s1')).toBe(first);

    // Another server process changes the site: seen once the entry expires, as a new object.
    await database.db
      .updateTable('sites')
      .set({ settings: JSON.stringify({ payments: { test: false } }) })
      .where('id', '=', 's1')
      .execute();
    expect(await store.getSiteCached('s1')).toBe(first);
    clock.advance(2001);
    const changed = await store.getSiteCached('s1');
    expect(changed).not.toBe(first);
    expect(changed?.settings).toEqual({ payments: { test: false } });
    expect(first?.settings).toEqual({ payments: { test: true } });
  });
});

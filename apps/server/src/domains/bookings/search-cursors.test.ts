import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { createService, SERVICES } from './bookings.test-helper.ts';

/** searchServices pages by the place of the last service shown, not by a count of those before it. */
describe.each(engines)('bookings searchServices cursors (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  const search = async (body: object) => {
    const response = await t.call({
      method: 'POST',
      url: `${SERVICES}/search`,
      auth: site.adminKey,
      payload: { search: body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return {
      names: (response.data.services as Array<{ name: string }>).map((service) => service.name),
      metadata: response.data.pagingMetadata as {
        hasNext: boolean;
        cursors: { next?: string; prev?: string };
      },
    };
  };
  const service = (name: string, type: 'CLASS' | 'APPOINTMENT') =>
    createService(t, site, {
      name,
      type,
      payment: { rateType: 'FIXED', fixed: { price: { value: '10' } }, options: { inPerson: true } },
      ...(type === 'CLASS' ? { defaultCapacity: 5 } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ currency: 'USD', timeZone: 'UTC' });
  });
  afterAll(() => t.close());

  it('neither repeats nor skips a service added or removed between pages, sorted by a non-unique field', async () => {
    const ids = new Map<string, string>();
    for (const [name, type] of [
      ['Aerial', 'CLASS'],
      ['Boxing', 'APPOINTMENT'],
      ['Cardio', 'CLASS'],
      ['Dance', 'APPOINTMENT'],
      ['Espresso', 'CLASS'],
      ['Fencing', 'APPOINTMENT'],
    ] as const) {
      ids.set(name, (await service(name, type)).id);
    }
    const sort = [
      { fieldName: 'type', order: 'DESC' },
      { fieldName: 'name', order: 'ASC' },
    ];
    const first = await search({ sort, cursorPaging: { limit: 2 } });
    expect(first.names).toEqual(['Aerial', 'Cardio']);

    await service('Bouldering', 'CLASS'); // before the cursor: not shown
    await service('Yoga', 'CLASS'); // after it: shown
    const removed = await t.call({
      method: 'DELETE',
      url: `${SERVICES}/${ids.get('Boxing')}`,
      auth: site.adminKey,
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const second = await search({ cursorPaging: { cursor: first.metadata.cursors.next } });
    expect(second.names).toEqual(['Espresso', 'Yoga']);
    const third = await search({ cursorPaging: { cursor: second.metadata.cursors.next } });
    expect(third.names).toEqual(['Dance', 'Fencing']);
    expect(third.metadata.hasNext).toBe(false);
    const back = await search({ cursorPaging: { cursor: third.metadata.cursors.prev } });
    expect(back.names).toEqual(['Espresso', 'Yoga']);
  });

  it('refuses a cursor of another list or one that does not fit the sort', async () => {
    const products = Buffer.from(
      JSON.stringify({ of: 'products', filter: {}, limit: 2, after: ['x'] }),
    ).toString('base64url');
    const page = await search({ sort: [{ fieldName: 'name' }], cursorPaging: { limit: 1 } });
    const decoded = JSON.parse(Buffer.from(page.metadata.cursors.next!, 'base64url').toString('utf8'));
    const shortened = Buffer.from(JSON.stringify({ ...decoded, after: ['x'] })).toString('base64url');
    for (const cursor of [products, shortened, 'not*base64']) {
      const response = await t.call({
        method: 'POST',
        url: `${SERVICES}/search`,
        auth: site.adminKey,
        payload: { search: { cursorPaging: { cursor } } },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.data.details.validationError.fieldViolations[0].field).toBe(
        'search.cursorPaging.cursor',
      );
    }
  });
});

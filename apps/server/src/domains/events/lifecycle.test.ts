import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { concert } from './fixtures.test-helper.ts';

const EVENTS = '/events/v3/events';

/** An event's life over time: status follows the clock, and cancellation closes registration. */
describe.each(engines)('events lifecycle (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    t.clock.set('2026-02-01T00:00:00.000Z');
    site = await t.createSite({ name: 'Lifecycle', timeZone: 'UTC' });
  });
  afterAll(() => t.close());

  const create = async (event: Record<string, unknown>) => {
    const response = await t.call({ method: 'POST', url: EVENTS, auth: site.adminKey, payload: { event } });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.event;
  };

  it('status follows the clock: UPCOMING → STARTED → ENDED, in reads, status filters and counts', async () => {
    const other = await t.createSite({ name: 'Timeline' });
    const mk = async (title: string, startDate: string, endDate: string) =>
      (
        await t.call({
          method: 'POST',
          url: EVENTS,
          auth: other.adminKey,
          payload: { event: concert({ title, dateAndTimeSettings: { startDate, endDate } }) },
        })
      ).data.event.id as string;
    const a = await mk('A', '2026-02-10T10:00:00.000Z', '2026-02-10T12:00:00.000Z');
    await mk('B', '2026-02-20T10:00:00.000Z', '2026-02-20T12:00:00.000Z');
    const titles = async (status: unknown) =>
      (
        await t.call({
          method: 'POST',
          url: `${EVENTS}/query`,
          auth: other.adminKey,
          payload: { query: { filter: { status } } },
        })
      ).data.events.map((e: { title: string }) => e.title);
    const counts = async () =>
      (
        await t.call({
          method: 'POST',
          url: `${EVENTS}/count-by-status`,
          auth: other.adminKey,
          payload: { facet: ['status'] },
        })
      ).data.facets.status.counts;

    expect(await titles('UPCOMING')).toEqual(['A', 'B']);
    expect(await counts()).toEqual({ UPCOMING: 2, STARTED: 0, ENDED: 0, CANCELED: 0 });

    t.clock.set('2026-02-10T11:00:00.000Z');
    expect(await titles('STARTED')).toEqual(['A']);
    expect(
      (await t.call({ method: 'GET', url: `${EVENTS}/${a}?eventId=${a}`, auth: other.adminKey })).data.event
        .status,
    ).toBe('STARTED');
    t.clock.set('2026-02-15T00:00:00.000Z');
    expect(await titles('ENDED')).toEqual(['A']);
    expect(await titles({ $in: ['UPCOMING', 'STARTED'] })).toEqual(['B']);
    expect(await titles({ $ne: 'ENDED' })).toEqual(['B']);
    expect(await counts()).toEqual({ UPCOMING: 1, STARTED: 0, ENDED: 1, CANCELED: 0 });

    const ended = await t.call({
      method: 'POST',
      url: `${EVENTS}/${a}/cancel`,
      auth: other.adminKey,
      payload: {},
    });
    expect(ended.statusCode).toBe(409);
    expect(ended.data.details.applicationError.code).toBe('EVENT_NOT_CANCELABLE');
    t.clock.set('2026-02-01T00:00:00.000Z');
  });

  it('cancelEvent and bulkCancelEventsByFilter: CANCELED, registration closed', async () => {
    const one = await create(concert({ title: 'Cancel me' }));
    const canceled = await t.call({
      method: 'POST',
      url: `${EVENTS}/${one.id}/cancel`,
      auth: site.adminKey,
      payload: { fields: ['DASHBOARD'] },
    });
    expect(canceled.data.event).toMatchObject({
      status: 'CANCELED',
      registration: { status: 'CLOSED_AUTOMATICALLY' },
      summaries: { cancellation: { canceledDate: '2026-02-01T00:00:00.000Z', actorType: 'USER' } },
    });
    await create(concert({ title: 'Bulk one' }));
    await create(concert({ title: 'Bulk two' }));
    const bulk = await t.call({
      method: 'POST',
      url: '/events/v3/bulk/events/cancel-by-filter',
      auth: site.adminKey,
      payload: { filter: { filter: { title: { $startsWith: 'Bulk' } } } },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.data).toEqual({});
    const after = await t.call({
      method: 'POST',
      url: `${EVENTS}/query`,
      auth: site.adminKey,
      payload: { query: { filter: { title: { $startsWith: 'Bulk' }, status: 'CANCELED' } } },
    });
    expect(after.data.pagingMetadata.total).toBe(2);
  });
});

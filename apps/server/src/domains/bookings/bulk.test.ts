import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { createService, haircut, ok, SERVICES } from './bookings.test-helper.ts';

describe.each(engines)('bookings bulk service calls (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
  });
  afterAll(() => t.close());

  it('bulkUpdateServices: per-item results; a stale revision or an unknown id fails alone', async () => {
    const a = await createService(t, site, haircut({ name: 'Bulk A' }));
    const b = await createService(t, site, haircut({ name: 'Bulk B' }));
    const answer = await ok(t, site, 'POST', '/bookings/v2/bulk/services/update', {
      services: [
        { service: { id: a.id, revision: '1', tagLine: 'Fresh', name: 'Not this' }, mask: 'tagLine' },
        { service: { id: b.id, revision: '7', tagLine: 'Stale' } },
        { service: { id: 'missing', revision: '1', tagLine: 'Nobody' } },
        { service: { id: b.id, revision: '1', defaultCapacity: 3 } },
      ],
      returnEntity: true,
    });
    expect(answer.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 3, undetailedFailures: 0 });
    expect(answer.results[0]).toMatchObject({
      itemMetadata: { id: a.id, originalIndex: 0, success: true },
      item: { name: 'Bulk A', tagLine: 'Fresh', revision: '2' },
    });
    expect(answer.results[1].itemMetadata).toMatchObject({
      id: b.id,
      originalIndex: 1,
      success: false,
      error: { code: 'REVISION_MISMATCH' },
    });
    expect(answer.results[2].itemMetadata.error).toMatchObject({ code: 'SERVICE_NOT_FOUND' });
    expect(answer.results[3].itemMetadata.error).toMatchObject({
      code: 'INVALID_ARGUMENT',
      data: {
        fieldViolations: [{ field: 'service.defaultCapacity', ruleName: 'INVALID_APPOINTMENT_CAPACITY' }],
      },
    });
    const untouched = (await ok(t, site, 'GET', `${SERVICES}/${b.id}`)).service;
    expect(untouched.revision).toBe('1');
    expect(untouched).not.toHaveProperty('tagLine');

    const quiet = await ok(t, site, 'POST', '/v2/bulk/services/update', {
      services: [{ service: { id: b.id, revision: '1', tagLine: 'Quiet' }, mask: ['tagLine'] }],
    });
    expect(quiet.results[0].item).toBeUndefined();
    expect(quiet.results[0].itemMetadata.success).toBe(true);
  });

  it('bulkDeleteServices: each id alone; the slugs of deleted services are free', async () => {
    const a = await createService(t, site, haircut({ name: 'Gone A' }));
    const answer = await ok(t, site, 'POST', '/bookings/services/v2/bulk/services/delete', {
      ids: [a.id, 'missing'],
      preserveFutureSessionsWithParticipants: true,
    });
    expect(answer.results.map((r: { itemMetadata: object }) => r.itemMetadata)).toEqual([
      { id: a.id, originalIndex: 0, success: true },
      expect.objectContaining({
        id: 'missing',
        originalIndex: 1,
        success: false,
        error: expect.objectContaining({ code: 'SERVICE_NOT_FOUND' }),
      }),
    ]);
    expect(answer.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 1, undetailedFailures: 0 });
    expect((await createService(t, site, haircut({ name: 'Gone A' }))).mainSlug.name).toBe('gone-a');
  });

  it('bulkUpdateServicesByFilter and bulkDeleteServicesByFilter: every match, done when answered', async () => {
    const other = await t.createSite();
    for (const name of ['Spin 1', 'Spin 2', 'Row 1']) await createService(t, other, { name, type: 'CLASS' });
    const updated = await ok(t, other, 'POST', '/bookings/v2/bulk/services/update-by-filter', {
      filter: { name: { $startsWith: 'Spin' } },
      service: { hidden: true, defaultCapacity: 20 },
    });
    expect(updated.jobId).toEqual(expect.any(String));
    const hidden = await ok(t, other, 'POST', `${SERVICES}/query`, { query: { filter: { hidden: true } } });
    expect(
      hidden.services
        .map((s: { name: string; defaultCapacity: number }) => [s.name, s.defaultCapacity])
        .sort(),
    ).toEqual([
      ['Spin 1', 20],
      ['Spin 2', 20],
    ]);

    const deleted = await ok(t, other, 'POST', '/v2/bulk/services/delete-by-filter', {
      filter: { hidden: true },
    });
    expect(deleted.jobId).toEqual(expect.any(String));
    const left = await ok(t, other, 'POST', `${SERVICES}/query`, { query: {} });
    expect(left.services.map((s: { name: string }) => s.name)).toEqual(['Row 1']);

    const bad = await t.call({
      method: 'POST',
      url: '/v2/bulk/services/delete-by-filter',
      auth: other.adminKey,
      payload: { filter: { name: { $bogus: 1 } } },
    });
    expect(bad.statusCode).toBe(400);
  });
});

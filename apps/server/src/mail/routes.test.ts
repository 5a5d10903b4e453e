import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../test/build-test-app.ts';
import { engines } from '../../test/engines.ts';

/** The dev mailbox as the owner reads it: newest first, a page at a time, the site's own mail only. */
describe.each(engines)('queryMailbox (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let other: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ name: 'Mail' });
    other = await t.createSite({ name: 'Other mail' });
    for (const n of [1, 2, 3, 4, 5])
      await t.platform.mail.send({
        siteId: site.id,
        to: `m${n % 2}@example.com`,
        subject: `S${n}`,
        text: `T${n}`,
      });
    await t.platform.mail.send({ siteId: other.id, to: 'm1@example.com', subject: 'Elsewhere', text: 'x' });
  });
  afterAll(() => t?.close());

  const query = (payload: object, auth = site.adminKey) =>
    t.call({ method: 'POST', url: '/plaza/v1/mailbox/query', auth, payload });

  it('pages newest first with the cursor, neither repeating nor skipping a message', async () => {
    const first = await query({ limit: 2 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.data.messages.map((m: { subject: string }) => m.subject)).toEqual(['S5', 'S4']);
    expect(first.data.pagingMetadata).toMatchObject({ count: 2, hasNext: true });
    // Mail sent meanwhile does not shift the next page.
    await t.platform.mail.send({ siteId: site.id, to: 'm0@example.com', subject: 'S6', text: 'T6' });
    const second = await query({ limit: 2, cursor: first.data.pagingMetadata.cursors.next });
    expect(second.data.messages.map((m: { subject: string }) => m.subject)).toEqual(['S3', 'S2']);
    const last = await query({ limit: 2, cursor: second.data.pagingMetadata.cursors.next });
    expect(last.data.messages.map((m: { subject: string }) => m.subject)).toEqual(['S1']);
    expect(last.data.pagingMetadata).toMatchObject({ count: 1, cursors: { next: null }, hasNext: false });
    expect(last.data.messages[0]).toEqual({
      id: expect.any(String),
      to: 'm1@example.com',
      subject: 'S1',
      text: 'T1',
      createdDate: expect.any(String),
    });
  });

  it('filters by recipient while paging', async () => {
    const first = await query({ to: 'M1@example.com', limit: 2 });
    expect(first.data.messages.map((m: { subject: string }) => m.subject)).toEqual(['S5', 'S3']);
    const next = await query({
      to: 'm1@example.com',
      limit: 2,
      cursor: first.data.pagingMetadata.cursors.next,
    });
    expect(next.data.messages.map((m: { subject: string }) => m.subject)).toEqual(['S1']);
    expect(next.data.pagingMetadata.hasNext).toBe(false);
  });

  it('refuses a cursor that is not one, with the field named', async () => {
    const bad = await query({ cursor: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.details.validationError.fieldViolations.map((v: { field: string }) => v.field)).toEqual([
      'cursor',
    ]);
  });

  it('answers a visitor or member 403 and keeps each site to its own mail', async () => {
    for (const kind of ['visitor', 'member'] as const) {
      const refused = await query({}, await site.token(kind));
      expect(refused.statusCode).toBe(403);
    }
    const theirs = await query({ limit: 100 }, other.adminKey);
    expect(theirs.data.messages.map((m: { subject: string }) => m.subject)).toEqual(['Elsewhere']);
    // A cursor from another site's page still reads only this site's mail.
    const mine = await query({ limit: 100, cursor: '999999999' });
    expect(mine.data.messages.every((m: { subject: string }) => m.subject.startsWith('S'))).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../../test/build-test-app.ts';
import { engines } from '../../../../test/engines.ts';
import {
  createClient,
  expectAppError,
  register,
  setIdentitySettings,
  visitorTokens,
} from '../../../../test/flows/identity-helpers.ts';

/** `listMembers`: the owner's list of the site's members, by status and e-mail, paged. */
describe.each(engines)('identity: listMembers (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let other: TestSite;
  let visitor: string;
  const ids: Record<string, string> = {};

  const list = (query = '', auth = site.adminKey) =>
    t.call({ method: 'GET', url: `/members/v1/members${query}`, auth });
  const emails = (response: { data: any }) =>
    response.data.members.map((member: { loginEmail: string }) => member.loginEmail);

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ name: 'Club' });
    other = await t.createSite({ name: 'Other club' });
    visitor = (await visitorTokens(t, await createClient(t, site))).access_token;
    for (const email of ['ana@example.com', 'bo@example.com', 'cy@example.com']) {
      if (email === 'cy@example.com') await setIdentitySettings(t, site, { requireOwnerApproval: true });
      t.clock.advance(1000);
      ids[email] = (await register(t, visitor, email)).data.identity.id;
    }
    await setIdentitySettings(t, site, { requireOwnerApproval: false });
    const blocked = await t.call({
      method: 'POST',
      url: `/members/v1/members/${ids['bo@example.com']}/block`,
      auth: site.adminKey,
      payload: {},
    });
    expect(blocked.statusCode).toBe(200);
    const otherVisitor = (await visitorTokens(t, await createClient(t, other))).access_token;
    await register(t, otherVisitor, 'elsewhere@example.com');
  });
  afterAll(() => t.close());

  it('lists the members newest first, with the paging total', async () => {
    const all = await list();
    expect(all.statusCode).toBe(200);
    expect(emails(all)).toEqual(['cy@example.com', 'bo@example.com', 'ana@example.com']);
    expect(all.data.members[0]).toMatchObject({ id: ids['cy@example.com'], status: 'PENDING' });
    expect(all.data.metadata).toMatchObject({ count: 3, total: 3 });
    const second = await list('?limit=1&offset=1');
    expect(emails(second)).toEqual(['bo@example.com']);
    expect(second.data.metadata).toMatchObject({ count: 1, offset: 1, total: 3 });
  });

  it('keeps the members of one status, or whose e-mail contains the search', async () => {
    expect(emails(await list('?status=PENDING'))).toEqual(['cy@example.com']);
    expect(emails(await list('?status=BLOCKED'))).toEqual(['bo@example.com']);
    expect(emails(await list('?status=APPROVED'))).toEqual(['ana@example.com']);
    expect(emails(await list('?search=ANA'))).toEqual(['ana@example.com']);
    expect(emails(await list('?search=nobody'))).toEqual([]);
  });

  it('answers only the caller site’s members', async () => {
    expect(emails(await list('', other.adminKey))).toEqual(['elsewhere@example.com']);
  });

  it('answers one member by id (getMember), of the caller site only', async () => {
    const url = (id: string) => `/members/v1/members/${id}`;
    const one = await t.call({ method: 'GET', url: url(ids['bo@example.com']!), auth: site.adminKey });
    expect(one.statusCode).toBe(200);
    expect(one.data.member).toMatchObject({
      id: ids['bo@example.com'],
      loginEmail: 'bo@example.com',
      status: 'BLOCKED',
    });
    // The signed-in member's own call keeps its path.
    const mine = await t.call({
      method: 'GET',
      url: url('my'),
      auth: await site.token('member', ids['ana@example.com']!),
    });
    expect(mine.data.member.loginEmail).toBe('ana@example.com');
    expectAppError(
      await t.call({ method: 'GET', url: url(ids['bo@example.com']!), auth: other.adminKey }),
      404,
      'MEMBER_NOT_FOUND',
    );
    expect(
      (await t.call({ method: 'GET', url: url(ids['bo@example.com']!), auth: visitor })).statusCode,
    ).toBe(403);
    const member = await site.token('member', ids['ana@example.com']!);
    expect(
      (await t.call({ method: 'GET', url: url(ids['ana@example.com']!), auth: member })).statusCode,
    ).toBe(403);
    const tooLong = await t.call({ method: 'GET', url: url('x'.repeat(101)), auth: site.adminKey });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.data.details.validationError.fieldViolations[0].field).toBe('id');
  });

  it('refuses visitors, members and bad input', async () => {
    expect((await list('', visitor)).statusCode).toBe(403);
    expect((await list('', await site.token('member', ids['ana@example.com']))).statusCode).toBe(403);
    expect((await list('', '')).statusCode).toBe(401);
    const bad = await list('?status=SLEEPING&limit=0');
    expect(bad.statusCode).toBe(400);
    const fields = bad.data.details.validationError.fieldViolations.map((v: { field: string }) => v.field);
    expect(fields).toEqual(expect.arrayContaining(['status', 'limit']));
    expectAppError(
      await t.call({
        method: 'POST',
        url: `/members/v1/members/${ids['ana@example.com']}/approve`,
        auth: other.adminKey,
        payload: {},
      }),
      404,
      'MEMBER_NOT_FOUND',
    );
  });
});

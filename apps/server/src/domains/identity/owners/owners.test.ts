import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../../test/build-test-app.ts';
import { engines } from '../../../../test/engines.ts';
import { newId } from '../../../lib/ids.ts';
import { hashPassword } from '../../../lib/passwords.ts';

const PASSWORD = 'correct horse';

describe.each(engines)('dashboard owner sessions (%s)', (engine) => {
  let t: TestApp;
  let siteA: TestSite;
  let siteB: TestSite;
  let siteC: TestSite;
  let appOfA: string;
  let appOfB: string;

  const addOwner = async (siteId: string, email: string, password = PASSWORD) => {
    // Owner rows of one e-mail are listed oldest first.
    t.clock.advance(1000);
    await t.platform.database.db
      .insertInto('site_owners')
      .values({
        id: newId(),
        site_id: siteId,
        email,
        password_hash: await hashPassword(password),
        created_date: t.clock.now().toISOString(),
      })
      .execute();
  };

  const oauthApp = async (site: TestSite) =>
    (
      await t.call({
        method: 'POST',
        url: '/oauth-app/v1/oauth-apps',
        auth: site.adminKey,
        payload: { oAuthApp: { name: 'Shop' } },
      })
    ).data.oAuthApp.id as string;

  /** Signs in; the cookie as a request sends it, and the CSRF token. */
  async function signIn(email: string, password = PASSWORD, address = '10.0.0.1') {
    const response = await t.call({
      method: 'POST',
      url: '/dashboard/api/session',
      payload: { email, password },
      remoteAddress: address,
    });
    const setCookie = String(response.headers['set-cookie'] ?? '');
    return {
      response,
      setCookie,
      cookie: setCookie.split(';')[0]!,
      csrf: response.data?.csrfToken as string,
    };
  }

  const withSession = (session: { cookie: string; csrf?: string }) => ({
    cookie: session.cookie,
    ...(session.csrf ? { 'x-plaza-csrf': session.csrf } : {}),
  });

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { PUBLIC_URL: 'https://plaza.example' } });
    siteA = await t.createSite({ name: 'Shop A' });
    siteB = await t.createSite({ name: 'Shop B' });
    siteC = await t.createSite({ name: 'Shop C' });
    await addOwner(siteA.id, 'Ann@Example.com');
    await addOwner(siteB.id, 'bob@example.com');
    await addOwner(siteC.id, 'ann@example.com');
    appOfA = await oauthApp(siteA);
    appOfB = await oauthApp(siteB);
  });
  afterAll(() => t.close());

  it('signs in with a secure, HTTP-only, strict same-site cookie and lists every site of the e-mail', async () => {
    const { response, setCookie, csrf } = await signIn('ann@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(setCookie).toMatch(
      /^plaza_owner=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200; Secure$/,
    );
    expect(csrf).toMatch(/^[\w-]{43}$/);
    expect(response.data.owner).toEqual({ email: 'ann@example.com', emailFactor: false });
    expect(response.data.site).toEqual({ id: siteA.id, name: 'Shop A' });
    expect(response.data.sites).toEqual([
      { id: siteA.id, name: 'Shop A' },
      { id: siteC.id, name: 'Shop C' },
    ]);
  });

  it('refuses a wrong password or an unknown e-mail alike, without a cookie', async () => {
    for (const [email, password] of [
      ['ann@example.com', 'wrong'],
      ['nobody@example.com', PASSWORD],
    ] as const) {
      const { response, setCookie } = await signIn(email, password, '10.0.0.2');
      expect(response.statusCode).toBe(401);
      expect(response.data.details.applicationError.code).toBe('OWNER_SIGN_IN_FAILED');
      expect(setCookie).toBe('');
    }
  });

  it('refuses bad input with field violations', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/dashboard/api/session',
      payload: { email: 'ann@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.data.details.validationError.fieldViolations[0].field).toBe('password');
  });

  it('throttles an e-mail after 5 failures, even with the right password, until the wait is over', async () => {
    await addOwner(siteB.id, 'locked@example.com');
    for (let i = 0; i < 5; i++) {
      expect((await signIn('locked@example.com', 'wrong', '10.0.1.1')).response.statusCode).toBe(401);
    }
    const locked = await signIn('locked@example.com', PASSWORD, '10.0.1.2');
    expect(locked.response.statusCode).toBe(429);
    expect(locked.response.data.details.applicationError.code).toBe('RATE_LIMITED');
    expect(locked.setCookie).toBe('');
    t.clock.advance(2000);
    expect((await signIn('locked@example.com', PASSWORD, '10.0.1.2')).response.statusCode).toBe(200);
  });

  it("acts as the site's admin on the public calls with the cookie and the CSRF header", async () => {
    const session = await signIn('ann@example.com');
    const own = await t.call({
      method: 'GET',
      url: `/oauth-app/v1/oauth-apps/${appOfA}`,
      headers: withSession(session),
    });
    expect(own.statusCode).toBe(200);
    const renamed = await t.call({
      method: 'PATCH',
      url: '/plaza/v1/site',
      headers: withSession(session),
      payload: { site: { name: 'Shop A' } },
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('refuses a call made with the cookie but without, or with a wrong, CSRF header', async () => {
    const session = await signIn('ann@example.com');
    for (const csrf of [undefined, 'forged', `${session.csrf}x`]) {
      const write = await t.call({
        method: 'PATCH',
        url: '/plaza/v1/site',
        headers: withSession({ cookie: session.cookie, csrf }),
        payload: { site: { name: 'Taken' } },
      });
      expect(write.statusCode).toBe(403);
      expect(write.data.details.applicationError.code).toBe('CSRF_TOKEN_INVALID');
    }
    const site = await t.call({ method: 'GET', url: '/plaza/v1/site', auth: siteA.adminKey });
    expect(site.data.site.name).toBe('Shop A');
    const switched = await t.call({
      method: 'PUT',
      url: '/dashboard/api/session/site',
      headers: { cookie: session.cookie },
      payload: { siteId: siteC.id },
    });
    expect(switched.statusCode).toBe(403);
  });

  it('gives a visitor or member token, or no session, nothing from the session calls', async () => {
    for (const auth of [
      await siteA.token('visitor'),
      await siteA.token('member'),
      siteA.adminKey,
      undefined,
    ]) {
      const who = await t.call({ method: 'GET', url: '/dashboard/api/session', auth });
      expect(who.statusCode).toBe(401);
      expect(who.data.details.applicationError.code).toBe('OWNER_SESSION_REQUIRED');
      expect(who.data.site).toBeUndefined();
      const everywhere = await t.call({ method: 'DELETE', url: '/dashboard/api/sessions', auth });
      expect(everywhere.statusCode).toBe(401);
      const switched = await t.call({
        method: 'PUT',
        url: '/dashboard/api/session/site',
        auth,
        payload: { siteId: siteA.id },
      });
      expect(switched.statusCode).toBe(401);
    }
    const unknown = await t.call({
      method: 'GET',
      url: '/dashboard/api/session',
      headers: { cookie: 'plaza_owner=made-up' },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it('lets a token, not the cookie, decide when a request carries both', async () => {
    const session = await signIn('ann@example.com');
    const visitor = await t.call({
      method: 'PATCH',
      url: '/plaza/v1/site',
      auth: await siteA.token('visitor'),
      headers: withSession(session),
      payload: { site: { name: 'Taken' } },
    });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.data.details.applicationError.code).toBe('PERMISSION_DENIED');
  });

  it("gives an owner of site A nothing of site B's", async () => {
    const session = await signIn('ann@example.com');
    const other = await t.call({
      method: 'GET',
      url: `/oauth-app/v1/oauth-apps/${appOfB}`,
      headers: withSession(session),
    });
    expect(other.statusCode).toBe(404);
    const switched = await t.call({
      method: 'PUT',
      url: '/dashboard/api/session/site',
      headers: withSession(session),
      payload: { siteId: siteB.id },
    });
    expect(switched.statusCode).toBe(403);
    expect(switched.data.details.applicationError.code).toBe('SITE_NOT_OWNED');
    const bob = await signIn('bob@example.com');
    expect(bob.response.data.sites).toEqual([{ id: siteB.id, name: 'Shop B' }]);
    const own = await t.call({
      method: 'GET',
      url: `/oauth-app/v1/oauth-apps/${appOfA}`,
      headers: withSession(bob),
    });
    expect(own.statusCode).toBe(404);
  });

  it('switches between the sites of the session', async () => {
    const session = await signIn('ann@example.com');
    const switched = await t.call({
      method: 'PUT',
      url: '/dashboard/api/session/site',
      headers: withSession(session),
      payload: { siteId: siteC.id },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.data.site).toEqual({ id: siteC.id, name: 'Shop C' });
    const site = await t.call({ method: 'GET', url: '/plaza/v1/site', headers: withSession(session) });
    expect(site.data.site.id).toBe(siteC.id);
    const who = await t.call({
      method: 'GET',
      url: '/dashboard/api/session',
      headers: { cookie: session.cookie },
    });
    expect(who.data.site.id).toBe(siteC.id);
    expect(who.data.csrfToken).toBe(session.csrf);
  });

  it('signs out this browser, and every browser of the e-mail', async () => {
    const first = await signIn('ann@example.com');
    const second = await signIn('ann@example.com');
    const third = await signIn('ann@example.com');
    const out = await t.call({
      method: 'DELETE',
      url: '/dashboard/api/session',
      headers: withSession(first),
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain(
      'plaza_owner=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0',
    );
    const gone = await t.call({ method: 'GET', url: '/plaza/v1/site', headers: withSession(first) });
    expect(gone.statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/plaza/v1/site', headers: withSession(second) })).statusCode,
    ).toBe(200);

    const refused = await t.call({
      method: 'DELETE',
      url: '/dashboard/api/sessions',
      headers: { cookie: second.cookie },
    });
    expect(refused.statusCode).toBe(403);
    const everywhere = await t.call({
      method: 'DELETE',
      url: '/dashboard/api/sessions',
      headers: withSession(second),
    });
    expect(everywhere.statusCode).toBe(200);
    expect(everywhere.data.ended).toBeGreaterThanOrEqual(2);
    for (const session of [second, third]) {
      const who = await t.call({
        method: 'GET',
        url: '/dashboard/api/session',
        headers: { cookie: session.cookie },
      });
      expect(who.statusCode).toBe(401);
    }
  });

  it('ends a session after 12 hours, and its power over a site whose owner row is removed', async () => {
    await addOwner(siteB.id, 'temp@example.com');
    const session = await signIn('temp@example.com');
    t.clock.advance(12 * 3_600_000 - 1000);
    expect(
      (await t.call({ method: 'GET', url: '/plaza/v1/site', headers: withSession(session) })).statusCode,
    ).toBe(200);
    t.clock.advance(2000);
    expect(
      (await t.call({ method: 'GET', url: '/plaza/v1/site', headers: withSession(session) })).statusCode,
    ).toBe(401);

    const again = await signIn('temp@example.com');
    await t.platform.database.db.deleteFrom('site_owners').where('email', '=', 'temp@example.com').execute();
    expect(
      (await t.call({ method: 'GET', url: '/plaza/v1/site', headers: withSession(again) })).statusCode,
    ).toBe(401);
  });

  it('answers an unknown dashboard call with a 404, not the app shell', async () => {
    const response = await t.call({ method: 'GET', url: '/dashboard/api/nothing' });
    expect(response.statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../../test/build-test-app.ts';
import { engines } from '../../../../test/engines.ts';
import { sitesCommand } from '../../../cli/sites.ts';
import { addSiteOwner } from '../../sites/index.ts';

const PASSWORD = 'correct-Horse-7';

/** The owners' e-mail factor: the password mails a code, and only the code opens the session. */
describe.each(engines)('dashboard owner e-mail factor (%s)', (engine) => {
  let t: TestApp;
  let siteA: TestSite;
  let siteB: TestSite;

  const addOwner = async (site: TestSite, email: string, emailFactor = true) =>
    addSiteOwner(t.platform.sites, site.id, { email, password: PASSWORD, emailFactor });

  const post = (url: string, payload: object, address = '10.0.0.1') =>
    t.call({ method: 'POST', url: `/dashboard/api${url}`, payload, remoteAddress: address });
  const signIn = (email: string, address?: string, password = PASSWORD) =>
    post('/session', { email, password }, address);
  const sendCode = (stateToken: string, code: string, address?: string) =>
    post('/session/code', { stateToken, code }, address);

  /** The code of the newest sign-in e-mail to `to`, read from the site's mailbox as its admin. */
  async function mailedCode(site: TestSite, to: string): Promise<string> {
    const mailbox = await t.call({
      method: 'POST',
      url: '/plaza/v1/mailbox/query',
      auth: site.adminKey,
      payload: { to, limit: 1 },
    });
    expect(mailbox.statusCode, mailbox.body).toBe(200);
    const [mail] = mailbox.data.messages as Array<{ subject: string; text: string }>;
    expect(mail?.subject).toMatch(/^Your dashboard sign-in code: \d{6}$/);
    return /(\d{6})/.exec(mail!.subject)![1]!;
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const cookieOf = (response: { headers: Record<string, unknown> }) =>
    String(response.headers['set-cookie'] ?? '').split(';')[0]!;
  const errorCode = (response: { data: any }) => response.data.details.applicationError.code;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { PUBLIC_URL: 'https://plaza.example' } });
    siteA = await t.createSite({ name: 'Shop A' });
    siteB = await t.createSite({ name: 'Shop B' });
  });
  afterAll(() => t.close());

  it('made by plaza sites create --owner-email-factor: the password mails a code, no cookie; the code signs in', async () => {
    const made = JSON.parse(
      await sitesCommand(t.platform, [
        'create',
        '--name',
        'Guarded shop',
        '--owner-email',
        'Guard@Shop.example',
        '--owner-password',
        PASSWORD,
        '--origin',
        'https://guard.example',
        '--owner-email-factor',
        '--json',
      ]),
    ) as { siteId: string; apiKey: string; owner: object };
    expect(made.owner).toEqual({ email: 'guard@shop.example', emailFactor: true });
    const site = { id: made.siteId, adminKey: made.apiKey } as TestSite;

    const first = await signIn('guard@shop.example');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.data).toEqual({
      state: 'EMAIL_CODE_SENT',
      stateToken: expect.stringMatching(/^pss_/),
      sentTo: 'g***@shop.example',
      expiresInSeconds: 600,
    });
    expect(first.data.csrfToken).toBeUndefined();
    const code = await mailedCode(site, 'guard@shop.example');

    // The state token is no session.
    for (const headers of [{ cookie: `plaza_owner=${first.data.stateToken}` }, {}]) {
      const who = await t.call({ method: 'GET', url: '/dashboard/api/session', headers });
      expect(who.statusCode).toBe(401);
    }

    const opened = await sendCode(first.data.stateToken, ` ${code} `);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(String(opened.headers['set-cookie'])).toMatch(
      /^plaza_owner=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200; Secure$/,
    );
    expect(opened.data.owner).toEqual({ email: 'guard@shop.example', emailFactor: true });
    expect(opened.data.site.id).toBe(made.siteId);
    const acting = await t.call({
      method: 'GET',
      url: '/plaza/v1/site',
      headers: { cookie: cookieOf(opened), 'x-plaza-csrf': opened.data.csrfToken },
    });
    expect(acting.statusCode).toBe(200);
    expect(acting.data.site.name).toBe('Guarded shop');

    const again = await sendCode(first.data.stateToken, code);
    expect(again.statusCode).toBe(400);
    expect(errorCode(again)).toBe('INVALID_STATE_TOKEN');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('counts a wrong code, refuses another owner’s code, and still takes the right one', async () => {
    await addOwner(siteA, 'ann@example.com');
    await addOwner(siteB, 'bob@example.com');
    const ann = await signIn('ann@example.com', '10.0.2.1');
    const annCode = await mailedCode(siteA, 'ann@example.com');
    const bob = await signIn('bob@example.com', '10.0.2.1');
    const bobCode = await mailedCode(siteB, 'bob@example.com');
    expect(await mailedCode(siteA, 'ann@example.com')).toBe(annCode);

    const wrongOne = await sendCode(ann.data.stateToken, wrong(annCode), '10.0.2.1');
    expect(wrongOne.statusCode).toBe(400);
    expect(errorCode(wrongOne)).toBe('INVALID_VERIFICATION_CODE');
    expect(wrongOne.data.details.applicationError.data).toEqual({ attemptsLeft: 4 });
    expect(wrongOne.headers['set-cookie']).toBeUndefined();
    if (bobCode !== annCode) {
      const bobs = await sendCode(ann.data.stateToken, bobCode, '10.0.2.1');
      expect(errorCode(bobs)).toBe('INVALID_VERIFICATION_CODE');
      expect(bobs.data.details.applicationError.data).toEqual({ attemptsLeft: 3 });
    }
    const annIn = await sendCode(ann.data.stateToken, annCode, '10.0.2.1');
    expect(annIn.statusCode, annIn.body).toBe(200);
    expect(annIn.data.sites).toEqual([{ id: siteA.id, name: 'Shop A' }]);
    const bobIn = await sendCode(bob.data.stateToken, bobCode, '10.0.2.1');
    expect(bobIn.data.sites).toEqual([{ id: siteB.id, name: 'Shop B' }]);
  });

  it('lets a code lapse after 10 minutes; a new code for the same sign-in works, the old one no more', async () => {
    await addOwner(siteA, 'late@example.com');
    const pending = await signIn('late@example.com');
    const oldCode = await mailedCode(siteA, 'late@example.com');
    t.clock.advance(10 * 60_000 + 1000);
    const expired = await sendCode(pending.data.stateToken, oldCode);
    expect(expired.statusCode).toBe(400);
    expect(errorCode(expired)).toBe('VERIFICATION_CODE_EXPIRED');
    expect(expired.headers['set-cookie']).toBeUndefined();

    const resent = await post('/session/code/resend', { stateToken: pending.data.stateToken });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.data).toMatchObject({ state: 'EMAIL_CODE_SENT', sentTo: 'l***@example.com' });
    const newCode = await mailedCode(siteA, 'late@example.com');
    if (newCode !== oldCode) {
      const old = await sendCode(pending.data.stateToken, oldCode);
      expect(errorCode(old)).toBe('INVALID_VERIFICATION_CODE');
    }
    expect((await sendCode(pending.data.stateToken, newCode)).statusCode).toBe(200);
    const unknown = await post('/session/code/resend', { stateToken: 'pss_made-up' });
    expect(unknown.statusCode).toBe(400);
    expect(errorCode(unknown)).toBe('INVALID_STATE_TOKEN');
  });

  it('sends a new code on a new sign-in, and the earlier sign-in’s code opens nothing', async () => {
    await addOwner(siteA, 'twice@example.com');
    const first = await signIn('twice@example.com');
    const firstCode = await mailedCode(siteA, 'twice@example.com');
    const second = await signIn('twice@example.com');
    const secondCode = await mailedCode(siteA, 'twice@example.com');
    const stale = await sendCode(first.data.stateToken, firstCode);
    expect(stale.statusCode).toBe(400);
    expect(errorCode(stale)).toBe('INVALID_STATE_TOKEN');
    expect((await sendCode(second.data.stateToken, secondCode)).statusCode).toBe(200);
  });

  it('throttles wrong codes like wrong passwords: 5 and the e-mail waits, even with the right password', async () => {
    await addOwner(siteB, 'guess@example.com');
    const pending = await signIn('guess@example.com', '10.0.3.1');
    const code = await mailedCode(siteB, 'guess@example.com');
    for (let i = 1; i <= 5; i++) {
      const response = await sendCode(pending.data.stateToken, wrong(code), '10.0.3.1');
      expect(errorCode(response)).toBe(i < 5 ? 'INVALID_VERIFICATION_CODE' : 'TOO_MANY_ATTEMPTS');
    }
    const dead = await sendCode(pending.data.stateToken, code, '10.0.3.1');
    expect(dead.statusCode).toBe(429);
    expect(dead.headers['set-cookie']).toBeUndefined();

    const waiting = await signIn('guess@example.com', '10.0.3.2');
    expect(waiting.statusCode).toBe(429);
    expect(errorCode(waiting)).toBe('RATE_LIMITED');
    t.clock.advance(2000);
    const next = await signIn('guess@example.com', '10.0.3.2');
    expect(next.statusCode, next.body).toBe(200);
    const nextCode = await mailedCode(siteB, 'guess@example.com');
    // The sign-in took this wait's one attempt: the code waits for the next.
    const early = await sendCode(next.data.stateToken, nextCode, '10.0.3.2');
    expect(early.statusCode).toBe(429);
    expect(errorCode(early)).toBe('RATE_LIMITED');
    t.clock.advance(3000);
    expect((await sendCode(next.data.stateToken, nextCode, '10.0.3.2')).statusCode).toBe(200);
  });

  it('turns the factor on from a session, and off only with the password', async () => {
    await addOwner(siteA, 'switch@example.com', false);
    await addOwner(siteB, 'switch@example.com', false);
    const plain = await signIn('switch@example.com');
    expect(plain.data.owner).toEqual({ email: 'switch@example.com', emailFactor: false });
    const session = { cookie: cookieOf(plain), 'x-plaza-csrf': plain.data.csrfToken as string };
    const put = (payload: object, headers: Record<string, string | undefined> = session, auth?: string) =>
      t.call({ method: 'PUT', url: '/dashboard/api/session/email-factor', headers, payload, auth });

    expect((await put({ enabled: true }, { cookie: session.cookie })).statusCode).toBe(403);
    const on = await put({ enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.data.owner).toEqual({ email: 'switch@example.com', emailFactor: true });
    expect((await signIn('switch@example.com')).data.state).toBe('EMAIL_CODE_SENT');

    const noPassword = await put({ enabled: false });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.data.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'password',
      violatedRule: 'REQUIRED_FIELD',
    });
    const wrongPassword = await put({ enabled: false, password: 'not-it' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.data.details.validationError.fieldViolations[0].field).toBe('password');
    const badInput = await put({ enabled: 'no' });
    expect(badInput.statusCode).toBe(400);
    expect(badInput.data.details.validationError.fieldViolations[0].field).toBe('enabled');

    const off = await put({ enabled: false, password: PASSWORD });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.data.owner.emailFactor).toBe(false);
    const direct = await signIn('switch@example.com');
    expect(direct.data.csrfToken).toBeDefined();
    expect(direct.data.sites).toHaveLength(2);
  });

  it("gives a token, or no session, nothing; an owner's switch leaves other owners' alone", async () => {
    await addOwner(siteA, 'own@example.com', false);
    await addOwner(siteB, 'other@example.com', false);
    for (const auth of [
      await siteA.token('visitor'),
      await siteA.token('member'),
      siteA.adminKey,
      undefined,
    ]) {
      const response = await t.call({
        method: 'PUT',
        url: '/dashboard/api/session/email-factor',
        auth,
        payload: { enabled: true },
      });
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('OWNER_SESSION_REQUIRED');
    }
    const own = await signIn('own@example.com');
    const on = await t.call({
      method: 'PUT',
      url: '/dashboard/api/session/email-factor',
      headers: { cookie: cookieOf(own), 'x-plaza-csrf': own.data.csrfToken },
      payload: { enabled: true },
    });
    expect(on.data.owner.emailFactor).toBe(true);
    const other = await signIn('other@example.com');
    expect(other.data.owner).toEqual({ email: 'other@example.com', emailFactor: false });
    expect(other.headers['set-cookie']).toBeDefined();
  });

  it('refuses bad code input with field violations', async () => {
    const response = await post('/session/code', { stateToken: 'pss_x' });
    expect(response.statusCode).toBe(400);
    expect(response.data.details.validationError.fieldViolations[0].field).toBe('code');
  });
});

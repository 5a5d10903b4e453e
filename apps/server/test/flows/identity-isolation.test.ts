import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import {
  authPath,
  createClient,
  expectAppError,
  lastMail,
  login,
  PASSWORD,
  signedInMember,
  tokenCall,
  visitorTokens,
} from './identity-helpers.ts';

/**
 * The tenant-isolation idea applied to members: a member of site A is invisible to every call made
 * with site B's credentials, and B's e-mail and sessions never mention A's member.
 */
describe.each(engines)('identity: tenant isolation (%s)', (engine) => {
  let t: TestApp;
  let siteA: TestSite;
  let siteB: TestSite;
  let memberId: string;
  let visitorB: string;
  const email = 'isolated@example.com';

  beforeAll(async () => {
    t = await buildTestApp(engine);
    siteA = await t.createSite({ name: 'A' });
    siteB = await t.createSite({ name: 'B' });
    const clientA = await createClient(t, siteA);
    const clientB = await createClient(t, siteB);
    memberId = (await signedInMember(t, clientA, email)).identityId;
    visitorB = (await visitorTokens(t, clientB)).access_token;
  });
  afterAll(() => t.close());

  it('is not found by any admin call of site B', async () => {
    for (const auth of [siteB.adminKey, await siteB.token('admin')]) {
      for (const action of ['approve', 'block']) {
        const response = await t.call({
          method: 'POST',
          url: `/members/v1/members/${memberId}/${action}`,
          auth,
          payload: {},
        });
        expectAppError(response, 404, 'MEMBER_NOT_FOUND');
      }
      const activation = await t.call({
        method: 'POST',
        url: '/_api/iam/recovery/v1/activation-email',
        auth,
        payload: { identityId: memberId },
      });
      expectAppError(activation, 404, 'MEMBER_NOT_FOUND');
      const verification = await t.call({
        method: 'POST',
        url: '/_api/iam/verification/v1/start',
        auth,
        payload: { identityId: memberId },
      });
      expectAppError(verification, 404, 'MEMBER_NOT_FOUND');
    }
    const external = await tokenCall(
      t,
      { grant_type: 'authorized_client', member_id: memberId },
      siteB.adminKey,
    );
    expectAppError(external, 400, 'invalid_grant');
  });

  it('cannot sign in, recover or register-collide on site B', async () => {
    expectAppError(await login(t, visitorB, email), 404, '-19999');
    const recovery = await t.call({
      method: 'POST',
      url: '/_api/iam/recovery/v1/send-email',
      auth: visitorB,
      payload: { email },
    });
    expect(recovery.data).toEqual({});
    expect(await lastMail(t, siteB, email)).toBeUndefined();
    // The same e-mail is free on site B: a different member.
    const registered = await t.call({
      method: 'POST',
      url: authPath('register'),
      auth: visitorB,
      payload: { loginId: { email }, password: PASSWORD },
    });
    expect(registered.data.state).toBe('SUCCESS');
    expect(registered.data.identity.id).not.toBe(memberId);
  });

  it("keeps site A's mail out of site B's mailbox", async () => {
    const response = await t.call({
      method: 'POST',
      url: '/plaza/v1/mailbox/query',
      auth: siteB.adminKey,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.data.messages.every((m: { text: string }) => !m.text.includes(memberId))).toBe(true);
  });

  it('member tokens of site A speak for site A only', async () => {
    const token = await siteA.token('member', memberId);
    const me = await t.call({ method: 'GET', url: '/members/v1/members/my', auth: token });
    expect(me.data.member.id).toBe(memberId);
    const forged = await siteB.token('member', memberId);
    const onB = await t.call({ method: 'GET', url: '/members/v1/members/my', auth: forged });
    expectAppError(onB, 404, 'MEMBER_NOT_FOUND');
  });
});

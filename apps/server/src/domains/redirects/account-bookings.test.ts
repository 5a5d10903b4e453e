import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { bookingCalls, studio } from '../bookings/checkout.test-helper.ts';

/** The hosted member account's BOOKINGS section: the member's own bookings, not another's. */
describe.each(engines)('hosted member account bookings (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let services: Record<string, string>;
  const calls = () => bookingCalls(t, () => site);

  beforeAll(async () => {
    t = await buildTestApp(engine);
    t.clock.set('2026-03-02T08:00:00.000Z');
    ({ site, services } = await studio(t));
  }, 60_000);
  afterAll(() => t.close());

  const member = async (email: string) => {
    const identity = await t.platform.identity.context.store.identities.create(
      site.id,
      {
        identityProfile: {},
        email: { address: email, isVerified: true },
        status: { name: 'ACTIVE', reasons: [] },
        factors: [],
        connections: [],
        metadata: {},
      },
      null,
    );
    return () => site.token('member', identity.id);
  };
  const account = async (token: string) => {
    const session = await t.call({
      method: 'POST',
      url: '/redirect-session/v1/redirect-session',
      auth: token,
      payload: { membersAccount: { section: 'BOOKINGS' } },
    });
    expect(session.statusCode, session.body).toBe(200);
    const shown = await t.call({
      method: 'GET',
      url: `/plaza/v1/redirect-sessions/${session.data.redirectSession.id}/account`,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    return shown.data.account;
  };

  it("lists the member's paid booking, and none of another member's", async () => {
    const ada = await member('ada.books@example.com');
    const [entry] = await calls().slots(await ada(), services.Haircut!);
    const { bookingId } = await calls().bookAndPay(await ada(), entry!);
    const view = await account(await ada());
    expect(view.section).toBe('BOOKINGS');
    expect(view.bookings).toEqual([
      expect.objectContaining({ id: bookingId, title: 'Haircut', status: 'CONFIRMED', participants: 1 }),
    ]);
    expect(view.bookings[0].startDate).toMatch(/^2026-03-02T/);
    const other = await member('other.books@example.com');
    expect((await account(await other())).bookings).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_FREE_FAILURES,
  ADDRESS_FREE_FAILURES,
  MAX_DELAY_MS,
} from '../../src/domains/identity/service/throttle.ts';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { authPath, expectAppError, PASSWORD, register } from './identity-helpers.ts';

/** The sign-in throttle: growing delays per member and per address, driven by the test clock. */
describe.each(engines)('identity: sign-in throttle (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let visitor: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite({ name: 'Club' });
    // The clock moves by days here: a visitor token that outlives the tests.
    visitor = await site.token('visitor', undefined, 30 * 24 * 3600);
  });
  afterAll(() => t.close());

  const attempt = (email: string, password: string, address: string) =>
    t.call({
      method: 'POST',
      url: authPath('login'),
      auth: visitor,
      payload: { loginId: { email }, password },
      remoteAddress: address,
    });
  const guesser = (i: number) => `198.51.100.${(i % 250) + 1}`;

  /** `count` wrong guesses from rotating addresses, each waiting out the delay it is told. */
  async function guess(email: string, count: number, from = guesser) {
    const waits: number[] = [];
    for (let i = 0; i < count; i++) {
      let response = await attempt(email, `wrong-Guess-${i}`, from(i));
      while (response.statusCode === 429) {
        const wait = Number(response.headers['retry-after']);
        waits.push(wait);
        t.clock.advance(wait * 1000);
        response = await attempt(email, `wrong-Guess-${i}`, from(i));
      }
      expect(response.statusCode).toBe(401);
    }
    return waits;
  }

  it('lets a few failures pass, then doubles the wait after each one, up to the cap', async () => {
    await register(t, visitor, 'slow@example.com');
    expect(await guess('slow@example.com', ACCOUNT_FREE_FAILURES - 1)).toEqual([]);
    // The fifth failure earns the first wait; each further one doubles it.
    expect(await guess('slow@example.com', 5)).toEqual([1, 2, 4, 8]);
    const throttled = await attempt('slow@example.com', PASSWORD, '192.0.2.50');
    expectAppError(throttled, 429, 'RATE_LIMITED');
    expect(throttled.headers['retry-after']).toBe('16');
    expect(throttled.data.details.applicationError.data.retryAfterSeconds).toBe(16);
    const waits = await guess('slow@example.com', 8);
    expect(Math.max(...waits)).toBe(MAX_DELAY_MS / 1000);
    expect(waits.at(-1)).toBe(MAX_DELAY_MS / 1000);
    // Once the wait is over the right password goes through, and the failures are forgotten.
    t.clock.advance(MAX_DELAY_MS);
    expect((await attempt('slow@example.com', PASSWORD, '192.0.2.50')).data.state).toBe('SUCCESS');
    expect(await guess('slow@example.com', ACCOUNT_FREE_FAILURES - 1)).toEqual([]);
  });

  it('does not keep the real member out while someone guesses their password elsewhere', async () => {
    await register(t, visitor, 'target@example.com');
    const home = '203.0.113.7';
    expect((await attempt('target@example.com', PASSWORD, home)).data.state).toBe('SUCCESS');
    await guess('target@example.com', ACCOUNT_FREE_FAILURES + 4);
    // The guesser waits; the member, from an address they signed in from, does not.
    expectAppError(await attempt('target@example.com', PASSWORD, '192.0.2.99'), 429, 'RATE_LIMITED');
    expect((await attempt('target@example.com', PASSWORD, home)).data.state).toBe('SUCCESS');
    // Their success forgot the guesses: the guesser starts over, not the member.
    expect(await guess('target@example.com', ACCOUNT_FREE_FAILURES - 1)).toEqual([]);
  });

  it('keeps a member on a new address waiting no longer than the cap', async () => {
    await register(t, visitor, 'traveller@example.com');
    await guess('traveller@example.com', ACCOUNT_FREE_FAILURES + 11);
    const waiting = await attempt('traveller@example.com', PASSWORD, '192.0.2.77');
    expectAppError(waiting, 429, 'RATE_LIMITED');
    const wait = Number(waiting.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(MAX_DELAY_MS / 1000);
    t.clock.advance(wait * 1000);
    expect((await attempt('traveller@example.com', PASSWORD, '192.0.2.77')).data.state).toBe('SUCCESS');
  });

  it('throttles an address that tries many e-mails, and no other address', async () => {
    const from = '203.0.113.9';
    for (let i = 0; i < ADDRESS_FREE_FAILURES - 1; i++)
      expectAppError(await attempt(`guess${i}@example.com`, PASSWORD, from), 404, '-19999');
    expectAppError(await attempt('guess-last@example.com', PASSWORD, from), 404, '-19999');
    await register(t, visitor, 'neighbour@example.com');
    const blocked = await attempt('neighbour@example.com', PASSWORD, from);
    expectAppError(blocked, 429, 'RATE_LIMITED');
    expect(blocked.headers['retry-after']).toBe('1');
    expect((await attempt('neighbour@example.com', PASSWORD, '203.0.113.10')).data.state).toBe('SUCCESS');
    t.clock.advance(1000);
    expect((await attempt('neighbour@example.com', PASSWORD, from)).data.state).toBe('SUCCESS');
  });

  it('takes one attempt per wait, however many arrive at once', async () => {
    await register(t, visitor, 'parallel@example.com');
    await guess('parallel@example.com', ACCOUNT_FREE_FAILURES);
    t.clock.advance(1000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => attempt('parallel@example.com', `wrong-Guess-p${i}`, guesser(i))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([401, 429, 429, 429, 429]);
  });

  it('forgets failures a day old', async () => {
    await register(t, visitor, 'forgetful@example.com');
    await guess('forgetful@example.com', ACCOUNT_FREE_FAILURES + 3);
    const row = () =>
      t.platform.database.db
        .selectFrom('sign_in_throttles')
        .select('failures')
        .where('key', '=', `account:${site.id}:forgetful@example.com`)
        .executeTakeFirst();
    expect((await row())?.failures).toBe(ACCOUNT_FREE_FAILURES + 3);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    // The hourly clean-up drops what is forgotten anyway.
    await t.platform.jobs.runDue();
    expect(await row()).toBeUndefined();
    expect(await guess('forgetful@example.com', ACCOUNT_FREE_FAILURES - 1)).toEqual([]);
  });
});

import type { Access, CallDefinition } from '@plaza/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { everyCall, paramValue } from './sweep-requests.ts';

/**
 * Every call enforces the access level its contract declares, before the body is read: taken from the
 * contracts, so that a new call is checked as it appears. Each call is sent, at its canonical path,
 * by callers below its level (refused, never reaching validation or the handler) and by the lowest
 * caller it allows (let through, whatever it then makes of the placeholder input).
 */
const calls = everyCall();
const guarded = calls.filter((call) => call.access !== 'public');

type Kind = 'visitor' | 'member' | 'admin';
type Caller = 'no Authorization' | 'a garbage access token' | 'an unknown API key' | Kind;

/** The lowest caller each level allows; an admin is the site's API key. */
const lowest: Record<Access, Caller | undefined> = {
  public: undefined,
  anyone: 'visitor',
  member: 'member',
  admin: 'admin',
};
const below: Record<Access, Kind[]> = {
  public: [],
  anyone: [],
  member: ['visitor'],
  admin: ['visitor', 'member'],
};

interface Failure {
  call: string;
  caller: string;
  answer: string;
}

describe.each(engines)('access sweep (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  /** A site with no app installed: what a call of an app answers there. */
  let bare: TestSite;
  const headers = new Map<TestSite, Record<Caller, string | undefined>>();
  /** Ids of the requests that got past access to body parsing. */
  const parsed = new Set<string>();

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      beforeReady: (app) => {
        // Runs after every onRequest hook, access included, and before the body is read.
        app.addHook('preParsing', (request, _reply, payload, done) => {
          parsed.add(request.id);
          done(null, payload);
        });
      },
    });
    site = await t.createSite({ name: 'Access sweep' });
    bare = await t.createSite({ name: 'Access sweep, no apps', installedApps: [] });
    for (const s of [site, bare]) {
      headers.set(s, {
        'no Authorization': undefined,
        'a garbage access token': 'OauthNG.JWS.not-a-token',
        'an unknown API key': 'plz_unknownkey',
        visitor: await s.token('visitor'),
        member: await s.token('member'),
        admin: s.adminKey,
      });
    }
  });
  afterAll(() => t.close());

  const send = (call: CallDefinition, on: TestSite, caller: Caller) => {
    const url = call.paths[0]!.replace(/\{([^}]+)\}/g, (_, param: string) =>
      encodeURIComponent(paramValue(call, param, on.id)),
    );
    const authorization = headers.get(on)![caller];
    const usesQuery = call.method === 'GET' || call.method === 'DELETE';
    return t.app.inject({
      method: call.method,
      url,
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(usesQuery ? {} : { 'content-type': 'application/json' }),
      },
      ...(usesQuery ? {} : { payload: '{}' }),
    });
  };

  const codeOf = (response: LightMyRequestResponse): string | undefined => {
    try {
      return JSON.parse(response.body)?.details?.applicationError?.code;
    } catch {
      return undefined;
    }
  };
  const answer = (response: LightMyRequestResponse) =>
    `${response.statusCode} ${codeOf(response) ?? response.body.slice(0, 200)}`;
  const reachedParsing = (response: LightMyRequestResponse) =>
    parsed.has(String(response.headers['x-wix-request-id']));

  /** What is wrong with a refusal, if anything: the exact status and code, in the envelope, before parsing. */
  function refusalProblem(response: LightMyRequestResponse, status: number, code: string) {
    if (response.statusCode !== status || codeOf(response) !== code) return `expected ${status} ${code}`;
    if (typeof JSON.parse(response.body).message !== 'string') return 'no message in the envelope';
    if (!response.headers['x-wix-request-id']) return 'no X-Wix-Request-Id header';
    if (reachedParsing(response)) return 'refused only after the body was read';
    return undefined;
  }

  interface Refusal {
    call: CallDefinition;
    on: TestSite;
    caller: Caller;
    status: number;
    code: string;
  }

  async function expectRefusals(cases: Refusal[]): Promise<number> {
    const failures: Failure[] = [];
    for (const { call, on, caller, status, code } of cases) {
      const response = await send(call, on, caller);
      const problem = refusalProblem(response, status, code);
      if (problem) failures.push({ call: call.name, caller, answer: `${answer(response)}: ${problem}` });
    }
    expect(failures).toEqual([]);
    return cases.length;
  }

  it('sweeps every call of the contracts, at every access level', () => {
    expect(calls.length).toBeGreaterThan(50);
    const levels = new Set(calls.map((call) => call.access));
    for (const level of ['public', 'anyone', 'member', 'admin'] as const) expect(levels).toContain(level);
    expect(guarded.some((call) => call.app)).toBe(true);
  });

  it('refuses a caller without valid credentials with 401', async () => {
    const sent = await expectRefusals(
      guarded.flatMap((call): Refusal[] => [
        { call, on: site, caller: 'no Authorization', status: 401, code: 'UNAUTHENTICATED' },
        { call, on: site, caller: 'a garbage access token', status: 401, code: 'INVALID_TOKEN' },
        { call, on: site, caller: 'an unknown API key', status: 401, code: 'INVALID_TOKEN' },
      ]),
    );
    expect(sent).toBe(guarded.length * 3);
  });

  it('refuses a caller below the call level with 403', async () => {
    const cases = guarded.flatMap((call) =>
      below[call.access].map((caller) => ({
        call,
        on: site,
        caller,
        status: 403,
        code: 'PERMISSION_DENIED',
      })),
    );
    expect(await expectRefusals(cases)).toBeGreaterThan(0);
  });

  it('answers a call of an app the site has not installed with 404 APP_NOT_INSTALLED', async () => {
    const cases = guarded
      .filter((call) => call.app)
      .map((call) => ({
        call,
        on: bare,
        caller: lowest[call.access]!,
        status: 404,
        code: 'APP_NOT_INSTALLED',
      }));
    expect(await expectRefusals(cases)).toBeGreaterThan(0);
  });

  it('lets the lowest allowed caller through to the call', async () => {
    const failures: Failure[] = [];
    for (const call of calls) {
      const caller = lowest[call.access] ?? 'no Authorization';
      const response = await send(call, site, caller);
      const refused = response.statusCode === 401 || response.statusCode === 403;
      if (refused || !reachedParsing(response)) {
        failures.push({ call: call.name, caller, answer: `${answer(response)}: not let through` });
      }
    }
    expect(failures).toEqual([]);
  });
});

import type { CallDefinition } from '@plaza/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { badCases, everyCall, paramValue } from './sweep-requests.ts';

/**
 * Bad input gets a 4xx in the error envelope with a message a developer can act on, never a 5xx.
 * Every call of the contracts is swept with malformed requests as the site's admin (so that access
 * checks do not stop them before the handler); a call may accept some of them (2xx, 3xx), but
 * whatever it refuses it refuses in the envelope of the API map, section 4. A call with body fields
 * must refuse at least one request for what its fields hold: one that accepts them all checks nothing.
 */
const calls = everyCall();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** What is wrong with the answer to a malformed request, if anything. */
function problemWith(response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status < 400) return undefined;
  // A 502 is the one deliberate 5xx: an identity provider the input names did not answer (offline here).
  if (status >= 500 && !(status === 502 && /"code":"IDP_[A-Z_]+"/.test(response.body))) {
    return `answered ${status}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'the body is not JSON';
  }
  if (!isObject(body) || !text(body.message)) return 'no message';
  if (!response.headers['x-wix-request-id']) return 'no X-Wix-Request-Id header';
  const details = isObject(body.details) ? body.details : {};
  const { applicationError, validationError } = details;
  if (isObject(applicationError)) {
    if (!text(applicationError.code) || typeof applicationError.description !== 'string')
      return 'applicationError without a code or a description';
    if (!isObject(applicationError.data)) return 'applicationError without a data object';
    if (applicationError.code === 'ROUTE_NOT_FOUND') return 'the call is not routed at its canonical path';
    return undefined;
  }
  if (isObject(validationError)) {
    const violations = validationError.fieldViolations;
    if (!Array.isArray(violations) || violations.length === 0) return 'validationError without violations';
    const bad = violations.find(
      (v) =>
        !isObject(v) ||
        typeof v.field !== 'string' ||
        !text(v.description) ||
        !text(v.violatedRule) ||
        !isObject(v.data),
    );
    return bad ? `malformed field violation ${JSON.stringify(bad)}` : undefined;
  }
  return 'details holds neither applicationError nor validationError';
}

/**
 * Whether the call takes a body with fields of its own (not only copies of its path parameters).
 * GET and DELETE carry their input in the query string.
 */
function hasBodyFields(call: CallDefinition): boolean {
  if (call.method === 'GET' || call.method === 'DELETE') return false;
  const inPath = new Set([...call.paths[0].matchAll(/\{([^}]+)\}/g)].map((match) => match[1]));
  return Object.keys(call.request.properties ?? {}).some((name) => !inPath.has(name));
}

/**
 * Malformed requests that every route refuses, whatever its schema: the JSON parser, the content
 * type, a body that is not an object, a bad path parameter and the checks of any text, depth and key
 * (http/validation.ts). Refusing them says nothing about whether the call checks its own fields.
 */
const refusedByAnyRoute = (caseName: string) =>
  [
    'a JSON array',
    'a JSON string',
    'a JSON number',
    'JSON null',
    'invalid JSON',
    'a text/plain body',
    'prototype key in the body',
  ].includes(caseName) || /^path parameters |NUL character|lone surrogate|nested/.test(caseName);

interface Failure {
  case: string;
  request: string;
  status: number;
  problem: string;
  body: string;
}

describe.each(engines)('bad input sweep (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  it('sweeps every call of the contracts', () => {
    expect(calls.length).toBeGreaterThan(50);
    expect(new Set(calls.map((call) => call.name)).size).toBe(calls.length);
  });

  it.each(calls)('$name: refuses malformed requests with a 4xx envelope, never a 5xx', async (call) => {
    // A site per call: what one call accepts (settings, keys, carts) cannot change what the next one sees.
    const site = await t.createSite({ name: `Sweep ${call.name}` });
    const failures: Failure[] = [];
    let refused = 0;
    for (const bad of badCases(call, (param) => paramValue(call, param, site.id))) {
      const response = await t.app.inject({
        method: bad.method,
        url: bad.url,
        headers: {
          authorization: site.adminKey,
          ...(bad.payload === undefined ? {} : { 'content-type': bad.contentType ?? 'application/json' }),
        },
        ...(bad.payload === undefined ? {} : { payload: bad.payload }),
      });
      let problem = problemWith(response);
      if ('polluted' in Object.prototype) {
        delete (Object.prototype as Record<string, unknown>).polluted;
        problem = 'the request set a property on Object.prototype';
      }
      // A 404 names something missing (the path's random id, no current cart), not a bad field.
      const status = response.statusCode;
      if (!problem && status >= 400 && status < 500 && status !== 404 && !refusedByAnyRoute(bad.name))
        refused++;
      if (problem) {
        failures.push({
          case: bad.name,
          request: `${bad.method} ${bad.url.slice(0, 200)}${bad.payload ? ` ${bad.payload.slice(0, 200)}` : ''}`,
          status: response.statusCode,
          problem,
          body: response.body.slice(0, 600),
        });
      }
    }
    expect(failures).toEqual([]);
    if (hasBodyFields(call))
      expect(refused, 'requests its own body schema refuses, in the envelope').toBeGreaterThan(0);
  }, 60_000);
});

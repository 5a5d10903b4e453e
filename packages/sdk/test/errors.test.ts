import { describe, expect, it } from 'vitest';
import { errorFromResponse, PlazaError } from '../src/core/errors.ts';
import { sendJson } from '../src/core/http.ts';
import { recordingFetch } from './support/recording-fetch.ts';

/** `requestId: null` stands for an answer without the header. */
const answer = (
  status: number,
  body: unknown,
  statusText = 'Bad Request',
  requestId: string | null = 'rid-1',
) => errorFromResponse({ status, statusText, body, requestId: requestId ?? undefined });

describe('errorFromResponse (seed section 8, API map 4.2)', () => {
  it('turns the map example into status, request id, code and message', () => {
    const error = answer(
      404,
      {
        message: 'Service not found',
        details: {
          applicationError: {
            code: 'SERVICE_NOT_FOUND',
            description: 'Service xyz not found',
            data: { serviceId: 'xyz' },
          },
        },
      },
      'Not Found',
    );
    expect(error).toBeInstanceOf(PlazaError);
    expect(error.status).toBe(404);
    expect(error.requestId).toBe('rid-1');
    expect(error.message).toBe('Service not found: Service xyz not found');
    expect(error.code).toBe('SERVICE_NOT_FOUND');
    expect(error.details.applicationError).toEqual({
      code: 'SERVICE_NOT_FOUND',
      description: 'Service xyz not found',
      data: { serviceId: 'xyz' },
    });
  });

  it('lists validation errors as INVALID_ARGUMENT, sorted by field', () => {
    const error = answer(400, {
      message: 'Invalid request',
      details: {
        validationError: {
          fieldViolations: [
            { field: 'query.paging.limit', description: 'must be <= 100', violatedRule: 'MAX', data: {} },
            {
              field: 'loginId.email',
              description: 'must be an email',
              violatedRule: 'FORMAT',
              data: { type: 'EMAIL' },
            },
          ],
        },
      },
    });
    expect(error.message).toBe(
      'INVALID_ARGUMENT: "loginId.email" must be an email, "query.paging.limit" must be <= 100',
    );
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.details.validationError?.fieldViolations.map((violation) => violation.field)).toEqual([
      'loginId.email',
      'query.paging.limit',
    ]);
  });

  it('uses the message alone when the description repeats it', () => {
    const error = answer(409, {
      message: 'Conflict',
      details: { applicationError: { code: 'X', description: 'Conflict', data: {} } },
    });
    expect(error.message).toBe('Conflict');
  });

  it('copies numeric codes as strings (the sign-in flows compare strings)', () => {
    const error = answer(403, {
      message: 'Wrong',
      details: { applicationError: { code: -19976, description: 'Bad password' } },
    });
    expect(error.code).toBe('-19976');
    expect(error.details.applicationError?.data).toEqual({});
  });

  it('builds an application error from the status text and message for other 4xx', () => {
    const error = answer(404, undefined, 'Not Found');
    expect(error.message).toBe('Not Found');
    expect(error.details.applicationError).toEqual({ code: 'NOT_FOUND', description: 'Not Found', data: {} });

    const withMessage = answer(429, { message: 'Slow down' }, 'Too Many Requests');
    expect(withMessage.message).toBe('Slow down');
    expect(withMessage.code).toBe('TOO_MANY_REQUESTS');
  });

  it('falls back to the status number when HTTP/2 gives no status text', () => {
    const error = answer(418, undefined, '');
    expect(error.message).toBe('HTTP 418');
    expect(error.code).toBe('418');
  });

  it('gives "System error occurred" with the request id for anything else', () => {
    expect(answer(502, undefined, 'Bad Gateway').message).toBe('System error occurred, request-id: rid-1');
    expect(answer(500, { oops: true }, 'Internal Server Error', null).message).toBe('System error occurred');
    expect(answer(502, undefined).code).toBe('SYSTEM_ERROR');
  });

  it('keeps an application error a 5xx carries', () => {
    const error = answer(500, {
      message: 'System error occurred',
      details: {
        applicationError: { code: 'INTERNAL', description: 'Quote the request id', data: { requestId: 'r' } },
      },
    });
    expect(error.message).toBe('System error occurred: Quote the request id');
    expect(error.code).toBe('INTERNAL');
  });
});

describe('sendJson', () => {
  it('reads the request id from X-Wix-Request-Id in any case', async () => {
    const { fetch } = recordingFetch(() => ({
      status: 400,
      body: { message: 'No' },
      headers: { 'X-WIX-REQUEST-ID': 'abc' },
    }));
    const error = await sendJson(fetch, { method: 'GET', url: 'http://h/x' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ requestId: 'abc', status: 400, message: 'No' });
  });

  it('treats any status but 200 as an error, 201 and 204 included', async () => {
    const { fetch } = recordingFetch(() => ({ status: 201, statusText: 'Created', body: { id: 'x' } }));
    await expect(sendJson(fetch, { method: 'POST', url: 'http://h/x', body: '{}' })).rejects.toMatchObject({
      status: 201,
    });
  });

  it('reports an unreachable server as a system error without status', async () => {
    const error = await sendJson(
      async () => {
        throw new TypeError('fetch failed');
      },
      { method: 'GET', url: 'http://h/x' },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlazaError);
    expect(error).toMatchObject({ message: 'System error occurred', status: undefined });
    expect((error as PlazaError).cause).toBeInstanceOf(TypeError);
  });

  it('reports a 200 without JSON as a system error with the request id', async () => {
    const { fetch } = recordingFetch(() => ({ text: '<html>', headers: { 'x-wix-request-id': 'r2' } }));
    await expect(sendJson(fetch, { method: 'GET', url: 'http://h/x' })).rejects.toThrow(
      'System error occurred, request-id: r2',
    );
  });

  it('sends Content-Type: application/json with a body only', async () => {
    const { fetch, requests } = recordingFetch();
    await sendJson(fetch, { method: 'GET', url: 'http://h/a' });
    await sendJson(fetch, { method: 'POST', url: 'http://h/b', body: '{}' });
    expect(requests[0]?.headers['Content-Type']).toBeUndefined();
    expect(requests[1]?.headers['Content-Type']).toBe('application/json');
  });
});

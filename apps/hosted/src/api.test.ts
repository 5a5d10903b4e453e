import { bookingsCalls, ecomCalls, identityCalls, redirectsCalls, sitesCalls } from '@plaza/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, paths, toApiError } from './api.ts';

describe('toApiError', () => {
  it('reads an application error, keeping code, description, data and request id', () => {
    const error = toApiError(
      401,
      {
        message: 'Wrong password',
        details: {
          applicationError: {
            code: '-19976',
            description: 'The e-mail and password do not match.',
            data: {},
          },
        },
      },
      'rid-1',
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: '-19976',
      message: 'Wrong password',
      description: 'The e-mail and password do not match.',
      requestId: 'rid-1',
      violations: [],
    });
  });

  it('reads field violations as a VALIDATION error', () => {
    const error = toApiError(400, {
      message: 'INVALID_ARGUMENT',
      details: {
        validationError: {
          fieldViolations: [
            {
              field: 'password',
              description: 'must be at least 8 characters long',
              violatedRule: 'MIN_LENGTH',
              data: {},
            },
            { nonsense: true },
          ],
        },
      },
    });
    expect(error.code).toBe('VALIDATION');
    expect(error.violations).toEqual([
      {
        field: 'password',
        description: 'must be at least 8 characters long',
        violatedRule: 'MIN_LENGTH',
        data: {},
      },
      { field: '', description: 'is not valid' },
    ]);
  });

  it('copes with numeric codes, missing details and bodies that are not JSON objects', () => {
    expect(toApiError(400, { message: 'x', details: { applicationError: { code: 400 } } }).code).toBe('400');
    const bare = toApiError(502, undefined);
    expect(bare).toMatchObject({ status: 502, code: 'HTTP_502', message: 'Request failed (502)' });
    expect(bare.description).toBe(bare.message);
    expect(toApiError(500, ['not', 'an', 'object']).code).toBe('HTTP_500');
  });
});

describe('api', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with the raw token and answers the parsed body', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await expect(api('POST', '/x', { body: { a: 1 }, token: 'OauthNG.JWS.t' })).resolves.toEqual({
      ok: true,
    });
    expect(fetch).toHaveBeenCalledWith('/x', {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: 'OauthNG.JWS.t',
      },
      credentials: 'omit',
      body: '{"a":1}',
    });
  });

  it('turns error envelopes into ApiError with the request id header', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            message: 'Gone',
            details: { applicationError: { code: 'REDIRECT_SESSION_EXPIRED' } },
          }),
          {
            status: 410,
            headers: { 'x-wix-request-id': 'rid-9' },
          },
        ),
    );
    await expect(api('GET', '/y')).rejects.toMatchObject({
      status: 410,
      code: 'REDIRECT_SESSION_EXPIRED',
      requestId: 'rid-9',
    });
  });

  it('sends extra headers (the idempotency key) and PATCH', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await api('PATCH', '/p', { body: {}, headers: { 'idempotency-key': 'k1' } });
    expect(fetch).toHaveBeenCalledWith('/p', {
      method: 'PATCH',
      headers: { 'idempotency-key': 'k1', accept: 'application/json', 'content-type': 'application/json' },
      credentials: 'omit',
      body: '{}',
    });
  });

  it('reports an unreachable server as NETWORK, and a non-JSON success as an error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api('GET', '/z')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 200 }));
    await expect(api('GET', '/z')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('paths', () => {
  const all = [...identityCalls, ...redirectsCalls, ...sitesCalls, ...ecomCalls, ...bookingsCalls];
  const pathsOf = (name: string) => all.find((call) => call.name === name)?.paths ?? [];
  const asTemplate = (path: string) => path.replace(/abc/g, '{redirectSessionId}');

  it('are paths the server serves (per @plaza/contracts)', () => {
    const used: [string, string][] = [
      ['token', paths.token],
      ['getSite', paths.getSite],
      ['getRedirectSession', asTemplate(paths.getRedirectSession('abc'))],
      ['authorizeRedirectSession', asTemplate(paths.authorizeRedirectSession('abc'))],
      ['completeRedirectLogout', asTemplate(paths.completeRedirectLogout('abc'))],
      ['register', paths.register],
      ['login', paths.login],
      ['verifyDuringAuthentication', paths.verifyDuringAuthentication],
      ['resendDuringAuthentication', paths.resendDuringAuthentication],
      ['sendRecoveryEmail', paths.sendRecoveryEmail],
      ['recover', paths.recover],
      ['getHostedCheckout', asTemplate(paths.hostedCheckout('abc'))],
      ['updateHostedCheckout', asTemplate(paths.hostedCheckout('abc'))],
      ['payHostedCheckout', asTemplate(paths.payHostedCheckout('abc'))],
      ['getHostedThankYou', asTemplate(paths.hostedThankYou('abc'))],
      ['getHostedBookingService', asTemplate(paths.hostedBookingService('abc'))],
      ['getHostedBookingSlots', asTemplate(paths.hostedBookingSlots('abc'))],
      ['bookHostedBookingSlot', asTemplate(paths.bookHostedBookingSlot('abc'))],
    ];
    for (const [name, path] of used) expect(pathsOf(name), name).toContain(path);
  });

  it('use the methods the server serves', () => {
    const methodOf = (name: string) => all.find((call) => call.name === name)?.method;
    expect(methodOf('getHostedCheckout')).toBe('GET');
    expect(methodOf('updateHostedCheckout')).toBe('PATCH');
    expect(methodOf('payHostedCheckout')).toBe('POST');
    expect(methodOf('getHostedThankYou')).toBe('GET');
  });

  it('encode session ids', () => {
    expect(paths.getRedirectSession('a/b?c')).toBe('/plaza/v1/redirect-sessions/a%2Fb%3Fc');
  });
});

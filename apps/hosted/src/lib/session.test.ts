import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api.ts';
import {
  problemOfError,
  type RedirectSessionInfo,
  SessionProblemError,
  sessionProblem,
  visitorToken,
  withVisitor,
} from './session.ts';

const NOW = Date.parse('2030-01-01T12:00:00Z');
const session = (fields: Partial<RedirectSessionInfo> = {}): RedirectSessionInfo => ({
  id: 's1',
  siteId: 'site',
  intent: 'auth',
  clientId: 'client',
  hasSessionToken: false,
  expiresDate: '2030-01-01T12:30:00.000Z',
  completed: false,
  ...fields,
});

describe('sessionProblem', () => {
  it('accepts a live session of the right intent', () => {
    expect(sessionProblem(session(), ['auth', 'login'], NOW, { needsClient: true })).toBeUndefined();
  });

  it('names what is wrong, the intent first', () => {
    expect(sessionProblem(session({ intent: 'logout', completed: true }), ['auth'], NOW)).toBe(
      'wrong-intent',
    );
    expect(sessionProblem(session({ completed: true }), ['auth'], NOW)).toBe('completed');
    expect(sessionProblem(session({ expiresDate: '2030-01-01T12:00:00.000Z' }), ['auth'], NOW)).toBe(
      'expired',
    );
    expect(sessionProblem(session({ clientId: undefined }), ['auth'], NOW, { needsClient: true })).toBe(
      'no-client',
    );
    expect(sessionProblem(session({ clientId: undefined }), ['auth'], NOW)).toBeUndefined();
  });
});

describe('problemOfError', () => {
  const error = (status: number, code: string) => new ApiError(status, code, code, code);
  it('maps the redirect-session error codes', () => {
    expect(problemOfError(error(404, 'REDIRECT_SESSION_NOT_FOUND'))).toBe('not-found');
    expect(problemOfError(error(410, 'REDIRECT_SESSION_EXPIRED'))).toBe('expired');
    expect(problemOfError(error(409, 'REDIRECT_SESSION_USED'))).toBe('completed');
    expect(problemOfError(error(400, 'WRONG_INTENT'))).toBe('wrong-intent');
    expect(problemOfError(error(400, 'INVALID_CLIENT'))).toBe('no-client');
    expect(problemOfError(error(0, 'NETWORK'))).toBe('unreachable');
    expect(problemOfError(error(400, 'VALIDATION'))).toBe('not-found');
    expect(problemOfError(error(500, 'INTERNAL'))).toBe('failed');
    expect(problemOfError(new SessionProblemError('missing'))).toBe('missing');
    expect(problemOfError(new Error('x'))).toBe('failed');
  });
});

describe('visitor tokens', () => {
  afterEach(() => vi.unstubAllGlobals());

  const grants = () => {
    let issued = 0;
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      expect(JSON.parse(String(init.body))).toMatchObject({ grantType: 'anonymous' });
      issued += 1;
      return new Response(JSON.stringify({ access_token: `token-${issued}`, expires_in: 14400 }), {
        status: 200,
      });
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('makes one anonymous grant per client and reuses it until a minute before expiry', async () => {
    const fetch = grants();
    expect(await visitorToken('client-a', NOW)).toBe('token-1');
    expect(await visitorToken('client-a', NOW + 1000)).toBe('token-1');
    expect(await visitorToken('client-b', NOW)).toBe('token-2');
    expect(await visitorToken('client-a', NOW + 14400_000 - 30_000)).toBe('token-3');
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(JSON.parse(String(fetch.mock.calls[0]![1].body))).toEqual({
      clientId: 'client-a',
      grantType: 'anonymous',
    });
  });

  it('replaces a refused token once', async () => {
    grants();
    const seen: string[] = [];
    const answer = await withVisitor('client-c', async (token) => {
      seen.push(token);
      if (seen.length === 1) throw new ApiError(401, 'INVALID_TOKEN', 'Invalid access token', 'expired');
      return 'ok';
    });
    expect(answer).toBe('ok');
    expect(seen).toEqual(['token-1', 'token-2']);
    await expect(
      withVisitor('client-c', async () => {
        throw new ApiError(401, '-19976', 'Wrong password', '');
      }),
    ).rejects.toMatchObject({ code: '-19976' });
  });
});

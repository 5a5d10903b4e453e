import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, memoryTokenStore, OAuthStrategy, PlazaError, type Tokens } from '../src/index.ts';
import { platform } from '../src/modules/platform.ts';
import { type RecordedRequest, type Reply, recordingFetch, tokenReply } from './support/recording-fetch.ts';

const NOW = new Date('2024-06-01T12:00:00.000Z');
const NOW_SECONDS = NOW.getTime() / 1000;

const tokens = (
  accessToken: string,
  expiresAt: number,
  refresh = 'r1',
  role: 'none' | 'visitor' | 'member' = 'visitor',
): Tokens => ({
  accessToken: { value: accessToken, expiresAt },
  refreshToken: { value: refresh, role },
});

/** A server whose token endpoint answers with `tokenAnswer` and whose other calls answer {}. */
function server(tokenAnswer: (request: RecordedRequest) => Reply) {
  const recorded = recordingFetch((request) =>
    request.url.endsWith('/oauth2/token')
      ? tokenAnswer(request)
      : { body: { status: 'ok', database: 'sqlite', version: '1' } },
  );
  const tokenRequests = () => recorded.requests.filter((request) => request.url.endsWith('/oauth2/token'));
  const apiRequests = () => recorded.requests.filter((request) => !request.url.endsWith('/oauth2/token'));
  return { ...recorded, tokenRequests, apiRequests };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('OAuthStrategy tokens (API map 6.1, 6.2)', () => {
  it('takes an anonymous grant on first use and sends the raw access token', async () => {
    const { fetch, tokenRequests, apiRequests } = server(() => tokenReply('a1', 'r1', 14400));
    const auth = OAuthStrategy({ clientId: 'client-1', baseUrl: 'http://api.test/', fetch });
    const client = createClient({ modules: { platform }, auth, apiBaseUrl: 'http://api.test', fetch });

    await client.platform.getHealth();

    expect(tokenRequests()[0]).toMatchObject({
      url: 'http://api.test/oauth2/token',
      method: 'POST',
      body: '{"clientId":"client-1","grantType":"anonymous"}',
    });
    expect(tokenRequests()[0]?.headers['Content-Type']).toBe('application/json');
    expect(apiRequests()[0]?.headers.Authorization).toBe('a1');
    expect(auth.getTokens()).toEqual(tokens('a1', NOW_SECONDS + 14400, 'r1', 'visitor'));
    expect(auth.loggedIn()).toBe(false);
  });

  it('reads expires_in given as a numeric string', async () => {
    const { fetch } = server(() => tokenReply('a1', 'r1', '60'));
    const auth = OAuthStrategy({ clientId: 'c', baseUrl: 'http://api.test', fetch });
    expect((await auth.generateVisitorTokens()).accessToken.expiresAt).toBe(NOW_SECONDS + 60);
  });

  it('keeps using a token until expiresAt < now (no margin)', async () => {
    const { fetch, tokenRequests, apiRequests } = server(() => tokenReply('a2'));
    const auth = OAuthStrategy({
      clientId: 'c',
      baseUrl: 'http://api.test',
      fetch,
      tokens: tokens('a1', NOW_SECONDS),
    });
    const client = createClient({ modules: { platform }, auth, apiBaseUrl: 'http://api.test', fetch });

    await client.platform.getHealth();
    expect(tokenRequests()).toHaveLength(0);
    expect(apiRequests()[0]?.headers.Authorization).toBe('a1');

    vi.setSystemTime(NOW.getTime() + 1000);
    await client.platform.getHealth();
    expect(tokenRequests()).toHaveLength(1);
    expect(apiRequests()[1]?.headers.Authorization).toBe('a2');
  });

  it('renews an expired token with the refresh token and keeps that refresh token and its role', async () => {
    const { fetch, tokenRequests } = server(() => tokenReply('a2', 'rotated-but-ignored', 3600));
    const store = memoryTokenStore(tokens('a1', NOW_SECONDS - 1, 'member-refresh', 'member'));
    const auth = OAuthStrategy({ clientId: 'c', baseUrl: 'http://api.test', fetch, tokenStore: store });

    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'a2' });
    expect(tokenRequests()[0]?.body).toBe(
      '{"clientId":"c","grantType":"refresh_token","refreshToken":"member-refresh"}',
    );
    expect(store.get()).toEqual(tokens('a2', NOW_SECONDS + 3600, 'member-refresh', 'member'));
    expect(auth.loggedIn()).toBe(true);
  });

  it('falls back to a new anonymous grant when the refresh fails', async () => {
    const { fetch, tokenRequests } = server((request) =>
      (request.json as { grantType: string }).grantType === 'refresh_token'
        ? {
            status: 400,
            body: {
              message: 'revoked',
              details: { applicationError: { code: 'INVALID_GRANT', description: 'revoked', data: {} } },
            },
          }
        : tokenReply('visitor-access', 'visitor-refresh'),
    );
    const auth = OAuthStrategy({
      clientId: 'c',
      baseUrl: 'http://api.test',
      fetch,
      tokens: tokens('', 0, 'old', 'member'),
    });

    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'visitor-access' });
    expect(tokenRequests().map((request) => (request.json as { grantType: string }).grantType)).toEqual([
      'refresh_token',
      'anonymous',
    ]);
    expect(auth.getTokens().refreshToken).toEqual({ value: 'visitor-refresh', role: 'visitor' });
    expect(auth.loggedIn()).toBe(false);
  });

  it('shares one renewal among concurrent calls', async () => {
    const { fetch, tokenRequests, apiRequests } = server(() => tokenReply('a1'));
    const auth = OAuthStrategy({ clientId: 'c', baseUrl: 'http://api.test', fetch });
    const client = createClient({ modules: { platform }, auth, apiBaseUrl: 'http://api.test', fetch });
    await Promise.all([
      client.platform.getHealth(),
      client.platform.getHealth(),
      client.platform.getHealth(),
    ]);
    expect(tokenRequests()).toHaveLength(1);
    expect(apiRequests()).toHaveLength(3);
  });

  it("fails with 'something went wrong' when the token endpoint answers non-200", async () => {
    const { fetch } = server(() => ({
      status: 503,
      statusText: 'Service Unavailable',
      headers: { 'x-wix-request-id': 'rq' },
    }));
    const auth = OAuthStrategy({ clientId: 'c', baseUrl: 'http://api.test', fetch });
    const error = await auth.getAuthHeaders().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlazaError);
    expect(error).toMatchObject({ message: 'something went wrong', status: 503, requestId: 'rq' });
  });

  describe('generateVisitorTokens', () => {
    it('returns fresh tokens unchanged, without a call', async () => {
      const { fetch, tokenRequests } = server(() => tokenReply('x'));
      const auth = OAuthStrategy({ clientId: 'c', baseUrl: 'http://api.test', fetch });
      const fresh = tokens('a1', NOW_SECONDS + 10);
      expect(await auth.generateVisitorTokens(fresh)).toBe(fresh);
      expect(tokenRequests()).toHaveLength(0);
    });

    it('renews expired tokens, and takes an anonymous grant without a refresh token', async () => {
      const { fetch, tokenRequests } = server(() => tokenReply('new'));
      const auth = OAuthStrategy({ clientId: 'c', baseUrl: 'http://api.test', fetch });
      expect((await auth.generateVisitorTokens(tokens('a1', NOW_SECONDS - 5, 'r9'))).refreshToken).toEqual({
        value: 'r9',
        role: 'visitor',
      });
      expect((await auth.generateVisitorTokens()).refreshToken).toEqual({
        value: 'refresh-new',
        role: 'visitor',
      });
      expect(tokenRequests().map((request) => (request.json as { grantType: string }).grantType)).toEqual([
        'refresh_token',
        'anonymous',
      ]);
    });

    it('does not store what it returns', async () => {
      const { fetch } = server(() => tokenReply('a1'));
      const auth = OAuthStrategy({ clientId: 'c', baseUrl: 'http://api.test', fetch });
      await auth.generateVisitorTokens();
      expect(auth.getTokens().accessToken.value).toBe('');
    });
  });

  it('renewToken returns a new access token with the given refresh token', async () => {
    const { fetch } = server(() => tokenReply('a5', 'ignored', 100));
    const auth = OAuthStrategy({ clientId: 'c', baseUrl: 'http://api.test', fetch });
    expect(await auth.renewToken({ value: 'r1', role: 'member' })).toEqual(
      tokens('a5', NOW_SECONDS + 100, 'r1', 'member'),
    );
  });

  it('starts from the empty value and stores what setTokens gets', () => {
    const auth = OAuthStrategy({ clientId: 'c', baseUrl: 'http://api.test' });
    expect(auth.getTokens()).toEqual({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: '', role: 'none' },
    });
    auth.setTokens(tokens('m', NOW_SECONDS + 5, 'mr', 'member'));
    expect(auth.loggedIn()).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OAuthData, OAuthStrategy, PlazaError, type Tokens } from '../src/index.ts';
import { type RecordedRequest, type Reply, recordingFetch, tokenReply } from './support/recording-fetch.ts';

const visitor: Tokens = {
  accessToken: { value: 'visitor-access', expiresAt: Math.floor(Date.now() / 1000) + 3600 },
  refreshToken: { value: 'visitor-refresh', role: 'visitor' },
};

const oauthData: OAuthData = {
  redirectUri: 'http://app.test/callback',
  originalUri: '',
  codeVerifier: 'v'.repeat(43),
  codeChallenge: 'challenge',
  state: 'state-1',
};

const session = {
  redirectSession: {
    id: 'rs1',
    fullUrl: 'http://api.test/hosted/x',
    urlDetails: { endpoint: 'http://api.test/hosted' },
    sessionToken: 'st',
  },
};

function setup(route: (request: RecordedRequest) => Reply = () => ({ body: session })) {
  const { fetch, requests } = recordingFetch((request) =>
    request.url.endsWith('/oauth2/token') ? tokenReply('member-access', 'member-refresh') : route(request),
  );
  const auth = OAuthStrategy({ clientId: 'client-1', baseUrl: 'http://api.test', fetch, tokens: visitor });
  return { auth, requests };
}

describe('getAuthUrl (API map 6.4)', () => {
  it('creates a redirect session with the auth request and returns its URLs', async () => {
    const { auth, requests } = setup();
    expect(await auth.getAuthUrl(oauthData)).toEqual({
      authUrl: 'http://api.test/hosted/x',
      authorizationEndpoint: 'http://api.test/hosted',
      sessionToken: 'st',
    });
    expect(requests[0]).toMatchObject({
      url: 'http://api.test/redirect-session/v1/redirect-session',
      method: 'POST',
    });
    expect(requests[0]?.headers.Authorization).toBe('visitor-access');
    expect(requests[0]?.json).toEqual({
      auth: {
        authRequest: {
          redirectUri: 'http://app.test/callback',
          clientId: 'client-1',
          codeChallenge: 'challenge',
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: 'state-1',
        },
        prompt: 'login',
      },
    });
  });

  it('sends responseMode, sessionToken, and only the prompts the API knows', async () => {
    const { auth, requests } = setup();
    await auth.getAuthUrl(oauthData, { prompt: 'none', responseMode: 'query', sessionToken: 'sess' });
    await auth.getAuthUrl(oauthData, { prompt: 'consent' });
    const [first, second] = requests.map(
      (request) => (request.json as { auth: Record<string, unknown> }).auth,
    );
    expect(first).toMatchObject({
      prompt: 'none',
      authRequest: { responseMode: 'query', sessionToken: 'sess' },
    });
    expect(second).not.toHaveProperty('prompt');
  });

  it('throws when the session has no urlDetails', async () => {
    const { auth } = setup(() => ({ body: { redirectSession: { fullUrl: 'http://x' } } }));
    await expect(auth.getAuthUrl(oauthData)).rejects.toThrow('The redirect session has no urlDetails');
  });
});

describe('parseFromUrl', () => {
  const { auth } = setup();
  it('reads the fragment by default', () => {
    expect(auth.parseFromUrl('http://app.test/callback#code=c1&state=s1')).toEqual({
      code: 'c1',
      state: 's1',
    });
  });
  it('reads the query string in query mode', () => {
    expect(auth.parseFromUrl('http://app.test/callback?code=c1&state=s1', 'query')).toEqual({
      code: 'c1',
      state: 's1',
    });
  });
  it('returns error and errorDescription', () => {
    expect(
      auth.parseFromUrl('http://app.test/cb#error=access_denied&error_description=No+way&state=s1'),
    ).toEqual({
      code: undefined,
      state: 's1',
      error: 'access_denied',
      errorDescription: 'No way',
    });
  });
});

describe('getMemberTokens', () => {
  it("refuses a missing code or state with 'Missing code or _state', without a call", async () => {
    const { auth, requests } = setup();
    await expect(auth.getMemberTokens(undefined, 'state-1', oauthData)).rejects.toThrow(
      'Missing code or _state',
    );
    await expect(auth.getMemberTokens('code', '', oauthData)).rejects.toThrow('Missing code or _state');
    expect(requests).toHaveLength(0);
  });

  it("refuses another state with 'Invalid _state'", async () => {
    const { auth } = setup();
    await expect(auth.getMemberTokens('code', 'forged', oauthData)).rejects.toThrow('Invalid _state');
  });

  it('exchanges the code with the PKCE verifier for member tokens, without storing them', async () => {
    const { auth, requests } = setup();
    const member = await auth.getMemberTokens('code-1', 'state-1', oauthData);
    expect(requests[0]?.body).toBe(
      `{"clientId":"client-1","grantType":"authorization_code","redirectUri":"http://app.test/callback","code":"code-1","codeVerifier":"${'v'.repeat(43)}"}`,
    );
    expect(member.refreshToken).toEqual({ value: 'member-refresh', role: 'member' });
    expect(member.accessToken.value).toBe('member-access');
    expect(auth.getTokens()).toEqual(visitor);
  });

  it("fails with 'Failed to get member tokens' when the exchange fails", async () => {
    const { fetch } = recordingFetch(() => ({ status: 400, body: { message: 'bad code' } }));
    const auth = OAuthStrategy({ clientId: 'c', baseUrl: 'http://api.test', fetch, tokens: visitor });
    const error = await auth.getMemberTokens('code', 'state-1', oauthData).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlazaError);
    expect(error).toMatchObject({ message: 'Failed to get member tokens', status: 400 });
  });
});

describe('logout (API map 6.5)', () => {
  it('creates a logout session, clears the tokens and returns the URL', async () => {
    const { auth, requests } = setup();
    expect(await auth.logout('http://app.test/page')).toEqual({ logoutUrl: 'http://api.test/hosted/x' });
    expect(requests[0]?.json).toEqual({
      logout: { clientId: 'client-1' },
      callbacks: { postFlowUrl: 'http://app.test/page' },
    });
    expect(auth.getTokens()).toEqual({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: '', role: 'none' },
    });
  });
});

describe('getMemberTokensForDirectLogin (web_message in a hidden iframe)', () => {
  /** Just enough of a browser: a window that receives messages and a document that takes iframes. */
  function fakeBrowser() {
    const frames: { src: string; removed: boolean }[] = [];
    const browserWindow = Object.assign(new EventTarget(), {
      location: { origin: 'http://app.test', href: 'http://app.test/' },
    });
    const browserDocument = {
      createElement: () => {
        const frame = {
          src: '',
          removed: false,
          style: {} as Record<string, string>,
          tabIndex: 0,
          setAttribute() {},
          remove: () => (frame.removed = true),
        };
        return frame;
      },
      body: { appendChild: (frame: { src: string; removed: boolean }) => frames.push(frame) },
    };
    vi.stubGlobal('window', browserWindow);
    vi.stubGlobal('document', browserDocument);
    const post = (data: unknown) => browserWindow.dispatchEvent(new MessageEvent('message', { data }));
    return { frames, post };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const redirectRequest = (requests: RecordedRequest[]) =>
    requests.find((request) => request.url.endsWith('/redirect-session'))?.json as {
      auth: { authRequest: Record<string, string>; prompt: string };
    };

  it('loads the auth URL silently and exchanges the posted code', async () => {
    const { frames, post } = fakeBrowser();
    const { auth, requests } = setup();
    const pending = auth.getMemberTokensForDirectLogin('session-token');
    await vi.waitFor(() => expect(frames).toHaveLength(1));

    const { authRequest, prompt } = redirectRequest(requests).auth;
    expect(prompt).toBe('none');
    expect(authRequest).toMatchObject({
      responseMode: 'web_message',
      sessionToken: 'session-token',
      redirectUri: 'http://app.test',
    });
    expect(frames[0]?.src).toBe('http://api.test/hosted/x');

    post({ code: 'other', state: 'someone-else' });
    post({ code: 'code-9', state: authRequest.state });
    const member = await pending;
    expect(member.refreshToken.role).toBe('member');
    const exchange = requests.find((request) => request.url.endsWith('/oauth2/token'))?.json as Record<
      string,
      string
    >;
    expect(exchange).toMatchObject({
      grantType: 'authorization_code',
      code: 'code-9',
      redirectUri: 'http://app.test',
    });
    expect(frames[0]?.removed).toBe(true);
  });

  it("rejects with 'OAuth flow timed out' after 120000 ms and removes the frame", async () => {
    const { frames } = fakeBrowser();
    const { auth } = setup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pending = auth.getMemberTokensForDirectLogin('session-token');
    const outcome = pending.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    // Poll with setImmediate, which the fake timers leave alone, so no fake time passes meanwhile.
    while (frames.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(119_999);
    expect(frames[0]?.removed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('OAuth flow timed out');
    expect(frames[0]?.removed).toBe(true);
  });

  it('refuses to run outside a browser', async () => {
    const { auth } = setup();
    await expect(auth.getMemberTokensForDirectLogin('s')).rejects.toThrow(
      'Direct login needs a browser window',
    );
  });
});

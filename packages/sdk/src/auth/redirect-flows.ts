import { PlazaError } from '../core/errors.ts';
import { type BrowserFramePage, type BrowserWindow, browserGlobals } from './browser.ts';
import type { OAuthData, OAuthStrategyInstance, ParsedCallback } from './oauth-types.ts';
import { createCodeChallenge, generateCodeVerifier, generateState } from './pkce.ts';
import type { StrategyContext } from './strategy-context.ts';
import { requestTokens } from './token-endpoint.ts';
import { emptyTokens } from './tokens.ts';
import { openHiddenFrame, waitForOAuthMessage } from './web-message.ts';

export const REDIRECT_SESSION_PATH = '/redirect-session/v1/redirect-session';

/** Prompts the redirect-session API knows; others are left out as the official client does. */
const SENT_PROMPTS: readonly string[] = ['login', 'none'];

type RedirectFlows = Pick<
  OAuthStrategyInstance,
  | 'generateOAuthData'
  | 'getAuthUrl'
  | 'parseFromUrl'
  | 'getMemberTokens'
  | 'getMemberTokensForDirectLogin'
  | 'logout'
>;

interface RedirectSession {
  fullUrl?: string;
  urlDetails?: { endpoint?: string };
  sessionToken?: string;
}

const sessionOf = (answer: Record<string, unknown>) => (answer.redirectSession ?? {}) as RedirectSession;

function browserPage(): { window: BrowserWindow; document: BrowserFramePage } {
  const { window, document } = browserGlobals();
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    throw new Error('Direct login needs a browser window (it loads a hidden iframe)');
  }
  return { window, document };
}

/** Browser sign-in through the hosted pages: PKCE, redirect sessions, code exchange, logout. */
export function redirectFlows(context: StrategyContext): RedirectFlows {
  const { clientId } = context;

  const generateOAuthData = async (redirectUri: string, originalUri = ''): Promise<OAuthData> => {
    const codeVerifier = generateCodeVerifier();
    return {
      redirectUri,
      originalUri,
      codeVerifier,
      codeChallenge: await createCodeChallenge(codeVerifier),
      state: generateState(),
    };
  };

  const getAuthUrl: RedirectFlows['getAuthUrl'] = async (oauthData, options = {}) => {
    const { prompt = 'login', responseMode = 'fragment', sessionToken } = options;
    const authRequest = {
      redirectUri: oauthData.redirectUri,
      clientId,
      codeChallenge: oauthData.codeChallenge,
      codeChallengeMethod: 'S256',
      responseMode,
      responseType: 'code',
      scope: 'offline_access',
      state: oauthData.state,
      ...(sessionToken ? { sessionToken } : {}),
    };
    const answer = await context.post(REDIRECT_SESSION_PATH, {
      auth: { authRequest, ...(SENT_PROMPTS.includes(prompt) ? { prompt } : {}) },
    });
    const session = sessionOf(answer);
    if (!session.urlDetails?.endpoint || !session.fullUrl)
      throw new Error('The redirect session has no urlDetails');
    return {
      authUrl: session.fullUrl,
      authorizationEndpoint: session.urlDetails.endpoint,
      sessionToken: session.sessionToken,
    };
  };

  const parseFromUrl = (url?: string, responseMode: 'fragment' | 'query' = 'fragment'): ParsedCallback => {
    const href = url ?? browserGlobals().location?.href;
    if (!href) throw new Error('parseFromUrl needs a URL outside a browser');
    const parsed = new URL(href);
    const params =
      responseMode === 'query' ? parsed.searchParams : new URLSearchParams(parsed.hash.replace(/^#/, ''));
    const error = params.get('error');
    return {
      code: params.get('code') ?? undefined,
      state: params.get('state') ?? undefined,
      ...(error ? { error, errorDescription: params.get('error_description') ?? undefined } : {}),
    };
  };

  const getMemberTokens: RedirectFlows['getMemberTokens'] = async (code, state, oauthData) => {
    if (!code || !state) throw new Error('Missing code or _state');
    if (state !== oauthData.state) throw new Error('Invalid _state');
    try {
      const granted = await requestTokens(context.endpoint, {
        grantType: 'authorization_code',
        ...(oauthData.redirectUri ? { redirectUri: oauthData.redirectUri } : {}),
        code,
        codeVerifier: oauthData.codeVerifier,
      });
      return {
        accessToken: granted.accessToken,
        refreshToken: { value: granted.refreshToken ?? '', role: 'member' },
      };
    } catch (cause) {
      const failed = cause instanceof PlazaError ? cause : undefined;
      throw new PlazaError('Failed to get member tokens', {
        status: failed?.status,
        requestId: failed?.requestId,
        details: failed?.details,
        cause,
      });
    }
  };

  const getMemberTokensForDirectLogin = async (sessionToken: string) => {
    const page = browserPage();
    const oauthData = await generateOAuthData(page.window.location.origin);
    const { authUrl } = await getAuthUrl(oauthData, {
      prompt: 'none',
      responseMode: 'web_message',
      sessionToken,
    });
    // Listen before loading the page, so an instant answer is not missed.
    const answer = waitForOAuthMessage(page.window, oauthData.state);
    const frame = openHiddenFrame(page.document, authUrl);
    try {
      const { code, state } = await answer;
      return await getMemberTokens(code, state, oauthData);
    } finally {
      frame.remove();
    }
  };

  const logout = async (originalUrl: string) => {
    const answer = await context.post(REDIRECT_SESSION_PATH, {
      logout: { clientId },
      callbacks: { postFlowUrl: originalUrl },
    });
    context.setTokens(emptyTokens());
    return { logoutUrl: sessionOf(answer).fullUrl ?? '' };
  };

  return {
    generateOAuthData,
    getAuthUrl,
    parseFromUrl,
    getMemberTokens,
    getMemberTokensForDirectLogin,
    logout,
  };
}

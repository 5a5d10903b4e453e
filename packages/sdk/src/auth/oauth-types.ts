import type { RequestOf, register } from '@plaza/contracts';
import type { AuthStrategy, FetchFunction } from '../core/types.ts';
import type { LoginResult } from './login-state.ts';
import type { RefreshToken, TokenStore, Tokens } from './tokens.ts';

export interface OAuthStrategyOptions {
  /** The OAuth client id of the site's headless app (dashboard → OAuth apps). */
  clientId: string;
  /** The Plaza server, e.g. `http://localhost:4000`: token endpoint, redirect sessions, sign-in calls. */
  baseUrl: string;
  /** Tokens to start from (e.g. read from the app's own storage); written to the store. */
  tokens?: Tokens;
  /** Where tokens live; `memoryTokenStore()` unless given (use `cookieTokenStore()` in browsers). */
  tokenStore?: TokenStore;
  /** A `fetch` to use instead of the global one (tests, proxies). */
  fetch?: FetchFunction;
}

/** PKCE and state of one browser sign-in; keep it (e.g. in `sessionStorage`) until the callback. */
export interface OAuthData {
  redirectUri: string;
  /** Where to return the user after sign-in; '' when not given. */
  originalUri: string;
  codeVerifier: string;
  codeChallenge: string;
  state: string;
}

export type ResponseMode = 'fragment' | 'query' | 'web_message';

export interface AuthUrlOptions {
  /** `login` (default) shows the sign-in page; `none` signs in silently or fails. Other values are not sent. */
  prompt?: 'login' | 'none' | 'consent' | 'select_account';
  responseMode?: ResponseMode;
  /** From a `SUCCESS` login result: signs in without showing a page. */
  sessionToken?: string;
}

export interface AuthUrl {
  authUrl: string;
  authorizationEndpoint: string;
  sessionToken: string | undefined;
}

export interface ParsedCallback {
  code: string | undefined;
  state: string | undefined;
  error?: string;
  errorDescription?: string;
}

export interface CaptchaTokens {
  recaptchaToken?: string;
  invisibleRecaptchaToken?: string;
}

export interface RegisterParams {
  email: string;
  password: string;
  /** Identity profile fields: `firstName`, `lastName`, `nickname`, … */
  profile?: RequestOf<typeof register>['profile'];
  captchaTokens?: CaptchaTokens;
}

export interface LoginParams {
  email: string;
  password: string;
  captchaTokens?: CaptchaTokens;
}

/** What `OAuthStrategy()` returns; `createClient` uses `getAuthHeaders`, apps the rest. */
export interface OAuthStrategyInstance extends AuthStrategy {
  /**
   * `Authorization` for the next call. Before every call an access token that is missing or
   * expired is renewed with the refresh token; on any failure a new anonymous visitor grant is
   * taken. Concurrent calls share one renewal.
   * @example const headers = await client.auth.getAuthHeaders(); // { Authorization: 'OauthNG.JWS.…' }
   */
  getAuthHeaders(): Promise<Record<string, string>>;
  /**
   * The stored tokens (the empty value when none).
   * @example Cookies.set('session', JSON.stringify(client.auth.getTokens()));
   */
  getTokens(): Tokens;
  /**
   * Replaces the stored tokens, e.g. with member tokens after sign-in.
   * @example client.auth.setTokens(await client.auth.getMemberTokens(code, state, oauthData));
   */
  setTokens(tokens: Tokens): void;
  /**
   * True when the refresh token belongs to a member (no network call, no token inspection).
   * @example if (client.auth.loggedIn()) showAccountMenu();
   */
  loggedIn(): boolean;
  /**
   * Returns `tokens` when both values are there and the access token is fresh; else renews with
   * its refresh token, else (or on failure) takes an anonymous grant. Does not store the result.
   * @example const tokens = await client.auth.generateVisitorTokens(savedTokens);
   */
  generateVisitorTokens(tokens?: Partial<Tokens>): Promise<Tokens>;
  /**
   * A new access token for `refreshToken`, which is kept (with its role). Does not store the result.
   * @example const tokens = await client.auth.renewToken(client.auth.getTokens().refreshToken);
   */
  renewToken(refreshToken: RefreshToken): Promise<Tokens>;
  /**
   * PKCE verifier (43 characters), S256 challenge and a random state for a browser sign-in.
   * @example
   * const oauthData = await client.auth.generateOAuthData(`${location.origin}/callback`, location.href);
   * sessionStorage.setItem('oauthData', JSON.stringify(oauthData));
   */
  generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData>;
  /**
   * Creates a sign-in redirect session and returns the hosted page's URL.
   * @example
   * const { authUrl } = await client.auth.getAuthUrl(oauthData);
   * location.href = authUrl;
   */
  getAuthUrl(oauthData: OAuthData, options?: AuthUrlOptions): Promise<AuthUrl>;
  /**
   * Reads `code`, `state` (and `error`, `error_description`) from the callback URL.
   * @example const { code, state, error } = client.auth.parseFromUrl();
   */
  parseFromUrl(url?: string, responseMode?: 'fragment' | 'query'): ParsedCallback;
  /**
   * Checks the callback ('Missing code or _state', 'Invalid _state'), then exchanges the code for
   * member tokens ('Failed to get member tokens' on failure). Does not store them.
   * @example
   * const { code, state } = client.auth.parseFromUrl();
   * client.auth.setTokens(await client.auth.getMemberTokens(code, state, oauthData));
   */
  getMemberTokens(
    code: string | undefined | null,
    state: string | undefined | null,
    oauthData: OAuthData,
  ): Promise<Tokens>;
  /**
   * Signs in with the session token of a `SUCCESS` login, through a hidden iframe (browser only);
   * rejects with 'OAuth flow timed out' after 120 s.
   * @example
   * const result = await client.auth.login({ email, password });
   * if (result.loginState === 'SUCCESS') {
   *   client.auth.setTokens(await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken));
   * }
   */
  getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens>;
  /**
   * Creates a logout redirect session, clears the stored tokens and returns the URL to visit.
   * @example
   * const { logoutUrl } = await client.auth.logout(location.href);
   * location.href = logoutUrl;
   */
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
  /**
   * Registers a member with email and password.
   * @example
   * const result = await client.auth.register({ email, password, profile: { nickname: 'Ana' } });
   * if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED') askForTheCode();
   */
  register(params: RegisterParams): Promise<LoginResult>;
  /**
   * Signs a member in with email and password.
   * @example
   * const result = await client.auth.login({ email, password });
   * if (result.loginState === 'FAILURE' && result.errorCode === 'invalidPassword') showWrongPassword();
   */
  login(params: LoginParams): Promise<LoginResult>;
  /**
   * Sends the e-mailed code when the given (or last) result is `EMAIL_VERIFICATION_REQUIRED`;
   * otherwise a FAILURE 'Unknown _state' without a call.
   * @example const result = await client.auth.processVerification({ verificationCode: '123456' });
   */
  processVerification(
    input: { verificationCode?: string; code?: string },
    state?: LoginResult,
  ): Promise<LoginResult>;
  /**
   * E-mails a password-reset link that leads back to `redirectUri`.
   * @example await client.auth.sendPasswordResetEmail('ana@example.com', `${location.origin}/signed-out`);
   */
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<void>;
}

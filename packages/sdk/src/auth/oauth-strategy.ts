import { sendJson } from '../core/http.ts';
import { normaliseBaseUrl, resolveFetch } from '../core/types.ts';
import { customSignIn } from './custom-sign-in.ts';
import type { OAuthStrategyInstance, OAuthStrategyOptions } from './oauth-types.ts';
import { redirectFlows } from './redirect-flows.ts';
import type { StrategyContext } from './strategy-context.ts';
import { requestTokens, type TokenEndpoint } from './token-endpoint.ts';
import { memoryTokenStore } from './token-stores.ts';
import { emptyTokens, isExpired, type RefreshToken, type Tokens } from './tokens.ts';

/**
 * Visitor and member tokens for a site's headless app (API map 6): anonymous visitor tokens on
 * first use, renewal before expiry, browser sign-in with PKCE, custom sign-in forms, logout.
 *
 * @example
 * const client = createClient({
 *   modules: { sites },
 *   apiBaseUrl: 'http://localhost:4000',
 *   auth: OAuthStrategy({ clientId: 'my-client-id', baseUrl: 'http://localhost:4000', tokenStore: cookieTokenStore() }),
 * });
 */
export function OAuthStrategy(options: OAuthStrategyOptions): OAuthStrategyInstance {
  const store = options.tokenStore ?? memoryTokenStore();
  if (options.tokens) store.set(options.tokens);
  const endpoint: TokenEndpoint = {
    clientId: options.clientId,
    baseUrl: normaliseBaseUrl(options.baseUrl),
    fetch: resolveFetch(options.fetch),
  };

  const getTokens = () => store.get() ?? emptyTokens();
  const setTokens = (tokens: Tokens) => store.set(tokens);
  const loggedIn = () => getTokens().refreshToken.role === 'member';

  const anonymousTokens = async (): Promise<Tokens> => {
    const granted = await requestTokens(endpoint, { grantType: 'anonymous' });
    return {
      accessToken: granted.accessToken,
      refreshToken: { value: granted.refreshToken ?? '', role: 'visitor' },
    };
  };

  // The refresh answer's refresh token is ignored: the one used (and its role) is kept (map 6.2).
  const renewToken = async (refreshToken: RefreshToken): Promise<Tokens> => {
    const granted = await requestTokens(endpoint, {
      grantType: 'refresh_token',
      refreshToken: refreshToken.value,
    });
    return { accessToken: granted.accessToken, refreshToken };
  };

  const renewOrStartOver = async (refreshToken: RefreshToken | undefined): Promise<Tokens> => {
    if (refreshToken?.value) {
      try {
        return await renewToken(refreshToken);
      } catch {
        // Any failure (revoked, expired, server down for a moment) falls back to a visitor.
      }
    }
    return anonymousTokens();
  };

  const generateVisitorTokens = async (tokens?: Partial<Tokens>): Promise<Tokens> => {
    if (tokens?.accessToken?.value && tokens.refreshToken?.value && !isExpired(tokens.accessToken))
      return tokens as Tokens;
    return renewOrStartOver(tokens?.refreshToken);
  };

  let renewal: Promise<Tokens> | undefined;
  const freshTokens = async (): Promise<Tokens> => {
    const current = getTokens();
    if (current.accessToken.value && !isExpired(current.accessToken)) return current;
    // One renewal for all calls made while it runs, not one grant per call.
    renewal ??= renewOrStartOver(current.refreshToken)
      .then((tokens) => {
        setTokens(tokens);
        return tokens;
      })
      .finally(() => {
        renewal = undefined;
      });
    return renewal;
  };

  const getAuthHeaders = async () => ({ Authorization: (await freshTokens()).accessToken.value });

  const context: StrategyContext = {
    clientId: options.clientId,
    endpoint,
    setTokens,
    post: async (path, body) =>
      (await sendJson(endpoint.fetch, {
        method: 'POST',
        url: endpoint.baseUrl + path,
        headers: await getAuthHeaders(),
        body: JSON.stringify(body),
      })) as Record<string, unknown>,
  };

  return {
    getAuthHeaders,
    getTokens,
    setTokens,
    loggedIn,
    generateVisitorTokens,
    renewToken,
    ...redirectFlows(context),
    ...customSignIn(context),
  };
}

import { type BrowserCookies, browserGlobals } from './browser.ts';
import { isTokens, type TokenStore, type Tokens } from './tokens.ts';

/**
 * Keeps tokens in memory (the default): right for Node scripts and tests; a page reload starts over.
 *
 * @example
 * const auth = OAuthStrategy({ clientId, baseUrl, tokenStore: memoryTokenStore() });
 */
export function memoryTokenStore(initial?: Tokens): TokenStore {
  let tokens = initial;
  return {
    get: () => tokens,
    set: (next) => {
      tokens = next;
    },
  };
}

export interface CookieTokenStoreOptions {
  /** Cookie name; `session` as in the demo app. */
  name?: string;
  path?: string;
  /** Lifetime; a browser-session cookie when absent. */
  maxAgeSeconds?: number;
  sameSite?: 'Strict' | 'Lax' | 'None';
  /** Defaults to true on `https:` pages. */
  secure?: boolean;
}

/** The browser document, if any: the store is a no-op elsewhere (server rendering, Node). */
const browserDocument = (): BrowserCookies | undefined => {
  const { document } = browserGlobals();
  return typeof document === 'undefined' ? undefined : document;
};

/**
 * Keeps tokens as JSON in a cookie, the demo app's way, so a reload keeps the visitor or member.
 * Values written by `js-cookie` (as the demo app does) are read too.
 *
 * @example
 * const auth = OAuthStrategy({ clientId, baseUrl, tokenStore: cookieTokenStore({ name: 'session' }) });
 */
export function cookieTokenStore(options: CookieTokenStoreOptions = {}): TokenStore {
  const { name = 'session', path = '/', maxAgeSeconds, sameSite = 'Lax' } = options;
  return {
    get() {
      const cookies = browserDocument()?.cookie ?? '';
      for (const pair of cookies.split(/;\s*/)) {
        const separator = pair.indexOf('=');
        if (separator < 0 || pair.slice(0, separator) !== name) continue;
        try {
          const tokens: unknown = JSON.parse(decodeURIComponent(pair.slice(separator + 1)));
          return isTokens(tokens) ? tokens : undefined;
        } catch {
          return undefined;
        }
      }
      return undefined;
    },
    set(tokens) {
      const page = browserDocument();
      if (!page) return;
      const secure = options.secure ?? browserGlobals().location?.protocol === 'https:';
      const attributes = [
        `path=${path}`,
        `SameSite=${sameSite}`,
        ...(maxAgeSeconds === undefined ? [] : [`max-age=${maxAgeSeconds}`]),
        ...(secure ? ['Secure'] : []),
      ];
      page.cookie = `${name}=${encodeURIComponent(JSON.stringify(tokens))}; ${attributes.join('; ')}`;
    },
  };
}

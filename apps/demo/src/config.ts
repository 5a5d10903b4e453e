/**
 * Build-time settings (Vite env). `VITE_PLAZA_API_URL` is the Plaza server; `VITE_PLAZA_CLIENT_ID`
 * the OAuth client id of the site's headless app (dashboard → OAuth apps). Both have defaults that
 * match `npm start`'s demo site. A page served by `npm start` names its Plaza server itself
 * (`<meta name="plaza-api-url">`, site-server.mjs), which then wins: the build need not know its port.
 */

/** The demo site's client id, seeded by `npm start` (README). */
export const DEFAULT_CLIENT_ID = '8f2d4c1a-6b7e-4e3f-a9d0-3c5b7e9f1a24';
export const DEFAULT_API_URL = 'http://localhost:4000';

const servedApiUrl =
  typeof document === 'undefined'
    ? undefined
    : document.querySelector<HTMLMetaElement>('meta[name="plaza-api-url"]')?.content.trim();

export const API_URL = (
  servedApiUrl ||
  import.meta.env.VITE_PLAZA_API_URL?.trim() ||
  DEFAULT_API_URL
).replace(/\/+$/, '');
export const CLIENT_ID = import.meta.env.VITE_PLAZA_CLIENT_ID?.trim() || DEFAULT_CLIENT_ID;

/** Where sign-in returns to; must be on the OAuth app's allowed redirect URIs. */
export const LOGIN_CALLBACK_PATH = '/login-callback';

/**
 * The repository this example's code lives in (`VITE_PLAZA_REPOSITORY_URL`), linked from the home
 * page; without it the home page names the folder instead.
 */
export const REPOSITORY_URL: string | undefined =
  import.meta.env.VITE_PLAZA_REPOSITORY_URL?.trim() || undefined;

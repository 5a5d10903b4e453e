import { ApiError, api, paths } from '../api.ts';
import { readJson, remove, writeJson } from './storage.ts';

/** Redirect sessions as the hosted pages see them (`getRedirectSession`), and the visitor's token. */

export interface RedirectSessionInfo {
  id: string;
  siteId: string;
  intent: string;
  clientId?: string;
  clientName?: string;
  prompt?: string;
  responseMode?: string;
  hasSessionToken: boolean;
  postFlowUrl?: string;
  /** The site the flow came from: the identity pages link back to it. */
  siteUrl?: string;
  expiresDate: string;
  completed: boolean;
}

export type SessionProblem =
  | 'missing'
  | 'not-found'
  | 'expired'
  | 'completed'
  | 'wrong-intent'
  | 'no-client'
  | 'unreachable'
  | 'failed';

export class SessionProblemError extends Error {
  constructor(
    readonly problem: SessionProblem,
    options?: { cause?: unknown },
  ) {
    super(problem, options);
  }
}

/** Why `session` cannot be used by a page handling `intents` at `nowMs` (undefined: it can). */
export function sessionProblem(
  session: RedirectSessionInfo,
  intents: readonly string[],
  nowMs: number,
  options: { needsClient?: boolean } = {},
): SessionProblem | undefined {
  if (!intents.includes(session.intent)) return 'wrong-intent';
  if (session.completed) return 'completed';
  const expires = Date.parse(session.expiresDate);
  if (Number.isFinite(expires) && expires <= nowMs) return 'expired';
  if (options.needsClient && !session.clientId) return 'no-client';
  return undefined;
}

/** The session problem behind a failed redirect-session call. */
export function problemOfError(error: unknown): SessionProblem {
  if (error instanceof SessionProblemError) return error.problem;
  if (!(error instanceof ApiError)) return 'failed';
  const byCode: Record<string, SessionProblem> = {
    REDIRECT_SESSION_NOT_FOUND: 'not-found',
    REDIRECT_SESSION_EXPIRED: 'expired',
    REDIRECT_SESSION_USED: 'completed',
    WRONG_INTENT: 'wrong-intent',
    INVALID_CLIENT: 'no-client',
    NETWORK: 'unreachable',
  };
  if (byCode[error.code]) return byCode[error.code]!;
  // An id that is not even an id shape is refused by the request validation: as good as unknown.
  if (error.code === 'VALIDATION' || error.status === 404) return 'not-found';
  return 'failed';
}

const sessions = new Map<string, Promise<RedirectSessionInfo>>();
const loaded = new Map<string, RedirectSessionInfo>();

/** The session if this page load already has it (so moving between pages shows no loading flash). */
export const peekSession = (id: string) => loaded.get(id);

/** The redirect session (fetched once per page load). */
export function loadSession(id: string, fresh = false): Promise<RedirectSessionInfo> {
  let pending = fresh ? undefined : sessions.get(id);
  if (!pending) {
    pending = api<{ redirectSession: RedirectSessionInfo }>('GET', paths.getRedirectSession(id)).then(
      (answer) => {
        loaded.set(id, answer.redirectSession);
        return answer.redirectSession;
      },
    );
    pending.catch(() => sessions.delete(id));
    sessions.set(id, pending);
  }
  return pending;
}

interface StoredToken {
  token: string;
  expiresAt: number;
}

const tokenKey = (clientId: string) => `visitor:${clientId}`;
/** Renew a minute before expiry, so a token never dies between check and use. */
const MARGIN_MS = 60_000;

/** An anonymous visitor token of the OAuth client (the site follows from the client). */
export async function visitorToken(clientId: string, nowMs = Date.now()): Promise<string> {
  const stored = readJson<StoredToken>(tokenKey(clientId));
  if (stored?.token && stored.expiresAt - MARGIN_MS > nowMs) return stored.token;
  const answer = await api<{ access_token: string; expires_in: number | string }>('POST', paths.token, {
    body: { clientId, grantType: 'anonymous' },
  });
  const expiresIn = Number(answer.expires_in);
  writeJson(tokenKey(clientId), {
    token: answer.access_token,
    expiresAt: nowMs + (Number.isFinite(expiresIn) ? expiresIn : 600) * 1000,
  } satisfies StoredToken);
  return answer.access_token;
}

/** Runs `call` with the visitor token; a refused token is replaced once. */
export async function withVisitor<T>(clientId: string, call: (token: string) => Promise<T>): Promise<T> {
  try {
    return await call(await visitorToken(clientId));
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'INVALID_TOKEN') throw error;
    remove(tokenKey(clientId));
    return call(await visitorToken(clientId));
  }
}

/** The site's name, for the page header (an `anyone` call, so it needs the visitor token). */
const siteNameKey = (clientId: string) => `site-name:${clientId}`;
export const peekSiteName = (clientId: string) => readJson<string>(siteNameKey(clientId));

export async function siteName(clientId: string): Promise<string | undefined> {
  const key = siteNameKey(clientId);
  const known = readJson<string>(key);
  if (known) return known;
  try {
    const answer = await withVisitor(clientId, (token) =>
      api<{ site: { name?: string } }>('GET', paths.getSite, { token }),
    );
    if (answer.site.name) writeJson(key, answer.site.name);
    return answer.site.name;
  } catch {
    return undefined;
  }
}

/** A verification waiting for its code, per redirect session (the state token stays in the tab). */
export interface PendingVerification {
  stateToken: string;
  reason: 'email' | 'mfa';
  email?: string;
}

const pendingKey = (sessionId: string) => `pending:${sessionId}`;
export const readPending = (sessionId: string) => readJson<PendingVerification>(pendingKey(sessionId));
export const savePending = (sessionId: string, value: PendingVerification) =>
  writeJson(pendingKey(sessionId), value);
export const clearPending = (sessionId: string) => remove(pendingKey(sessionId));

/** The identity pages' link back to the site the visitor came from (web pages only). */
export function siteLink(url: string | undefined, name: string | undefined) {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  return { href: url, name };
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Caller } from '../../../http/access.ts';
import type { Clock } from '../../../lib/clock.ts';
import { hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import type { IdentityContext } from '../service/context.ts';
import { CODE_TTL_MS, maskEmail, STATE_TOKEN_TTL_MS, startCodeTicket } from '../service/flow.ts';
import { checkThrottle, recordFailure, recordSuccess } from '../service/throttle.ts';
import { CSRF_HEADER, OWNER_COOKIE, readCookie } from './cookie.ts';
import { ownerErrors } from './errors.ts';
import type { OwnerSession, OwnerSessionStore } from './store.ts';

/** A dashboard session lasts this long from sign-in; the owner then signs in again. */
export const OWNER_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/**
 * The throttle keys and code tickets of owners live apart from every site's members (throttle.ts and
 * the tickets key by site): a member call on a site never finds them.
 */
export const OWNER_SCOPE = 'dashboard-owners';
/** What an owner's code ticket proves: its holder may finish that sign-in. */
export const OWNER_CODE_PURPOSE = 'owner-mfa';

export interface OwnerSessionsDeps {
  store: OwnerSessionStore;
  clock: Clock;
  /** Member sign-in's throttle, shared (its keys under a scope of their own). */
  identity: IdentityContext;
}

export interface SessionAnswer {
  /** `emailFactor`: a code mailed to the owner is asked for after the password. */
  owner: { email: string; emailFactor: boolean };
  site: { id: string; name: string };
  sites: Array<{ id: string; name: string }>;
  /** Sent back as `X-Plaza-CSRF` on every call made with the cookie. */
  csrfToken: string;
}

/** A right password of an owner with the e-mail factor: no session yet, a code on its way. */
export interface CodeSentAnswer {
  state: 'EMAIL_CODE_SENT';
  /** Sent back with the code; it is no session and opens nothing by itself. */
  stateToken: string;
  /** The address the code went to, partly hidden. */
  sentTo: string;
  expiresInSeconds: number;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
/** The CSRF token follows from the session token: nothing more to store, and unknown without the cookie. */
const csrfOf = (token: string) => sha256(`csrf:${token}`);

function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

// Verified against when the e-mail has no owner, so that the answer takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;

export async function answerOf(
  deps: OwnerSessionsDeps,
  session: OwnerSession,
  token: string,
): Promise<SessionAnswer> {
  const [names, owner] = await Promise.all([
    deps.store.siteNames(session.siteIds),
    deps.store.owner(session.email, session.siteId),
  ]);
  const sites = session.siteIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! }));
  return {
    owner: { email: session.email, emailFactor: owner?.emailFactor ?? false },
    site: { id: session.siteId, name: names.get(session.siteId) ?? '' },
    sites,
    csrfToken: csrfOf(token),
  };
}

/**
 * Sign-in with an owner's e-mail and password: the session opens every site whose owner row has that
 * e-mail and password, acting on `siteId` when given (else the first). Failures slow further attempts
 * down like members' sign-ins (identity/service/throttle.ts), per e-mail and per address. When one of
 * those rows has the e-mail factor, the password opens nothing yet: a code is mailed (`factor.ts`).
 */
export async function signIn(
  deps: OwnerSessionsDeps,
  input: { email: string; password: string; siteId?: string },
  address: string,
): Promise<{ token: string; answer: SessionAnswer } | { codeSent: CodeSentAnswer }> {
  const email = input.email.trim().toLowerCase();
  await checkThrottle(deps.identity, OWNER_SCOPE, email, address);
  const owners = await deps.store.ownersByEmail(email);
  const opened: typeof owners = [];
  for (const owner of owners)
    if (await verifyPassword(input.password, owner.passwordHash)) opened.push(owner);
  if (owners.length === 0) {
    decoyHash ??= hashPassword('decoy');
    await verifyPassword(input.password, await decoyHash);
  }
  const site = input.siteId ? opened.find((owner) => owner.siteId === input.siteId) : opened[0];
  if (!site) {
    await recordFailure(deps.identity, OWNER_SCOPE, email, address);
    throw ownerErrors.signInFailed();
  }
  const siteIds = opened.map((owner) => owner.siteId);
  // The failures are forgotten only once the code is right too, so wrong codes add up across sign-ins.
  if (opened.some((owner) => owner.emailFactor))
    return { codeSent: await mailCode(deps, email, siteIds, site.siteId) };
  await recordSuccess(deps.identity, OWNER_SCOPE, email, address);
  const token = newToken();
  const now = deps.clock.now();
  const session = await deps.store.create({
    tokenHash: sha256(token),
    email,
    siteIds,
    siteId: site.siteId,
    now: now.toISOString(),
    expires: new Date(now.getTime() + OWNER_SESSION_TTL_MS).toISOString(),
  });
  return { token, answer: await answerOf(deps, session, token) };
}

export const newToken = () => randomBytes(32).toString('base64url');

/**
 * A session that waits for its code, and the code mailed to the owner (kept in the mailbox of the site
 * signed in to). Only the newest sign-in's code works: earlier waiting sessions of the e-mail end.
 */
async function mailCode(
  deps: OwnerSessionsDeps,
  email: string,
  siteIds: string[],
  siteId: string,
): Promise<CodeSentAnswer> {
  const now = deps.clock.now();
  await deps.store.revokeAwaiting(email, now.toISOString());
  const session = await deps.store.create({
    // A hash of nothing handed out: the code, not a cookie, makes this session act (`confirm`).
    tokenHash: sha256(newToken()),
    email,
    siteIds,
    siteId,
    now: now.toISOString(),
    expires: new Date(now.getTime() + STATE_TOKEN_TTL_MS).toISOString(),
    awaitingCode: true,
  });
  const stateToken = await startCodeTicket(
    deps.identity,
    { scope: OWNER_SCOPE, subjectId: session.id, purpose: OWNER_CODE_PURPOSE },
    { siteId, to: email },
  );
  return codeSentAnswer(stateToken, email);
}

export const codeSentAnswer = (stateToken: string, email: string): CodeSentAnswer => ({
  state: 'EMAIL_CODE_SENT',
  stateToken,
  sentTo: maskEmail(email),
  expiresInSeconds: CODE_TTL_MS / 1000,
});

/** The session of the request's cookie, or a 401. */
export async function sessionOf(deps: OwnerSessionsDeps, cookieHeader: string | undefined) {
  const token = readCookie(cookieHeader, OWNER_COOKIE);
  const session = token
    ? await deps.store.findActive(sha256(token), deps.clock.now().toISOString())
    : undefined;
  if (!token || !session) throw ownerErrors.sessionRequired();
  return { token, session };
}

export function checkCsrf(token: string, csrf: string | undefined) {
  if (!csrf || !sameText(csrf, csrfOf(token))) throw ownerErrors.csrfRequired();
}

export interface SessionRequest {
  cookie: string | undefined;
  csrf: string | undefined;
}

/** Who the cookie signs in, the sites it opens and the CSRF token (read without one: it hands it out). */
export async function currentSession(
  deps: OwnerSessionsDeps,
  request: SessionRequest,
): Promise<SessionAnswer> {
  const { token, session } = await sessionOf(deps, request.cookie);
  return answerOf(deps, session, token);
}

/** Acts on another of the session's sites from now on. */
export async function switchSite(
  deps: OwnerSessionsDeps,
  request: SessionRequest,
  siteId: string,
): Promise<SessionAnswer> {
  const { token, session } = await sessionOf(deps, request.cookie);
  checkCsrf(token, request.csrf);
  if (!session.siteIds.includes(siteId)) throw ownerErrors.siteNotOwned(siteId);
  await deps.store.setSite(session.id, siteId);
  return answerOf(deps, { ...session, siteId }, token);
}

/** Ends this session; a missing or ended one is already signed out. */
export async function signOut(deps: OwnerSessionsDeps, request: SessionRequest): Promise<void> {
  const token = readCookie(request.cookie, OWNER_COOKIE);
  const session = token
    ? await deps.store.findActive(sha256(token), deps.clock.now().toISOString())
    : undefined;
  if (!token || !session) return;
  checkCsrf(token, request.csrf);
  await deps.store.revoke(session.id, deps.clock.now().toISOString());
}

/** Ends every session of the signed-in owner's e-mail, on every browser. */
export async function signOutEverywhere(deps: OwnerSessionsDeps, request: SessionRequest): Promise<number> {
  const { token, session } = await sessionOf(deps, request.cookie);
  checkCsrf(token, request.csrf);
  return deps.store.revokeAll(session.email, deps.clock.now().toISOString());
}

/**
 * The caller a request's dashboard cookie stands for: the owner, as `admin` of the session's site;
 * undefined without the cookie. Only with the CSRF header, on every method: the dashboard sends it
 * always, and no page of another origin can (custom headers need CORS, which never allows credentials
 * here). An owner row removed since sign-in ends the session's power over that site.
 */
export async function ownerCaller(
  deps: OwnerSessionsDeps,
  request: SessionRequest,
): Promise<Caller | undefined> {
  if (!readCookie(request.cookie, OWNER_COOKIE)) return undefined;
  const { token, session } = await sessionOf(deps, request.cookie);
  checkCsrf(token, request.csrf);
  const owner = await deps.store.owner(session.email, session.siteId);
  if (!owner) throw ownerErrors.sessionRequired();
  return {
    siteId: session.siteId,
    kind: 'admin',
    subjectId: owner.id,
    clientId: undefined,
    accessToken: undefined,
  };
}

export { CSRF_HEADER, OWNER_COOKIE };

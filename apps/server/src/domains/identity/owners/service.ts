import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Caller } from '../../../http/access.ts';
import type { Clock } from '../../../lib/clock.ts';
import { hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import type { IdentityContext } from '../service/context.ts';
import { checkThrottle, recordFailure, recordSuccess } from '../service/throttle.ts';
import { CSRF_HEADER, OWNER_COOKIE, readCookie } from './cookie.ts';
import { ownerErrors } from './errors.ts';
import type { OwnerSession, OwnerSessionStore } from './store.ts';

/** A dashboard session lasts this long from sign-in; the owner then signs in again. */
export const OWNER_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** The throttle keys of owners live apart from every site's members (throttle.ts keys by site). */
const THROTTLE_SCOPE = 'dashboard-owners';

export interface OwnerSessionsDeps {
  store: OwnerSessionStore;
  clock: Clock;
  /** Member sign-in's throttle, shared (its keys under a scope of their own). */
  identity: IdentityContext;
}

export interface SessionAnswer {
  owner: { email: string };
  site: { id: string; name: string };
  sites: Array<{ id: string; name: string }>;
  /** Sent back as `X-Plaza-CSRF` on every call made with the cookie. */
  csrfToken: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
/** The CSRF token follows from the session token: nothing more to store, and unknown without the cookie. */
const csrfOf = (token: string) => sha256(`csrf:${token}`);

function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

// Verified against when the e-mail has no owner, so that the answer takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;

async function answerOf(
  deps: OwnerSessionsDeps,
  session: OwnerSession,
  token: string,
): Promise<SessionAnswer> {
  const names = await deps.store.siteNames(session.siteIds);
  const sites = session.siteIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! }));
  return {
    owner: { email: session.email },
    site: { id: session.siteId, name: names.get(session.siteId) ?? '' },
    sites,
    csrfToken: csrfOf(token),
  };
}

/**
 * Sign-in with an owner's e-mail and password: the session opens every site whose owner row has that
 * e-mail and password, acting on `siteId` when given (else the first). Failures slow further attempts
 * down like members' sign-ins (identity/service/throttle.ts), per e-mail and per address.
 */
export async function signIn(
  deps: OwnerSessionsDeps,
  input: { email: string; password: string; siteId?: string },
  address: string,
): Promise<{ token: string; answer: SessionAnswer }> {
  const email = input.email.trim().toLowerCase();
  await checkThrottle(deps.identity, THROTTLE_SCOPE, email, address);
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
    await recordFailure(deps.identity, THROTTLE_SCOPE, email, address);
    throw ownerErrors.signInFailed();
  }
  await recordSuccess(deps.identity, THROTTLE_SCOPE, email, address);
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const session = await deps.store.create({
    tokenHash: sha256(token),
    email,
    siteIds: opened.map((owner) => owner.siteId),
    siteId: site.siteId,
    now: now.toISOString(),
    expires: new Date(now.getTime() + OWNER_SESSION_TTL_MS).toISOString(),
  });
  return { token, answer: await answerOf(deps, session, token) };
}

/** The session of the request's cookie, or a 401. */
async function sessionOf(deps: OwnerSessionsDeps, cookieHeader: string | undefined) {
  const token = readCookie(cookieHeader, OWNER_COOKIE);
  const session = token
    ? await deps.store.findActive(sha256(token), deps.clock.now().toISOString())
    : undefined;
  if (!token || !session) throw ownerErrors.sessionRequired();
  return { token, session };
}

function checkCsrf(token: string, csrf: string | undefined) {
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

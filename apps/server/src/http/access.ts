import type { Access, AppName } from '@plaza/contracts';
import { commonErrors } from '../lib/errors.ts';

/** Who is calling, resolved from the `Authorization` header. */
export interface Caller {
  siteId: string;
  kind: 'visitor' | 'member' | 'admin' | 'app';
  /** Visitor id, member id, owner id, API-key id or app id. */
  subjectId: string;
  clientId: string | undefined;
  /** The raw access token, when the caller sent one. */
  accessToken: string | undefined;
}

/** What the access layer needs of the site (installed apps). */
export interface SiteAccessInfo {
  id: string;
  installedApps: readonly AppName[];
}

/** What a browser sends besides `Authorization`: the dashboard's session cookie and its CSRF header. */
export interface SessionCredentials {
  cookie: string | undefined;
  csrf: string | undefined;
}

export interface Authenticator {
  /** Resolves the caller from the raw `Authorization` header value; throws 401 AppErrors. */
  authenticate(header: string): Promise<Caller>;
  site(siteId: string): Promise<SiteAccessInfo | undefined>;
  /** `authenticate` when its answer is remembered, without waiting; undefined otherwise. */
  authenticateCached?(header: string): Caller | undefined;
  /** `site` when its answer is remembered, without waiting; undefined otherwise. */
  siteCached?(siteId: string): SiteAccessInfo | undefined;
  /**
   * The owner a dashboard session cookie stands for (admin of the session's site), undefined without
   * the cookie; throws 401/403 AppErrors for an ended session or a missing CSRF header.
   */
  authenticateSession?(credentials: SessionCredentials): Promise<Caller | undefined>;
}

const allowedKinds: Record<Exclude<Access, 'public'>, ReadonlySet<Caller['kind']>> = {
  anyone: new Set(['visitor', 'member', 'admin', 'app']),
  member: new Set(['member', 'admin', 'app']),
  admin: new Set(['admin', 'app']),
};

const levelWords: Record<Exclude<Access, 'public'>, string> = {
  anyone: 'visitor, member or owner',
  member: 'site-member',
  admin: 'owner (admin)',
};

/** Enforces a call's access level and installed app; returns the caller. */
export async function authorize(
  authenticator: Authenticator,
  header: string | undefined,
  access: Exclude<Access, 'public'>,
  app: AppName | undefined,
  session?: SessionCredentials,
): Promise<Caller> {
  const hasHeader = header !== undefined && header.trim() !== '';
  // `Authorization` wins: the cookie stands in only when a request carries no token or key.
  const fromCookie =
    !hasHeader && session?.cookie ? await authenticator.authenticateSession?.(session) : undefined;
  if (!hasHeader && !fromCookie) throw commonErrors.missingAuthentication();
  const caller = fromCookie ?? (await authenticator.authenticate(header!.trim()));
  if (!allowedKinds[access].has(caller.kind)) throw commonErrors.insufficientPermissions(levelWords[access]);
  if (app) {
    const site = await authenticator.site(caller.siteId);
    if (!site?.installedApps.includes(app)) throw commonErrors.appNotInstalled(app);
  }
  return caller;
}

/**
 * `authorize` answered from what the authenticator remembers (a verified token, a cached site), without
 * waiting: the caller when the call is allowed, undefined when `authorize` must decide (including every
 * refusal, so errors keep coming from one place).
 */
export function authorizeCached(
  authenticator: Authenticator,
  header: string | undefined,
  access: Exclude<Access, 'public'>,
  app: AppName | undefined,
): Caller | undefined {
  if (!header || !authenticator.authenticateCached) return undefined;
  const trimmed = header.trim();
  if (trimmed === '') return undefined;
  const caller = authenticator.authenticateCached(trimmed);
  if (!caller || !allowedKinds[access].has(caller.kind)) return undefined;
  if (app && !authenticator.siteCached?.(caller.siteId)?.installedApps.includes(app)) return undefined;
  return caller;
}

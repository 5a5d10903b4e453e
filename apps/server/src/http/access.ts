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

export interface Authenticator {
  /** Resolves the caller from the raw `Authorization` header value; throws 401 AppErrors. */
  authenticate(header: string): Promise<Caller>;
  site(siteId: string): Promise<SiteAccessInfo | undefined>;
  /** `authenticate` when its answer is remembered, without waiting; undefined otherwise. */
  authenticateCached?(header: string): Caller | undefined;
  /** `site` when its answer is remembered, without waiting; undefined otherwise. */
  siteCached?(siteId: string): SiteAccessInfo | undefined;
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
): Promise<Caller> {
  if (!header || header.trim() === '') throw commonErrors.missingAuthentication();
  const caller = await authenticator.authenticate(header.trim());
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

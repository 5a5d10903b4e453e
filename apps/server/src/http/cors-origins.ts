import type { FastifyRequest } from 'fastify';
import type { Authenticator } from './access.ts';

const CACHE_MS = 10_000;
const CACHE_LIMIT = 5000;
const ORIGIN = /^https?:\/\/[^/]+$/;

export interface CorsOriginSources {
  /** Origins the operator allows for every site (`ALLOWED_ORIGINS`). */
  configured: readonly string[];
  /** Whether an OAuth client of `siteId` (of any site when undefined) lists `origin`. */
  isClientOrigin(origin: string, siteId?: string): Promise<boolean>;
  /** The site of an OAuth client id, for calls that name their site by client (the token endpoint). */
  clientSite(clientId: string): Promise<string | undefined>;
  authenticator: Authenticator;
}

/**
 * Which browser origins may read which answers. An OAuth client's allowed origins belong to its site:
 * the answer to a call is readable only by the configured origins and the origins of the site the call
 * is for (its caller's site, or the site of the client id the token endpoint receives).
 *
 * A preflight carries neither a token nor a body, so it cannot say which site it is for: it is let
 * through for any origin some site allows. That grants nothing by itself — the browser still reads the
 * actual answer only if that answer names the origin, which it does only for the request's own site.
 * Answers that belong to no site (health, JWKS, a refused token) are readable by any known origin.
 * Answers are remembered for a few seconds per origin and site, so most requests cost no query.
 */
export function corsOrigins(sources: CorsOriginSources) {
  const fixed = new Set(sources.configured);
  const cache = new Map<string, { allowed: boolean; until: number }>();
  const clientSites = new Map<string, string | undefined>();

  async function listed(origin: string, siteId: string | undefined): Promise<boolean> {
    if (!ORIGIN.test(origin)) return false;
    const key = `${siteId ?? '*'} ${origin}`;
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return hit.allowed;
    const allowed = await sources.isClientOrigin(origin, siteId);
    if (cache.size > CACHE_LIMIT) cache.clear();
    cache.set(key, { allowed, until: Date.now() + CACHE_MS });
    return allowed;
  }

  async function siteOfClient(clientId: string): Promise<string | undefined> {
    // A client id never moves to another site: its site is remembered once known.
    if (clientSites.has(clientId)) return clientSites.get(clientId);
    const siteId = await sources.clientSite(clientId);
    if (clientSites.size > CACHE_LIMIT) clientSites.clear();
    if (siteId) clientSites.set(clientId, siteId);
    return siteId;
  }

  /** The site a request is for, when it names one: its caller's, or its client id's. */
  async function requestSite(request: FastifyRequest): Promise<string | undefined> {
    if (request.plazaCaller) return request.plazaCaller.siteId;
    const header = request.headers.authorization?.trim();
    if (header) {
      const { authenticator } = sources;
      const caller =
        authenticator.authenticateCached?.(header) ??
        (await authenticator.authenticate(header).catch(() => undefined));
      if (caller) return caller.siteId;
    }
    const body = request.body as { clientId?: unknown; client_id?: unknown } | undefined;
    const clientId = body && typeof body === 'object' ? (body.clientId ?? body.client_id) : undefined;
    return typeof clientId === 'string' && clientId !== '' ? siteOfClient(clientId) : undefined;
  }

  return {
    /** Whether a preflight from `origin` may proceed: the origin is configured or some site allows it. */
    async isKnownOrigin(origin: string): Promise<boolean> {
      return fixed.has(origin) || listed(origin, undefined);
    },
    /** Whether `origin` may read the answer to `request`: configured, or allowed by the request's site. */
    async allowsOrigin(request: FastifyRequest, origin: string): Promise<boolean> {
      if (fixed.has(origin)) return true;
      if (!ORIGIN.test(origin)) return false;
      return listed(origin, await requestSite(request));
    },
  };
}

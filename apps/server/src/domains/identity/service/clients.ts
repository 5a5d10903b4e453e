import { findOAuthClient } from '../../sites/index.ts';
import type { IdentityContext } from './context.ts';

export interface OAuthClient {
  id: string;
  siteId: string;
  name: string;
  allowedRedirectUris: string[];
  allowedOrigins: string[];
}

/** The OAuth client `clientId`, if it exists (optionally: only when it belongs to `siteId`). */
export async function findClient(
  ctx: IdentityContext,
  clientId: string | undefined,
  siteId?: string,
): Promise<OAuthClient | undefined> {
  if (!clientId) return undefined;
  const found = await findOAuthClient(ctx.sites, clientId);
  if (!found || (siteId !== undefined && found.siteId !== siteId)) return undefined;
  return {
    id: found.app.id,
    siteId: found.siteId,
    name: found.app.name,
    allowedRedirectUris: found.app.allowedRedirectUris ?? [],
    allowedOrigins: found.app.allowedOrigins ?? [],
  };
}

/** OAuth redirect URIs must be listed exactly (no prefix or pattern matching). */
export const allowsRedirectUri = (client: OAuthClient, uri: string): boolean =>
  client.allowedRedirectUris.includes(uri);

/**
 * Post-flow pages (logout, password reset, redirect callbacks): a listed redirect URI, or any
 * http(s) page on one of the client's allowed origins.
 */
export function allowsPageUrl(client: OAuthClient, url: string): boolean {
  if (allowsRedirectUri(client, url)) return true;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
    return client.allowedOrigins.includes(parsed.origin);
  } catch {
    return false;
  }
}

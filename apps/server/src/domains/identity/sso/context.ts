import type { Kysely } from 'kysely';
import type { Schema } from '../../../db/schema.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import type { IdentityContext } from '../service/context.ts';
import { type OidcClient, oidcClient } from './oidc.ts';
import { type SsoStore, ssoStore } from './store.ts';

/** What SSO needs of redirect sessions (wired in deps.ts, see `redirects-port.ts`). */
export interface SsoRedirects {
  /** Throws unless `sessionId` is an open `auth` session of `siteId` answering by fragment or query. */
  check(siteId: string, sessionId: string): Promise<void>;
  /** Issues the code for the member of `sessionToken`: where the browser goes next. */
  authorize(sessionId: string, sessionToken: string): Promise<{ redirectUrl?: string; webMessage?: unknown }>;
}

export interface SsoDeps {
  identity: IdentityContext;
  store: SsoStore;
  oidc: OidcClient;
  redirects: SsoRedirects;
  /** Client secrets are stored sealed (lib/secret-box.ts). */
  secrets: SecretBox;
  /** Issuers and their endpoints may be on loopback or private addresses (SSO_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

export function ssoDeps(
  db: Kysely<Schema>,
  identity: IdentityContext,
  redirects: SsoRedirects,
  secrets: SecretBox,
  options: { allowPrivate?: boolean } = {},
): SsoDeps {
  const allowPrivate = options.allowPrivate ?? false;
  const oidc = oidcClient(identity.clock, { allowPrivate });
  return { identity, store: ssoStore(db), oidc, redirects, secrets, allowPrivate };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The redirect URI to register at the identity provider for connection `id`. */
export const callbackUrl = (deps: SsoDeps, id: string) =>
  `${trimSlash(deps.identity.publicUrl)}/plaza/v1/sso/callback/${encodeURIComponent(id)}`;

/** The legacy continuation `GET /v1/callback?state&sessionToken`. */
export const continuationUrl = (deps: SsoDeps, state: string, sessionToken: string) =>
  `${trimSlash(deps.identity.publicUrl)}/_api/iam/authentication/v1/callback?${new URLSearchParams({ state, sessionToken })}`;

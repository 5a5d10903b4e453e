import type { AppName } from '@plaza/contracts';
import { deleteSiteRows } from '../db/site-rows.ts';
import type { Platform } from '../deps.ts';
import { isEmail, passwordViolation } from '../domains/identity/index.ts';
import { addSiteOwner, createOAuthApp, createSite } from '../domains/sites/index.ts';

/**
 * A working site as an install hands it over: the site with its installed apps, its owner account, the
 * OAuth client a storefront signs visitors in with and an admin API key. The demo seed and
 * `plaza sites create` both make sites this way.
 */
export interface SiteSetup {
  id?: string;
  name: string;
  currency?: string;
  timeZone?: string;
  installedApps?: AppName[];
  /** `emailFactor`: the dashboard asks for a code mailed to the owner after the password. */
  owner: { email: string; password: string; emailFactor?: boolean };
  client: {
    id?: string;
    name: string;
    description?: string;
    allowedOrigins: string[];
    allowedRedirectUris: string[];
  };
  apiKeyName: string;
}

export interface ProvisionedSite {
  siteId: string;
  clientId: string;
  /** Shown once: only its hash is stored. */
  apiKey: string;
}

export const APP_NAMES: readonly AppName[] = ['stores', 'bookings', 'events', 'pricing-plans'];

/** What is wrong with `setup`, one sentence per problem (none when it can be made). */
export function siteSetupProblems(setup: SiteSetup): string[] {
  const problems: string[] = [];
  const name = setup.name.trim();
  if (name === '' || name.length > 200) problems.push('the site name must have 1 to 200 characters');
  if (setup.currency !== undefined && !/^[A-Z]{3}$/.test(setup.currency))
    problems.push(`currency "${setup.currency}" must be an ISO-4217 code such as USD`);
  if (setup.timeZone !== undefined && !isTimeZone(setup.timeZone))
    problems.push(`time zone "${setup.timeZone}" must be an IANA name such as Europe/Lisbon`);
  for (const app of setup.installedApps ?? [])
    if (!APP_NAMES.includes(app)) problems.push(`app "${app}" is not one of ${APP_NAMES.join(', ')}`);
  if (!isEmail(setup.owner.email))
    problems.push(`owner e-mail "${setup.owner.email}" is not an e-mail address`);
  const password = passwordViolation('password', setup.owner.password);
  if (password) problems.push(`the owner password ${password.description}`);
  if (setup.client.allowedOrigins.length === 0) problems.push('the OAuth client needs at least one origin');
  for (const origin of setup.client.allowedOrigins)
    if (!isOrigin(origin))
      problems.push(`origin "${origin}" must be a scheme and host, e.g. https://shop.example`);
  for (const uri of setup.client.allowedRedirectUris)
    if (!isRedirectUri(uri)) problems.push(`redirect URI "${uri}" must be an absolute URL`);
  return problems;
}

/**
 * Makes the site of `setup`. A step that fails removes what the earlier ones wrote, so that a site
 * is there whole or not at all; `progress` hears each step as it starts.
 */
export async function provisionSite(
  platform: Platform,
  setup: SiteSetup,
  progress: (step: string) => void = () => {},
): Promise<ProvisionedSite> {
  progress('site');
  const site = await createSite(platform.sites, {
    ...(setup.id ? { id: setup.id } : {}),
    name: setup.name.trim(),
    ...(setup.currency ? { currency: setup.currency } : {}),
    ...(setup.timeZone ? { timeZone: setup.timeZone } : {}),
    ...(setup.installedApps ? { installedApps: setup.installedApps } : {}),
  });
  try {
    progress('owner account');
    await addSiteOwner(platform.sites, site.id, setup.owner);
    progress('OAuth client');
    const { client } = setup;
    const app = await createOAuthApp(
      platform.sites,
      site.id,
      {
        name: client.name,
        ...(client.description ? { description: client.description } : {}),
        allowedRedirectUris: client.allowedRedirectUris,
        allowedOrigins: client.allowedOrigins,
      },
      client.id,
    );
    progress('admin API key');
    const { key } = await platform.identity.apiKeys.create(site.id, setup.apiKeyName);
    return { siteId: site.id, clientId: app.id, apiKey: key };
  } catch (error) {
    await deleteSiteRows(platform.database, site.id).catch((cleanup: unknown) => {
      const reason = (thrown: unknown) => (thrown instanceof Error ? thrown.message : String(thrown));
      throw new Error(
        `${reason(error)}; removing the half-made site ${site.id} failed too (${reason(cleanup)}): plaza sites delete ${site.id} --yes removes it`,
      );
    });
    throw error;
  }
}

function isTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function isOrigin(value: string) {
  if (!/^https?:\/\/[^/]+$/.test(value)) return false;
  try {
    return new URL(value).origin === value.replace(/\/$/, '').toLowerCase();
  } catch {
    return false;
  }
}

function isRedirectUri(value: string) {
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

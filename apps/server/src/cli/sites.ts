import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import type { AppName } from '@plaza/contracts';
import { deleteSiteRows } from '../db/site-rows.ts';
import type { Platform } from '../deps.ts';
import { passwordViolation } from '../domains/identity/index.ts';
import { APP_NAMES, provisionSite, type SiteSetup, siteSetupProblems } from '../seed/site.ts';
import { CliError } from './errors.ts';
import { credentialsFile } from './start.ts';

export const sitesUsage = `Usage: plaza sites <create | list | delete>

  plaza sites create --name <name> --owner-email <e-mail> --origin <origin> [options]
      Makes a site with its owner account, an OAuth client for a storefront on <origin> and an
      admin API key (printed once).
      --owner-password <password>  the owner's password; generated and printed when left out
                                   (given here, it stays in the shell's history)
      --owner-email-factor         the dashboard sign-in also asks for a code mailed to the owner
                                   (the owner can turn it off in Settings, with the password)
      --origin <origin>            browser origin of the storefront, e.g. https://shop.example;
                                   repeat for several
      --redirect-uri <uri>         where sign-in returns to; repeat for several
                                   (default: <origin>/login-callback and <origin>/ of each origin)
      --apps <names>               installed apps, comma-separated
                                   (default: ${APP_NAMES.join(',')})
      --currency <code>            ISO-4217 code (default USD)
      --time-zone <name>           IANA time zone (default UTC)
      --json                       print the result as JSON

  plaza sites list [--json]
      Every site: id, name, owner e-mails, OAuth client ids.

  plaza sites delete <site id> --yes
      Removes the site and all its data (catalog, orders, members, files…) in one transaction.
      Cannot be undone: take a backup first.`;

/** `plaza sites …`: answers what to print. */
export async function sitesCommand(platform: Platform, args: string[]): Promise<string> {
  const [action, ...rest] = args;
  if (action === 'create') return create(platform, rest);
  if (action === 'list') return list(platform, rest);
  if (action === 'delete') return remove(platform, rest);
  throw new CliError(action ? `Unknown sites command "${action}".\n\n${sitesUsage}` : sitesUsage);
}

/** `parse()`'s answer, with a wrong option told in the operator's terms and the usage beside it. */
function parsing<T extends { positionals: string[] }>(parse: () => T, positionals = 0): T {
  try {
    const parsed = parse();
    if (parsed.positionals.length > positionals)
      throw new Error(`Unexpected argument "${parsed.positionals[positionals]}"`);
    return parsed;
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : String(error)}.\n\n${sitesUsage}`);
  }
}

async function create(platform: Platform, args: string[]): Promise<string> {
  const { values } = parsing(() =>
    parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        'owner-email': { type: 'string' },
        'owner-password': { type: 'string' },
        'owner-email-factor': { type: 'boolean' },
        origin: { type: 'string', multiple: true },
        'redirect-uri': { type: 'string', multiple: true },
        apps: { type: 'string' },
        currency: { type: 'string' },
        'time-zone': { type: 'string' },
        json: { type: 'boolean' },
      },
    }),
  );
  const missing = (['name', 'owner-email', 'origin'] as const).filter((key) => values[key] === undefined);
  if (missing.length > 0)
    throw new CliError(`Missing ${missing.map((key) => `--${key}`).join(', ')}.\n\n${sitesUsage}`);
  const origins = (values.origin ?? []).map((origin) => origin.replace(/\/$/, ''));
  const generated = values['owner-password'] === undefined;
  const password = values['owner-password'] ?? generatedPassword();
  const setup: SiteSetup = {
    name: values.name!,
    ...(values.currency !== undefined ? { currency: values.currency } : {}),
    ...(values['time-zone'] !== undefined ? { timeZone: values['time-zone'] } : {}),
    ...(values.apps !== undefined
      ? { installedApps: [...new Set(values.apps.split(',').map((app) => app.trim()))] as AppName[] }
      : {}),
    owner: {
      email: values['owner-email']!,
      password,
      ...(values['owner-email-factor'] ? { emailFactor: true } : {}),
    },
    client: {
      name: `${values.name!.trim()} storefront`,
      allowedOrigins: origins,
      allowedRedirectUris:
        values['redirect-uri'] ?? origins.flatMap((origin) => [`${origin}/login-callback`, `${origin}/`]),
    },
    apiKeyName: 'plaza sites create',
  };
  const problems = siteSetupProblems(setup);
  if (problems.length > 0)
    throw new CliError(`Cannot create the site:\n  ${problems.join('\n  ')}\n\nSee plaza sites --help.`);

  const made = await provisionSite(platform, setup);
  const owner = setup.owner.email.trim().toLowerCase();
  if (values.json)
    return JSON.stringify(
      {
        ...made,
        owner: {
          email: owner,
          ...(generated ? { password } : {}),
          ...(setup.owner.emailFactor ? { emailFactor: true } : {}),
        },
      },
      null,
      2,
    );
  return `Created site ${made.siteId} (${setup.name.trim()})
  owner          ${owner}${generated ? ` / ${password}  (generated: keep it now, it is not shown again)` : ''}${setup.owner.emailFactor ? '  (e-mail code at sign-in)' : ''}
  client id      ${made.clientId}  (origins: ${origins.join(', ')})
  admin API key  ${made.apiKey}  (shown once)`;
}

/** 18 random bytes as base64url: 24 characters, mixed kinds as the owner password policy asks. */
function generatedPassword(): string {
  for (;;) {
    const password = randomBytes(18).toString('base64url');
    if (!passwordViolation('password', password)) return password;
  }
}

async function list(platform: Platform, args: string[]): Promise<string> {
  const { values } = parsing(() =>
    parseArgs({ args, strict: true, allowPositionals: true, options: { json: { type: 'boolean' } } }),
  );
  const sites = await platform.sites.store.directory();
  if (values.json)
    return JSON.stringify(
      sites.map(({ id, name, owners, clientIds, installedApps, createdDate }) => ({
        id,
        name,
        owners,
        clientIds,
        installedApps,
        createdDate,
      })),
      null,
      2,
    );
  if (sites.length === 0) return 'No sites yet: plaza sites create makes one.';
  const rows = [
    ['SITE ID', 'NAME', 'OWNER', 'CLIENT ID'],
    ...sites.map((site) => [site.id, site.name, site.owners.join(', '), site.clientIds.join(', ')]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function remove(platform: Platform, args: string[]): Promise<string> {
  const { values, positionals } = parsing(
    () => parseArgs({ args, strict: true, allowPositionals: true, options: { yes: { type: 'boolean' } } }),
    1,
  );
  const siteId = positionals[0];
  if (!siteId) throw new CliError(`Name the site to delete.\n\n${sitesUsage}`);
  const site = await platform.sites.store.getSite(siteId);
  if (!site) throw new CliError(`There is no site ${siteId} (plaza sites list shows them).`, 1);
  if (!values.yes)
    throw new CliError(
      `This removes site ${siteId} (${site.name}) and all its data, for good.
Run again with --yes to delete it: plaza sites delete ${siteId} --yes`,
    );
  const removed = (await deleteSiteRows(platform.database, siteId)) ?? {};
  const { DATA_DIR } = platform.config;
  removeSiteFiles(DATA_DIR, siteId);
  const rows = Object.values(removed).reduce((sum, count) => sum + count, 0);
  return `Deleted site ${siteId} (${site.name}): ${rows} rows in ${Object.keys(removed).length} tables.`;
}

/** The site's uploaded media, and the demo credentials when they name it (a start then shows none). */
function removeSiteFiles(dataDir: string, siteId: string) {
  const media = resolve(dataDir, 'media');
  const folder = resolve(media, siteId);
  if (folder.startsWith(media + sep)) rmSync(folder, { recursive: true, force: true });
  const credentials = credentialsFile(dataDir);
  if (existsSync(credentials)) {
    const kept = JSON.parse(readFileSync(credentials, 'utf8')) as { siteId?: string };
    if (kept.siteId === siteId) rmSync(credentials, { force: true });
  }
}

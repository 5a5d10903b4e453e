import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { buildPlatform, type Platform } from '../deps.ts';
import { type DemoCredentials, seedDemo } from '../seed/demo.ts';

/** Removes the SQLite database and the demo credentials from `dataDir`; answers the full path. */
export function removeSqliteData(dataDir: string): string {
  const dir = resolve(dataDir);
  for (const file of ['plaza.sqlite', 'plaza.sqlite-wal', 'plaza.sqlite-shm', 'demo-credentials.json'])
    rmSync(join(dir, file), { force: true });
  return dir;
}

export const credentialsFile = (dataDir: string) => join(dataDir, 'demo-credentials.json');

/**
 * Seeds the demo site into a database without sites. A seed cut short would leave a site that later
 * starts take as seeded, without its products or credentials: a seed that fails removes what it
 * wrote (SQLite; on PostgreSQL it says how), and a stop asked for meanwhile waits for it (`start`).
 */
async function seedFirstStart(platform: Platform, config: Config) {
  process.stdout.write('Seeding the demo site:');
  try {
    const credentials = await seedDemo(platform, {
      demoOrigin: `http://localhost:${config.DEMO_PORT}`,
      progress: (step) => process.stdout.write(` ${step}…`),
    });
    process.stdout.write(' done\n');
    if (!config.DATABASE_URL)
      writeFileSync(credentialsFile(config.DATA_DIR), `${JSON.stringify(credentials, null, 2)}\n`, {
        mode: 0o600,
      });
    return credentials;
  } catch (error) {
    process.stdout.write(' failed\n');
    await platform.close();
    const reason = error instanceof Error ? error.message : String(error);
    if (config.DATABASE_URL) {
      console.error(`Seeding the demo site failed: ${reason}
Run \`npm run db:reset\` to remove what it wrote, then start again.`);
    } else {
      removeSqliteData(config.DATA_DIR);
      console.error(`Seeding the demo site failed: ${reason}
What it wrote is removed: the next start seeds the demo site again.`);
    }
    process.exit(1);
  }
}

/** The demo's credentials: seeded now into a database without sites, or as a first start kept them. */
export async function firstStart(platform: Platform, config: Config): Promise<DemoCredentials | undefined> {
  if ((await platform.sites.store.countSites()) === 0) return seedFirstStart(platform, config);
  const file = credentialsFile(config.DATA_DIR);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials) : undefined;
}

/** What an operator reads once the platform listens. */
export function banner(
  engine: string,
  config: Config,
  credentials: DemoCredentials | undefined,
  workers = 1,
) {
  const base = config.PUBLIC_URL;
  return `
Plaza is running (${engine}${workers > 1 ? `, ${workers} workers` : ''})
  API            ${base}
  API reference  ${base}/docs
  OpenAPI        ${base}/openapi.json
  Health         ${base}/healthz${
    credentials
      ? `
Demo site        ${credentials.siteId}
  client id      ${credentials.clientId}
  owner sign-in  ${credentials.owner.email} / ${credentials.owner.password}
  admin API key  ${credentials.apiKey}`
      : ''
  }
`;
}

/**
 * Serves the platform on PORT. `worker`: one of several processes (cli/workers.ts) whose primary
 * migrated, seeded and prints the banner; it stops when told to or when its primary is gone.
 */
export async function start(config: Config, options: { worker?: boolean } = {}) {
  // Until the server listens, a stop waits for what is under way (the demo seed above all) and then
  // ends the start; a second one ends the process at once.
  let stopAsked: string | undefined;
  const holdStop = (signal: string) => {
    if (stopAsked) process.exit(130);
    stopAsked = signal;
    if (!options.worker)
      console.log(`\n${signal}: stopping once the step under way is done (again to stop at once)`);
  };
  process.on('SIGINT', holdStop).on('SIGTERM', holdStop);

  const platform = await buildPlatform(config);
  const credentials = options.worker ? undefined : await firstStart(platform, config);
  if (stopAsked) {
    await platform.close();
    process.exit(0);
  }

  const app = await buildApp(platform);
  await app.listen({ port: config.PORT, host: config.HOST });
  if (!options.worker) console.log(banner(platform.database.engine, config, credentials));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await platform.close();
    process.exit(0);
  };
  process.off('SIGINT', holdStop).off('SIGTERM', holdStop);
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // A worker whose primary is gone would otherwise serve on with no one to restart or stop it.
  if (options.worker) process.on('disconnect', () => void stop('disconnect'));
  if (stopAsked) void stop(stopAsked);
}

import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { connect } from './db/connect.ts';
import { migrate } from './db/migrations/index.ts';
import { buildPlatform } from './deps.ts';
import { type DemoCredentials, seedDemo } from './seed/demo.ts';

const usage = `Usage: plaza <command>

  start     migrate, seed the demo site on first run, serve the platform (default)
  migrate   apply database migrations and exit
  reset     delete all data (SQLite file, or every table in DATABASE_URL) and exit`;

type Platform = Awaited<ReturnType<typeof buildPlatform>>;

/**
 * Seeds the demo site into a database without sites. A seed cut short would leave a site that later
 * starts take as seeded, without its products or credentials: a seed that fails removes what it
 * wrote (SQLite; on PostgreSQL it says how), and a stop asked for meanwhile waits for it (`start`).
 */
async function seedFirstStart(platform: Platform, config: Config, credentialsFile: string) {
  process.stdout.write('Seeding the demo site:');
  try {
    const credentials = await seedDemo(platform, {
      demoOrigin: `http://localhost:${config.DEMO_PORT}`,
      progress: (step) => process.stdout.write(` ${step}…`),
    });
    process.stdout.write(' done\n');
    if (!config.DATABASE_URL)
      writeFileSync(credentialsFile, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
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

async function start(config: Config) {
  // Until the server listens, a stop waits for what is under way (the demo seed above all) and then
  // ends the start; a second one ends the process at once.
  let stopAsked: string | undefined;
  const holdStop = (signal: string) => {
    if (stopAsked) process.exit(130);
    stopAsked = signal;
    console.log(`\n${signal}: stopping once the step under way is done (again to stop at once)`);
  };
  process.on('SIGINT', holdStop).on('SIGTERM', holdStop);

  const platform = await buildPlatform(config);
  const credentialsFile = join(config.DATA_DIR, 'demo-credentials.json');
  let credentials: DemoCredentials | undefined;
  if ((await platform.sites.store.countSites()) === 0) {
    credentials = await seedFirstStart(platform, config, credentialsFile);
  } else if (existsSync(credentialsFile)) {
    credentials = JSON.parse(readFileSync(credentialsFile, 'utf8')) as DemoCredentials;
  }
  if (stopAsked) {
    await platform.close();
    process.exit(0);
  }

  const app = await buildApp(platform);
  await app.listen({ port: config.PORT, host: config.HOST });
  const base = config.PUBLIC_URL;
  console.log(`
Plaza is running (${platform.database.engine})
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
`);

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
  if (stopAsked) void stop(stopAsked);
}

async function migrateOnly(config: Config) {
  const database = await connect({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: join(config.DATA_DIR, 'plaza.sqlite'),
  });
  const applied = await migrate(database);
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  await database.close();
}

/** Removes the SQLite database and the demo credentials from `dataDir`; answers the full path. */
function removeSqliteData(dataDir: string): string {
  const dir = resolve(dataDir);
  for (const file of ['plaza.sqlite', 'plaza.sqlite-wal', 'plaza.sqlite-shm', 'demo-credentials.json'])
    rmSync(join(dir, file), { force: true });
  return dir;
}

async function reset(config: Config) {
  if (config.DATABASE_URL) {
    const database = await connect({ databaseUrl: config.DATABASE_URL });
    await database.db.schema.dropSchema('public').ifExists().cascade().execute();
    await database.db.schema.createSchema('public').execute();
    await database.close();
    console.log('Dropped every table in the PostgreSQL database.');
  } else {
    console.log(`Removed the data in ${removeSqliteData(config.DATA_DIR)}.`);
  }
  console.log('The next start seeds the demo site again.');
}

async function main() {
  const command = process.argv[2] ?? 'start';
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  if (command === 'start') await start(config);
  else if (command === 'migrate') await migrateOnly(config);
  else if (command === 'reset') await reset(config);
  else {
    console.error(usage);
    process.exit(command === 'help' || command === '--help' ? 0 : 2);
  }
}

await main();

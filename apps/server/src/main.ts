import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { backup, backupUsage } from './cli/backup.ts';
import { migrateOnly, reset } from './cli/database.ts';
import { CliError } from './cli/errors.ts';
import { sitesCommand, sitesUsage } from './cli/sites.ts';
import { start } from './cli/start.ts';
import { startWorkers, workerCount } from './cli/workers.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { NewerDatabaseError } from './db/migrations/newer-database.ts';
import { buildPlatform } from './deps.ts';

const usage = `Usage: plaza <command>

  start [--workers N]   migrate, seed the demo site into a database without sites, serve the
                        platform (the default); --workers N runs N processes on one port and
                        needs PostgreSQL (DATABASE_URL)
  migrate               apply database migrations and exit
  build                 rebuild the front ends and the server where their sources changed
  sites <create | list | delete>
                        the sites of this install (plaza sites --help)
  backup <file>         copy the SQLite database while Plaza runs (PostgreSQL: pg_dump)
  reset                 delete all data (SQLite file, or every table in DATABASE_URL) and exit

Settings come from the environment: see .env.example and the README's "Deploy" section.`;

const helps: Record<string, string> = { sites: sitesUsage, backup: backupUsage };

async function run(command: string, args: string[], config: Config): Promise<string | undefined> {
  if (command === 'start') {
    if (cluster.isWorker) {
      await start(config, { worker: true });
    } else {
      const { values } = parseArgs({ args, options: { workers: { type: 'string' } }, strict: true });
      const workers = workerCount(values.workers);
      if (workers === 1) await start(config);
      else await startWorkers(config, workers, fileURLToPath(import.meta.url));
    }
    return undefined;
  }
  if (command === 'migrate') return migrateOnly(config);
  if (command === 'reset') return reset(config);
  if (command === 'backup') return backup(config, args[0]);
  if (command === 'sites') {
    const platform = await buildPlatform(config);
    try {
      return await sitesCommand(platform, args);
    } finally {
      await platform.close();
    }
  }
  if (command === 'build') throw new CliError('plaza build runs from the plaza command: npx plaza build');
  throw new CliError(`Unknown command "${command}".\n\n${usage}`);
}

async function main() {
  const [command = 'start', ...args] = process.argv.slice(2);
  const asksHelp = (word: string | undefined) => word === 'help' || word === '--help' || word === '-h';
  if (asksHelp(command) || asksHelp(args[0]) || args.includes('--help')) {
    console.log(helps[command] ?? usage);
    return;
  }
  try {
    const output = await run(command, args, loadConfig());
    if (output) console.log(output);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof CliError || error instanceof NewerDatabaseError) {
      console.error(error.message);
      process.exit(error instanceof CliError ? error.exitCode : error instanceof ConfigError ? 2 : 1);
    }
    // A wrong option of `start` (node:util parseArgs).
    if (error instanceof Error && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
      console.error(`${error.message}.\n\n${usage}`);
      process.exit(2);
    }
    throw error;
  }
}

await main();

import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.ts';
import { CliError } from './errors.ts';

export const backupUsage = `Usage: plaza backup <file>

  Copies the SQLite database (DATA_DIR/plaza.sqlite) into <file> while Plaza keeps running: SQLite's
  online backup, a consistent copy as of one moment. <file> must not exist yet.
  With DATABASE_URL (PostgreSQL), use pg_dump instead.`;

/**
 * `plaza backup <file>`. Answers what to tell the operator. The copy is taken through SQLite's backup
 * API on a connection of its own: pages are copied in steps, and writes made meanwhile by a running
 * server restart it where needed, so the file holds one committed state, never a torn one.
 */
export async function backup(config: Config, target: string | undefined): Promise<string> {
  if (config.DATABASE_URL)
    throw new CliError(
      `plaza backup copies the SQLite database; this install uses PostgreSQL (DATABASE_URL).
Back it up with PostgreSQL's own tools, e.g.:
  pg_dump --format=custom --file=plaza.dump "$DATABASE_URL"
and restore with pg_restore --clean --dbname="$DATABASE_URL" plaza.dump.`,
    );
  if (!target) throw new CliError(backupUsage);
  const source = resolve(config.DATA_DIR, 'plaza.sqlite');
  if (!existsSync(source))
    throw new CliError(`There is no database to back up at ${source} (DATA_DIR=${config.DATA_DIR}).`, 1);
  const file = resolve(target);
  if (existsSync(file)) throw new CliError(`${file} exists already: name a new file for the backup.`, 1);

  const database = new SQLite(source, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    await database.backup(file);
  } finally {
    database.close();
  }
  // The copy keeps the source's WAL mode; a backup is one file, to be copied and opened alone.
  const copy = new SQLite(file);
  let sites: number;
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new CliError(`The backup in ${file} failed its check: ${String(check)}`, 1);
    sites = (copy.prepare('select count(*) as n from sites').get() as { n: number }).n;
  } finally {
    copy.close();
  }
  const size = (statSync(file).size / 1_048_576).toFixed(1);
  return `Backed up ${source} to ${file} (${size} MB, ${sites} site${sites === 1 ? '' : 's'}).
Files outside the database are not in it: copy ${join(config.DATA_DIR, 'media')} (uploaded images)${
    config.SECRETS_KEY
      ? ''
      : ` and ${join(config.DATA_DIR, 'secrets.key')} (without it, stored secrets cannot be read)`
  } too.`;
}

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The `plaza` command as an operator runs it (bin/plaza.mjs, the compiled server) on SQLite: sites,
 * backups, a database newer than the code, and what it says when used wrongly.
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'plaza-cli-'));
const dataDir = join(work, 'data');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

function spawnPlaza(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['bin/plaza.mjs', ...args], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

async function plaza(args: string[], env: Record<string, string> = {}) {
  const run = spawnPlaza(args, env);
  const code = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

async function waitForHealth(port: number, child: ChildProcess, output: () => string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`plaza exited before it was ready:\n${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error('plaza did not become healthy');
}

describe('the plaza command', () => {
  let siteId = '';

  it('creates and lists a site', async () => {
    const created = await plaza([
      'sites',
      'create',
      '--name',
      'Corner shop',
      '--owner-email',
      'owner@corner.example',
      '--origin',
      'https://corner.example',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const made = JSON.parse(created.stdout) as { siteId: string; clientId: string; apiKey: string };
    siteId = made.siteId;
    const listed = await plaza(['sites', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`^${made.siteId} +Corner shop +owner@corner\\.example +${made.clientId}$`, 'm'),
    );
  }, 120_000);

  it('backs up the SQLite database while Plaza runs (which seeds no demo beside a site), into a file that opens with the sites', async () => {
    const port = await freePort();
    const server = spawnPlaza(['start'], { PORT: String(port) });
    try {
      await waitForHealth(port, server.child, () => server.stdout() + server.stderr());
      expect(server.stdout()).not.toContain('Seeding');
      const file = join(work, 'backup.sqlite');
      const done = await plaza(['backup', file]);
      expect(done.code, done.stderr).toBe(0);
      expect(done.stdout).toContain(`to ${file}`);
      expect(done.stdout).toContain('1 site)');
      expect(done.stdout).toContain(`copy ${join(dataDir, 'media')}`);
      expect(existsSync(`${file}-wal`)).toBe(false);
      const copy = new SQLite(file, { readonly: true });
      try {
        expect(copy.prepare('select id, name from sites').all()).toEqual([
          { id: siteId, name: 'Corner shop' },
        ]);
        expect(copy.prepare('select count(*) as n from oauth_apps where site_id = ?').get(siteId)).toEqual({
          n: 1,
        });
      } finally {
        copy.close();
      }
      const again = await plaza(['backup', file]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('exists already');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);

  it('sends PostgreSQL installs to pg_dump', async () => {
    const refused = await plaza(['backup', join(work, 'pg.sqlite')], {
      DATABASE_URL: 'postgres://plaza@127.0.0.1:1/plaza',
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pg_dump --format=custom');
    expect(existsSync(join(work, 'pg.sqlite'))).toBe(false);
  }, 120_000);

  it('deletes a site only when told --yes', async () => {
    const unconfirmed = await plaza(['sites', 'delete', siteId]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('Run again with --yes');
    const deleted = await plaza(['sites', 'delete', siteId, '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toMatch(
      new RegExp(`^Deleted site ${siteId} \\(Corner shop\\): \\d+ rows in \\d+ tables\\.$`, 'm'),
    );
    expect((await plaza(['sites', 'list'])).stdout).toContain('No sites yet');
  }, 120_000);

  it('refuses to start or migrate a database a newer Plaza has migrated', async () => {
    const database = new SQLite(join(dataDir, 'plaza.sqlite'));
    database
      .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
      .run('9001-from-a-newer-plaza', new Date().toISOString());
    database.close();
    for (const command of ['migrate', 'start']) {
      const refused = await plaza([command], { PORT: String(await freePort()) });
      expect(refused.code, command).toBe(1);
      expect(refused.stderr).toContain('This database was upgraded by a newer version of Plaza');
      expect(refused.stderr).toContain('9001-from-a-newer-plaza');
      expect(refused.stderr).not.toContain('    at ');
    }
  }, 120_000);

  it('tells an operator what is wrong with a command', async () => {
    const unknown = await plaza(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
    expect(unknown.stderr).toContain('sites <create | list | delete>');
    const help = await plaza(['sites', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('plaza sites delete <site id> --yes');
    const sqliteWorkers = await plaza(['start', '--workers', '2']);
    expect(sqliteWorkers.code).toBe(2);
    expect(sqliteWorkers.stderr).toContain('--workers 2 needs PostgreSQL: set DATABASE_URL');
    const badWorkers = await plaza(['start', '--workers', 'many']);
    expect(badWorkers.code).toBe(2);
    expect(badWorkers.stderr).toContain('--workers must be a whole number from 1 to 64, not "many".');
  }, 120_000);
});

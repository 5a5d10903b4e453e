import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `plaza start` as a user runs it (bin/plaza.mjs, the compiled server): a real process, a real port,
 * signals, restarts.
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'plaza-start-'));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

function plaza(command: string, port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['bin/plaza.mjs', command], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(port: number, child: ChildProcess) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error('plaza exited before it was ready');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return response;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error('plaza did not become healthy');
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts on `dir` until healthy with the demo's credentials printed, stops; the start's output. */
async function servedOutput(dir: string): Promise<string> {
  const port = await freePort();
  const run = plaza('start', port, { DATA_DIR: dir });
  await waitForHealth(port, run.child);
  expect(run.output()).toMatch(/admin API key\s+plz_/);
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
  return run.output();
}

describe('plaza start', () => {
  let apiKey = '';

  it('seeds the demo site on first run, serves a real port and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const run = plaza('start', port);
    const health = await waitForHealth(port, run.child);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
    expect(health.headers.get('x-wix-request-id')).toBeTruthy();
    expect(run.output()).toContain(
      'Seeding the demo site: site… owner account… OAuth client… admin API key… done',
    );
    apiKey = /admin API key\s+(plz_\S+)/.exec(run.output())?.[1] ?? '';
    expect(apiKey).not.toBe('');
    const site = await fetch(`http://127.0.0.1:${port}/plaza/v1/site`, {
      headers: { authorization: apiKey },
    });
    expect(((await site.json()) as { site: { name: string } }).site.name).toBe('Plaza Demo');

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 30_000);

  it('keeps the data across restarts and does not seed twice', async () => {
    const port = await freePort();
    const run = plaza('start', port);
    await waitForHealth(port, run.child);
    expect(run.output()).not.toContain('Seeding');
    const site = await fetch(`http://127.0.0.1:${port}/plaza/v1/site`, {
      headers: { authorization: apiKey },
    });
    expect(site.status).toBe(200);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  }, 30_000);

  it('removes what a failed seed wrote, so that the next start seeds again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaza-start-seed-'));
    try {
      // Uploads cannot be stored: the seed fails at the first product image, after the site exists.
      writeFileSync(join(dir, 'media'), '');
      const failed = plaza('start', await freePort(), { DATA_DIR: dir });
      expect(await failed.exited).toBe(1);
      expect(failed.output()).toContain('Seeding the demo site failed: ENOTDIR');
      expect(failed.output()).toContain('the next start seeds the demo site again');
      expect(failed.output()).not.toContain('    at ');
      expect(existsSync(join(dir, 'plaza.sqlite'))).toBe(false);

      rmSync(join(dir, 'media'));
      expect(await servedOutput(dir)).toMatch(/Seeding the demo site: .* done/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('finishes the seed when asked to stop while seeding', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaza-start-seed-'));
    try {
      const first = plaza('start', await freePort(), { DATA_DIR: dir });
      await new Promise<void>((resolve) => {
        const seeding = () => {
          if (!first.output().includes('Seeding the demo site:')) return;
          first.child.stdout.off('data', seeding);
          resolve();
        };
        first.child.stdout.on('data', seeding);
      });
      first.child.kill('SIGINT');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('done');

      expect(await servedOutput(dir)).not.toContain('Seeding');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a bad configuration with a message naming the setting', async () => {
    const run = plaza('start', await freePort(), { PORT: 'eighty' });
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('PORT="eighty"');
  }, 30_000);

  it('starts over after reset', async () => {
    const reset = plaza('reset', await freePort());
    expect(await reset.exited).toBe(0);
    const port = await freePort();
    const run = plaza('start', port);
    await waitForHealth(port, run.child);
    expect(run.output()).toContain('Seeding the demo site');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 30_000);
});

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** `plaza start` as a user runs it: a real process, a real port, signals, restarts. */
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', command], {
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

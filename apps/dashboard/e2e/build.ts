import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

export const dashboardRoot = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = join(dashboardRoot, '..', '..');
const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
const run = promisify(execFile);

/** `vite build` of the dashboard into `outDir`, as production (Vitest's NODE_ENV=test would bundle React's development build). */
export async function viteBuild(outDir: string) {
  await run(
    process.execPath,
    [vite, 'build', dashboardRoot, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    { cwd: repoRoot, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 },
  );
  return outDir;
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function isFresh(dist: string): boolean {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return false;
  const sources = ['src', 'index.html', 'vite.config.ts'].map((name) =>
    newestMtime(join(dashboardRoot, name)),
  );
  return statSync(index).mtimeMs >= Math.max(...sources);
}

const LOCK_STALE_MS = 5 * 60_000;

/** Test files run in parallel processes: one builds while the others wait for it (a directory as the lock). */
async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(dashboardRoot, '.dist-build.lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (age > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      else await delay(250);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * apps/dashboard/dist (what the server serves by default), rebuilt when a source is newer than it.
 * A build goes to a folder of its own and then takes dist's place, so no run sees it half written.
 */
export async function ensureBuilt(): Promise<string> {
  const dist = join(dashboardRoot, 'dist');
  if (!isFresh(dist)) {
    await withBuildLock(async () => {
      if (isFresh(dist)) return;
      const fresh = await viteBuild(`${dist}.${process.pid}.new`);
      const old = `${dist}.${process.pid}.old`;
      if (existsSync(dist)) renameSync(dist, old);
      renameSync(fresh, dist);
      rmSync(old, { recursive: true, force: true });
    });
  }
  return `${dist}/`;
}

/**
 * The JavaScript a first visit downloads: the entry module and every chunk index.html preloads,
 * gzipped (level 9, as a server would send it), in bytes.
 */
export function firstLoadBytes(dist: string): { files: string[]; gzipped: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/dashboard\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const gzipped = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
    0,
  );
  return { files, gzipped };
}

import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
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

/** apps/dashboard/dist (what the server serves by default), rebuilt when a source is newer than it. */
export async function ensureBuilt(): Promise<string> {
  const dist = join(dashboardRoot, 'dist');
  const index = join(dist, 'index.html');
  const sources = ['src', 'index.html', 'vite.config.ts'].map((name) =>
    newestMtime(join(dashboardRoot, name)),
  );
  if (!existsSync(index) || statSync(index).mtimeMs < Math.max(...sources)) await viteBuild(dist);
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

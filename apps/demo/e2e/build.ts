import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** apps/demo, and the repository root. */
export const demoRoot = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = join(demoRoot, '..', '..');
const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
const run = promisify(execFile);

/** `vite build <root> --outDir <out>` in a child process, with `env` added to (or, undefined, removed from) its environment. */
export async function viteBuild(root: string, outDir: string, env: Record<string, string | undefined> = {}) {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const childEnv: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'production', ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  await run(
    process.execPath,
    [vite, 'build', root, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: repoRoot,
      env: childEnv as NodeJS.ProcessEnv,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return outDir;
}

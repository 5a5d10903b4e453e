// `npm start`: runs the platform (:4000) and the demo site (:3000) together and stops both together.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot as root } from './build-cache.mjs';
import { buildAll } from './builds.mjs';

let server;
try {
  server = relative(root, await buildAll());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// Settings from a .env file, when there is one (see .env.example).
const envFile = existsSync(join(root, '.env')) ? ['--env-file=.env'] : [];
const children = [
  spawn(process.execPath, [...envFile, '--enable-source-maps', server, 'start'], {
    cwd: root,
    stdio: 'inherit',
  }),
  // The same settings: the demo names the platform's PORT or PUBLIC_URL in its page.
  spawn(process.execPath, [...envFile, 'apps/demo/serve.mjs'], { cwd: root, stdio: 'inherit' }),
];

let stopping = false;
const stopAll = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 200).unref();
};
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

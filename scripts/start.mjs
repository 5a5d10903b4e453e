// `npm start`: runs the platform (:4000) and the demo site (:3000) together and stops both together.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// Front ends are built once, on the first start (or after their dist folder is removed).
for (const app of ['hosted', 'demo']) {
  if (existsSync(new URL(`../apps/${app}/dist/index.html`, import.meta.url))) continue;
  console.log(`Building apps/${app}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', `@plaza/${app}`], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Settings from a .env file, when there is one (see .env.example).
const envFile = existsSync(new URL('../.env', import.meta.url)) ? ['--env-file=.env'] : [];
const children = [
  spawn(process.execPath, [...envFile, '--import', 'tsx', 'apps/server/src/main.ts', 'start'], {
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

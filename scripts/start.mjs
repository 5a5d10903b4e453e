// `npm start`: runs the platform (:4000) and the demo site (:3000) together and stops both together.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildServer } from '../apps/server/build.mjs';
import { buildIfStale, repoRoot as root, sourceKey } from './build-cache.mjs';

// Each front end is built again when what it is made from changed since its last build (on the first
// start, after a pull that changed it, once its dist folder is removed). Its key is kept beside dist/,
// not in it: what is in dist/ is served.
const frontEnds = {
  hosted: ['apps/hosted', 'packages/contracts/src', 'packages/contracts/package.json'],
  demo: [
    'apps/demo',
    'packages/sdk/src',
    'packages/sdk/package.json',
    'packages/contracts/src',
    'packages/contracts/package.json',
  ],
};
// Vite writes VITE_* settings into the build.
const viteEnv = Object.entries(process.env)
  .filter(([name]) => name.startsWith('VITE_'))
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([name, value]) => `${name}=${value}\n`)
  .join('');
for (const [app, inputs] of Object.entries(frontEnds)) {
  await buildIfStale({
    keyFile: join(root, `apps/${app}/dist.build-key`),
    output: join(root, `apps/${app}/dist/index.html`),
    key: sourceKey([...inputs, 'package-lock.json'], {
      ignore: (path) => path === `apps/${app}/e2e`,
      extra: viteEnv,
    }),
    build: () => {
      console.log(`Building apps/${app}…`);
      const build = spawnSync('npm', ['run', 'build', '-w', `@plaza/${app}`], {
        cwd: root,
        stdio: 'inherit',
      });
      if (build.status !== 0) process.exit(build.status ?? 1);
    },
  });
}
const server = relative(root, await buildServer());

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

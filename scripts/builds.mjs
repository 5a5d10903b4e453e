// What `npm start` and `plaza build` / `plaza start` build before they run: each front end and the
// compiled server, each again only when what it is made from changed since its last build (on the first
// start, after a pull that changed it, once its output is removed). Keys are content hashes
// (build-cache.mjs), kept beside each output, not in it: what is in dist/ is served.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from '../apps/server/build.mjs';
import { buildIfStale, repoRoot as root, sourceKey } from './build-cache.mjs';

const contracts = ['packages/contracts/src', 'packages/contracts/package.json'];
const sdk = ['packages/sdk/src', 'packages/sdk/package.json'];

/** Each front end with what it is made from beside its own folder (relative to the repository). */
const frontEnds = {
  hosted: contracts,
  demo: [...sdk, ...contracts],
  dashboard: [...sdk, ...contracts],
};

// Vite writes VITE_* settings into the build.
const viteEnv = () =>
  Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}\n`)
    .join('');

/** Builds the front ends whose sources changed; a build that fails throws, naming the app. */
export async function buildFrontEnds() {
  for (const [app, inputs] of Object.entries(frontEnds)) {
    // A front end this checkout does not have is not built.
    if (!existsSync(join(root, `apps/${app}/package.json`))) continue;
    await buildIfStale({
      keyFile: join(root, `apps/${app}/dist.build-key`),
      output: join(root, `apps/${app}/dist/index.html`),
      key: sourceKey([`apps/${app}`, ...inputs, 'package-lock.json'], {
        ignore: (path) => path === `apps/${app}/e2e`,
        extra: viteEnv(),
      }),
      build: () => {
        console.log(`Building apps/${app}…`);
        const build = spawnSync('npm', ['run', 'build', '-w', `@plaza/${app}`], {
          cwd: root,
          stdio: 'inherit',
        });
        if (build.status !== 0) throw new Error(`Building apps/${app} failed (exit code ${build.status}).`);
      },
    });
  }
}

/** The front ends, then the server; answers the server's built file. */
export async function buildAll() {
  await buildFrontEnds();
  return buildServer();
}

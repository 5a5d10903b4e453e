// The server as `npm start` runs it: src/main.ts and the workspace's own TypeScript it imports
// (@plaza/contracts) bundled into one ES module, dist/main.js, for Node 20. Installed packages stay
// outside, loaded by Node from node_modules at run time (native drivers, Fastify and its plugins).
// Compiled ahead, the code runs as written: a loader compiling at run time (tsx) keeps function names
// by wrapping every function made in a naming call, and neither a loader nor those calls run here.
//
// `node apps/server/build.mjs` builds now. `buildServer()` builds only when the sources changed since
// the last build (bin/plaza.mjs, scripts/start.mjs, the bench), so a start after a pull never runs an
// older build.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale, repoRoot, sourceKey } from '../../scripts/build-cache.mjs';

/**
 * Where builds go. Right under apps/server/, as src/ is: a module's `import.meta.url` is its bundle's
 * once built, and paths resolved from a top-level module of src/ (src/paths.ts) hold from dist/ too.
 */
export const distDir = fileURLToPath(new URL('./dist/', import.meta.url));

/** What every build is made from, beside its entry and the inputs it names (relative to the repository). */
const serverInputs = [
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/build.mjs',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'scripts/build-cache.mjs',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
];

/** Bare imports other than the workspace's own packages: Node resolves them from node_modules at run time. */
const installedPackagesExternal = {
  name: 'installed-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@plaza/') ? undefined : { external: true },
    );
  },
};

/**
 * Builds `entry` (a path relative to the repository) into dist/<name>.js when what it is made from
 * changed since its last build, or always with `force`; answers the built file's path. `inputs`: what the
 * entry draws on beyond the server's own sources.
 */
export async function buildServer({
  name = 'main',
  entry = 'apps/server/src/main.ts',
  inputs = [],
  force = false,
} = {}) {
  const file = join(distDir, `${name}.js`);
  const keyFile = join(distDir, `${name}.build-key`);
  if (force) rmSync(keyFile, { force: true });
  await buildIfStale({
    keyFile,
    output: file,
    key: sourceKey([...serverInputs, entry, ...inputs]),
    build: async () => {
      console.error(`Building ${relative(repoRoot, file)}…`);
      await bundle(name, join(repoRoot, entry));
    },
  });
  return file;
}

async function bundle(name, entry) {
  // Loaded only to build: a start with a current build does without it.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: { [name]: entry },
    outdir: distDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    keepNames: false,
    plugins: [installedPackagesExternal],
    write: false,
    logLevel: 'warning',
  });
  // Its service process is not needed once built: the server runs on in this process.
  await esbuild.stop();
  mkdirSync(distDir, { recursive: true });
  // Each file written aside, then renamed over the old one, the code last: a server starting
  // meanwhile loads the old build or the new one, never a file half written.
  const outputs = result.outputFiles.sort(
    (a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')),
  );
  for (const output of outputs) {
    const aside = `${output.path}.${process.pid}.tmp`;
    writeFileSync(aside, output.contents);
    renameSync(aside, output.path);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildServer({ force: true });
}

// Builds that run again only when what they are made from changed: the key is a hash of the inputs'
// contents, stored beside the output once a build has succeeded. Not the sources' modification times:
// a pull, a branch switch or a restored file can bring back an older time on newer code, and a build
// served stale after a pull is the failure this exists to prevent.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root directory; input paths are given relative to it. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Never an input: installed packages, outputs and their keys, tests (no build includes them). */
const skipped = (name) =>
  name === 'node_modules' ||
  name === 'dist' ||
  name.endsWith('.build-key') ||
  /\.test\.[cm]?[jt]sx?$/.test(name);

/**
 * The content hash of `inputs` (files or folders, relative to `root`; a folder counts every file under
 * it but what `ignore` refuses, given the path relative to `root` with `/`), and of `extra`. Paths are
 * part of it, so a file renamed, added or removed changes the key too.
 */
export function sourceKey(inputs, { root = repoRoot, ignore = () => false, extra = '' } = {}) {
  const hash = createHash('sha256');
  const add = (path) => {
    const name = relative(root, path).split(sep).join('/');
    if (ignore(name)) return;
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      for (const entry of readdirSync(path).sort()) if (!skipped(entry)) add(join(path, entry));
    } else if (stat?.isFile()) {
      hash.update(`${name}\0`).update(readFileSync(path)).update('\0');
    } else {
      hash.update(`${name}\0missing\0`);
    }
  };
  for (const input of inputs) add(join(root, input));
  return hash.update(extra).digest('hex');
}

/**
 * Runs `build` unless its last run is current (`isCurrent`). The key is removed first and written only
 * once the build succeeded, so that a build that failed or was cut short is never taken for a current
 * one. Answers whether it built.
 */
export async function buildIfStale({ keyFile, key, output, build }) {
  if (isCurrent(keyFile, key, output)) return false;
  rmSync(keyFile, { force: true });
  await build();
  writeFileSync(keyFile, `${key}\n`);
  return true;
}

/**
 * `output` (the file the build makes) is there, `keyFile` holds `key`, and the output is no newer than
 * the key: one built since by other means (`vite build`, a test harness) is from sources nobody hashed.
 */
function isCurrent(keyFile, key, output) {
  const built = statSync(output, { throwIfNoEntry: false });
  const kept = statSync(keyFile, { throwIfNoEntry: false });
  if (!built || !kept || built.mtimeMs > kept.mtimeMs) return false;
  return readFileSync(keyFile, 'utf8').trim() === key;
}

/**
 * Gzipped JavaScript of the home and store pages in a build of the demo: the entry chunk with its
 * static imports (what `/` loads) plus the store route's chunk and its imports (what `/store`
 * adds). Reads Vite's manifest (`build.manifest`).
 *
 *   npx tsx apps/demo/scripts/bundle-size.ts [dist folder]   (default apps/demo/dist)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 150 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface BundleSize {
  /** Gzipped bytes per emitted JS file counted. */
  files: Record<string, number>;
  home: number;
  storeExtra: number;
  total: number;
}

export function measure(dist: string): BundleSize {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const store = Object.keys(manifest).find((key) => key.endsWith('routes/store/store-page.tsx'));
  if (!entry || !store) throw new Error('The manifest has no entry or no store page chunk');
  const homeKeys = closure(entry);
  const storeKeys = [...closure(store)].filter((key) => !homeKeys.has(key));
  const files: Record<string, number> = {};
  const size = (key: string) => {
    const file = manifest[key]!.file;
    if (!file.endsWith('.js')) return 0;
    files[file] ??= gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    return files[file];
  };
  const home = [...homeKeys].reduce((sum, key) => sum + size(key), 0);
  const storeExtra = storeKeys.reduce((sum, key) => sum + size(key), 0);
  return { files, home, storeExtra, total: home + storeExtra };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
  const result = measure(dist);
  for (const [file, bytes] of Object.entries(result.files)) console.log(`${kb(bytes).padStart(9)}  ${file}`);
  console.log(`home ${kb(result.home)} + store ${kb(result.storeExtra)} = ${kb(result.total)} gzipped`);
  console.log(`budget ${kb(BUDGET_BYTES)}: ${result.total <= BUDGET_BYTES ? 'within' : 'OVER'}`);
  if (result.total > BUDGET_BYTES) process.exitCode = 1;
}

/**
 * Bundles the SDK core (createClient + OAuthStrategy + cookie store) with chosen modules the way
 * an app would import them, minified for browsers, and reports the gzipped size.
 * Budget: core + stores + ecom ≤ 12 KB gzipped (`STOREFRONT_BUDGET_BYTES`, checked by a test).
 *
 * Run: `npx tsx packages/sdk/scripts/bundle-size.ts [module ...]` (default: the storefront set,
 * then each module alone).
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
// esbuild comes with tsx and vite; it is not a dependency of the SDK itself.
import { build } from 'esbuild';

const SDK_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The modules of a store front: catalog and cart. */
export const STOREFRONT_MODULES = ['stores', 'ecom'] as const;
/** 12 KB (12 × 1000 bytes, the stricter reading) for core + stores + ecom, minified and gzipped. */
export const STOREFRONT_BUDGET_BYTES = 12_000;

export interface BundleSize {
  modules: readonly string[];
  minifiedBytes: number;
  gzippedBytes: number;
  /** Source files with code in the bundle, relative to the SDK folder (`src/modules/sites.ts`). */
  inputs: string[];
  code: string;
}

/** The entry file a store-only (or any) page would have: imports through the package index. */
function entrySource(modules: readonly string[]): string {
  const moduleList = modules.join(', ');
  return [
    `import { createClient, OAuthStrategy, cookieTokenStore${modules.length ? `, ${moduleList}` : ''} } from './src/index.ts';`,
    'export const client = createClient({',
    `  modules: { ${moduleList} },`,
    "  apiBaseUrl: 'http://localhost:4000',",
    "  auth: OAuthStrategy({ clientId: 'client', baseUrl: 'http://localhost:4000', tokenStore: cookieTokenStore() }),",
    '});',
  ].join('\n');
}

export async function measureBundle(modules: readonly string[]): Promise<BundleSize> {
  const result = await build({
    stdin: {
      contents: entrySource(modules),
      resolveDir: SDK_ROOT,
      loader: 'ts',
      sourcefile: 'bundle-entry.ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: SDK_ROOT,
  });
  const code = result.outputFiles[0]?.text ?? '';
  const [output] = Object.values(result.metafile.outputs);
  const inputs = Object.entries(output?.inputs ?? {})
    .filter(([, usage]) => usage.bytesInOutput > 0)
    .map(([path]) => path);
  return {
    modules,
    minifiedBytes: Buffer.byteLength(code),
    gzippedBytes: gzipSync(code, { level: 9 }).byteLength,
    inputs,
    code,
  };
}

export const describeSize = ({ modules, minifiedBytes, gzippedBytes }: BundleSize) =>
  `core${modules.map((name) => ` + ${name}`).join('')}: ${minifiedBytes} bytes minified, ${gzippedBytes} bytes gzipped`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const chosen = process.argv.slice(2);
  const combinations = chosen.length
    ? [chosen]
    : [
        [...STOREFRONT_MODULES],
        [],
        ...['stores', 'ecom', 'sites', 'identity', 'redirects', 'mailbox', 'platform'].map((name) => [name]),
      ];
  for (const modules of combinations) console.log(describeSize(await measureBundle(modules)));
}

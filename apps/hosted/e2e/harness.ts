import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { buildTestApp, type TestApp, type TestSite } from '../../server/test/build-test-app.ts';

/** A real Plaza server on a free port serving the built hosted pages, and a tiny client app. */

export const hostedRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(hostedRoot, '..', '..');
const dist = join(hostedRoot, 'dist');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** apps/hosted/dist, rebuilt when a source file is newer than the last build. */
export function ensureBuilt(): string {
  const index = join(dist, 'index.html');
  const sources = ['src', 'index.html', 'vite.config.ts'].map((name) => newestMtime(join(hostedRoot, name)));
  if (!existsSync(index) || statSync(index).mtimeMs < Math.max(...sources)) {
    execFileSync('npm', ['run', 'build', '-w', '@plaza/hosted'], { cwd: repoRoot, stdio: 'pipe' });
  }
  return `${dist}/`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface Plaza {
  t: TestApp;
  url: string;
  site: TestSite;
  clientId: string;
  client: ClientApp;
  call(method: string, path: string, body?: unknown, auth?: string): Promise<{ status: number; data: any }>;
  close(): Promise<void>;
}

/**
 * The client app of the test: `/callback` shows where the hosted page sent the browser,
 * `/frame?src=` loads a page in an iframe and shows the window messages it receives
 * (like the SDK's direct login), `/signed-out` is a post-logout page, `/shop` the storefront a
 * checkout returns to.
 */
export interface ClientApp {
  origin: string;
  close(): Promise<void>;
}

const PAGES: Record<string, string> = {
  '/callback': `<!doctype html><title>Callback</title><h1>Callback</h1>
<pre id="result"></pre><script>document.getElementById('result').textContent = JSON.stringify({hash: location.hash, search: location.search});</script>`,
  '/signed-out': '<!doctype html><title>Signed out</title><h1>Signed out of the client app</h1>',
  '/shop': '<!doctype html><title>Storefront</title><h1>Storefront</h1>',
  '/frame': `<!doctype html><title>Frame</title><pre id="messages"></pre>
<script>
  const messages = [];
  addEventListener('message', (event) => {
    messages.push({ origin: event.origin, data: event.data });
    document.getElementById('messages').textContent = JSON.stringify(messages);
  });
  const frame = document.createElement('iframe');
  frame.src = new URLSearchParams(location.search).get('src');
  frame.style.display = 'none';
  document.body.append(frame);
</script>`,
};

export async function startClientApp(): Promise<ClientApp> {
  const server: Server = createHttpServer((request, response) => {
    const page = PAGES[new URL(request.url ?? '/', 'http://x').pathname];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('client app did not start');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `env`: more server settings, e.g. a DATA_DIR for seeded product images. */
export async function startPlaza(options: { env?: Record<string, string> } = {}): Promise<Plaza> {
  const hostedDist = ensureBuilt();
  const client = await startClientApp();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await buildTestApp('sqlite', { env: { ...options.env, PUBLIC_URL: url }, hostedDist });
  await t.app.listen({ host: '127.0.0.1', port });

  async function call(method: string, path: string, body?: unknown, auth?: string) {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(auth ? { authorization: auth } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, data: text ? JSON.parse(text) : undefined };
  }

  const site = await t.createSite({ name: 'Corner Shop' });
  const settings = await call(
    'PATCH',
    '/plaza/v1/site',
    { site: { settings: { identity: { requireEmailVerification: true } } } },
    site.adminKey,
  );
  if (settings.status !== 200) throw new Error(`site settings: ${JSON.stringify(settings.data)}`);
  const app = await call(
    'POST',
    '/oauth-app/v1/oauth-apps',
    {
      oAuthApp: {
        name: 'Storefront',
        allowedRedirectUris: [`${client.origin}/callback`, `${client.origin}/frame`],
        allowedOrigins: [client.origin],
      },
    },
    site.adminKey,
  );
  if (app.status !== 200) throw new Error(`OAuth app: ${JSON.stringify(app.data)}`);

  return {
    t,
    url,
    site,
    clientId: app.data.oAuthApp.id,
    client,
    call,
    async close() {
      await t.close();
      await client.close();
    },
  };
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url').slice(0, 43);
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const randomState = () => randomBytes(16).toString('base64url');

// --- the browser -------------------------------------------------------------------------------

/** Debian's Chromium; PLAZA_CHROMIUM points elsewhere (playwright-core cannot download browsers here). */
export const CHROMIUM = process.env.PLAZA_CHROMIUM ?? '/usr/bin/chromium';
export const hasBrowser = existsSync(CHROMIUM);
export const BROWSER_SKIP_REASON = `skipped: ${CHROMIUM} not found (set PLAZA_REQUIRE_BROWSER=1 to fail instead)`;

/** Throws when the browser is required but missing; warns once when the tests will be skipped. */
export function checkBrowser(suite: string) {
  if (!hasBrowser && process.env.PLAZA_REQUIRE_BROWSER === '1')
    throw new Error(`PLAZA_REQUIRE_BROWSER=1 but ${CHROMIUM} is missing`);
  if (!hasBrowser) console.warn(`apps/hosted/e2e (${suite}): browser tests ${BROWSER_SKIP_REASON}`);
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  smallPhone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

/** Full-page phone and desktop screenshots as `<dir>/<name>-phone.png` and `-desktop.png`. */
export async function screenshots(page: Page, dir: string | undefined, name: string) {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const) {
    await page.setViewportSize(size);
    // From the top: sticky parts would otherwise be drawn where the scrolled window has them.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({
      path: join(dir, `${name}-${label}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  if (original) await page.setViewportSize(original);
}

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { seedDemo } from '../../server/src/seed/demo.ts';
import { buildTestApp, type TestApp } from '../../server/test/build-test-app.ts';
import { createSiteServer } from '../site-server.mjs';
import { demoRoot, repoRoot, viteBuild } from './build.ts';

/**
 * A real Plaza (in-process, SQLite, demo data) serving freshly built hosted pages, and the demo
 * storefront built with Vite for it and served by a tiny static server, each on its own port:
 *
 * - `main`: built with the client id of an OAuth app created here with the admin key (its
 *   allowed origins and redirect URIs name the demo's port, and a CodeSandbox-like host);
 * - `defaultId`: built without `VITE_PLAZA_CLIENT_ID`, so the seeded demo client (its allowed
 *   origin is this server's) and the client-id toast are in use;
 * - `badId`: built with a client id no OAuth app has (its origin is allowed by ALLOWED_ORIGINS, so
 *   the browser gets to read the server's refusal).
 *
 * Then the browser side the test files share (demo-shell, demo-store): Debian's Chromium, started
 * with the environment once per test file by `useDemoBrowser`, and the steps that read the pages.
 */

/**
 * A host name matching the CodeSandbox pattern. `.app` is on Chromium's HSTS preload list, so the
 * page is `https://` and the test answers its requests from the main build (page routing).
 */
export const SANDBOX_HOST = 'k3x9qz-3000.csb.app';
export const SANDBOX_ORIGIN = `https://${SANDBOX_HOST}`;
export const UNKNOWN_CLIENT_ID = '00000000-0000-4000-8000-00000000dead';

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

/**
 * The hosted pages, built from the current sources into `outDir` (not apps/hosted/dist, which
 * others rebuild concurrently); falls back to apps/hosted/dist when the sources do not build.
 */
async function buildHosted(outDir: string): Promise<string> {
  try {
    await viteBuild(join(repoRoot, 'apps', 'hosted'), outDir);
    return `${outDir}/`;
  } catch (error) {
    const dist = join(repoRoot, 'apps', 'hosted', 'dist');
    if (!existsSync(join(dist, 'index.html'))) throw error;
    console.warn(
      `apps/demo/e2e: the hosted pages did not build, using ${dist}:`,
      String(error).slice(0, 500),
    );
    return `${dist}/`;
  }
}

export interface StaticSite {
  origin: string;
  close(): Promise<void>;
}

/** Serves the build in `dist` as apps/demo/serve.mjs does, naming `apiUrl` in its page. */
export async function serveStatic(dist: string, port: number, apiUrl: string): Promise<StaticSite> {
  const server = createSiteServer({ dist, apiUrl });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface DemoVariant {
  origin: string;
  dist: string;
  clientId: string;
}

export interface DemoEnvironment {
  t: TestApp;
  /** The Plaza server, e.g. `http://127.0.0.1:41234`. */
  api: string;
  siteId: string;
  adminKey: string;
  main: DemoVariant;
  defaultId: DemoVariant;
  badId: DemoVariant;
  /** Plain HTTP to the server (JSON in and out). */
  call(method: string, path: string, body?: unknown, auth?: string): Promise<{ status: number; data: any }>;
  close(): Promise<void>;
}

export async function startDemoEnvironment(): Promise<DemoEnvironment> {
  const work = mkdtempSync(join(tmpdir(), 'plaza-demo-e2e-'));
  const [apiPort, mainPort, defaultPort, badPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const api = `http://127.0.0.1:${apiPort}`;
  const origin = (port: number) => `http://127.0.0.1:${port}`;

  const hostedDist = await buildHosted(join(work, 'hosted'));
  const t = await buildTestApp('sqlite', {
    env: { PUBLIC_URL: api, ALLOWED_ORIGINS: origin(badPort) },
    hostedDist,
  });
  const statics: StaticSite[] = [];
  try {
    const seeded = await seedDemo(t.platform, { demoOrigin: origin(defaultPort) });
    await t.app.listen({ host: '127.0.0.1', port: apiPort });

    async function call(method: string, path: string, body?: unknown, auth?: string) {
      const response = await fetch(`${api}${path}`, {
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

    // The storefront's own OAuth app, made with the admin key as a developer would.
    const mainOrigin = origin(mainPort);
    const app = await call(
      'POST',
      '/oauth-app/v1/oauth-apps',
      {
        oAuthApp: {
          name: 'Demo storefront (e2e)',
          allowedRedirectUris: [`${mainOrigin}/login-callback`, `${mainOrigin}/`],
          allowedOrigins: [mainOrigin, SANDBOX_ORIGIN],
        },
      },
      seeded.apiKey,
    );
    if (app.status !== 200) throw new Error(`OAuth app: ${JSON.stringify(app.data)}`);
    const clientId: string = app.data.oAuthApp.id;

    const [mainDist, defaultDist, badDist] = await Promise.all([
      viteBuild(demoRoot, join(work, 'main'), { VITE_PLAZA_API_URL: api, VITE_PLAZA_CLIENT_ID: clientId }),
      // Built for a server that is not there: its page, served as `npm start` does, names the real one.
      viteBuild(demoRoot, join(work, 'default'), {
        VITE_PLAZA_API_URL: 'http://127.0.0.1:9',
        VITE_PLAZA_CLIENT_ID: undefined,
      }),
      viteBuild(demoRoot, join(work, 'bad'), {
        VITE_PLAZA_API_URL: api,
        VITE_PLAZA_CLIENT_ID: UNKNOWN_CLIENT_ID,
      }),
    ]);
    statics.push(
      await serveStatic(mainDist, mainPort, api),
      await serveStatic(defaultDist, defaultPort, api),
      await serveStatic(badDist, badPort, api),
    );

    return {
      t,
      api,
      siteId: seeded.siteId,
      adminKey: seeded.apiKey,
      main: { origin: mainOrigin, dist: mainDist, clientId },
      defaultId: { origin: origin(defaultPort), dist: defaultDist, clientId: seeded.clientId },
      badId: { origin: origin(badPort), dist: badDist, clientId: UNKNOWN_CLIENT_ID },
      call,
      async close() {
        await Promise.all(statics.map((site) => site.close()));
        await t.close();
        rmSync(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(statics.map((site) => site.close()));
    await t.close();
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

/** Whether the hosted pages have the checkout page yet (apps/hosted is built alongside). */
export function hostedHasCheckout(): boolean {
  const router = join(repoRoot, 'apps', 'hosted', 'src', 'router.tsx');
  return existsSync(router) && /path="checkout"/.test(readFileSync(router, 'utf8'));
}

// --- the browser -------------------------------------------------------------------------------

/** Debian's Chromium; PLAZA_CHROMIUM points elsewhere (playwright-core cannot download browsers here). */
export const CHROMIUM = process.env.PLAZA_CHROMIUM ?? '/usr/bin/chromium';
export const hasBrowser = existsSync(CHROMIUM);
export const SKIP_REASON = `skipped: ${CHROMIUM} not found (set PLAZA_REQUIRE_BROWSER=1 to fail instead)`;

/** Throws when the browser is required but missing; warns when the tests will be skipped. */
export function checkBrowser() {
  if (!hasBrowser && process.env.PLAZA_REQUIRE_BROWSER === '1')
    throw new Error(`PLAZA_REQUIRE_BROWSER=1 but ${CHROMIUM} is missing`);
  if (!hasBrowser) console.warn(`apps/demo/e2e: browser tests ${SKIP_REASON}`);
}

export const PHONE = { width: 390, height: 844 };
export const SMALL_PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const shotsDir = process.env.PLAZA_DEMO_SHOTS;

/** The environment of the running test file, set by `useDemoBrowser`. */
export let env: DemoEnvironment;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** The environment and one Chromium for the test file (its `describe`) that calls this. */
export function useDemoBrowser() {
  beforeAll(async () => {
    env = await startDemoEnvironment();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    if (shotsDir) mkdirSync(shotsDir, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await env?.close();
  });
}

export async function newPage(viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (error) => console.error('page error:', error));
  return page;
}

/** Waits until no tracked task runs (the overlay is gone). */
export async function settled(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[data-loading-overlay]'));
}

/** Phone and desktop screenshots of the page as it is now; checks nothing is wider than the phone. */
export async function shoot(page: Page, name: string, phone: { width: number; height: number } = PHONE) {
  const original = page.viewportSize();
  await page.setViewportSize(phone);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name} on a phone`,
  ).toBeLessThanOrEqual(phone.width);
  if (shotsDir) {
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const [label, size] of [
      ['phone', phone],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150);
      await page.screenshot({
        path: join(shotsDir, `${name}-${label}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    }
  }
  if (original) await page.setViewportSize(original);
}

export const example = (page: Page, slug: string) => page.locator(`[data-example="${slug}"]`);
export const cartLine = (page: Page, name: string) => page.locator(`[data-cart] [data-line="${name}"]`);

export async function sessionTokens(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'session');
  return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : undefined;
}

import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { newId } from '../../server/src/lib/ids.ts';
import { hashPassword } from '../../server/src/lib/passwords.ts';
import { type DemoCredentials, seedDemo } from '../../server/src/seed/demo.ts';
import { buildTestApp, type TestApp } from '../../server/test/build-test-app.ts';
import { ensureBuilt } from './build.ts';

/** A real Plaza server on a free port with the demo data, serving the built dashboard. */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
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
  demo: DemoCredentials;
  /** A call with the demo's admin API key unless `auth` says otherwise ('' for none). */
  call(method: string, path: string, body?: unknown, auth?: string): Promise<{ status: number; data: any }>;
  close(): Promise<void>;
}

/** `env`: more server settings, e.g. the ones that let webhooks reach a loopback receiver. */
export async function startPlaza(options: { env?: Record<string, string> } = {}): Promise<Plaza> {
  const dashboardDist = await ensureBuilt();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await buildTestApp('sqlite', { env: { ...options.env, PUBLIC_URL: url }, dashboardDist });
  const demo = await seedDemo(t.platform, { demoOrigin: 'http://127.0.0.1:3000' });
  await t.app.listen({ host: '127.0.0.1', port });

  async function call(method: string, path: string, body?: unknown, auth = demo.apiKey) {
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

  return { t, url, demo, call, close: () => t.close() };
}

/** Another site with an owner of its own, as `plaza sites create` would make it. */
export async function otherSiteOwner(plaza: Plaza, email: string, password: string) {
  const site = await plaza.t.createSite({ name: 'Other Shop' });
  await plaza.t.platform.database.db
    .insertInto('site_owners')
    .values({
      id: newId(),
      site_id: site.id,
      email,
      password_hash: await hashPassword(password),
      created_date: new Date().toISOString(),
    })
    .execute();
  return site;
}

/** Signs in on the dashboard's sign-in page and waits for Home. */
export async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/dashboard/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
}

// --- the browser -------------------------------------------------------------------------------

/** Debian's Chromium; PLAZA_CHROMIUM points elsewhere (playwright-core cannot download browsers here). */
export const CHROMIUM = process.env.PLAZA_CHROMIUM ?? '/usr/bin/chromium';
export const hasBrowser = existsSync(CHROMIUM);

/** Throws when the browser is required but missing; warns when the tests will be skipped. */
export function checkBrowser() {
  if (!hasBrowser && process.env.PLAZA_REQUIRE_BROWSER === '1')
    throw new Error(`PLAZA_REQUIRE_BROWSER=1 but ${CHROMIUM} is missing`);
  if (!hasBrowser) console.warn(`apps/dashboard/e2e: browser tests skipped, ${CHROMIUM} not found`);
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 820, height: 1180 },
} as const;

/** Full-page desktop and tablet screenshots as `<dir>/<name>-desktop.png` and `-tablet.png` (PLAZA_SCREENSHOTS). */
export async function screenshots(page: Page, name: string, dir = process.env.PLAZA_SCREENSHOTS) {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: join(dir, `${name}-${label}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  if (original) await page.setViewportSize(original);
}

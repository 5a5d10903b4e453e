/**
 * Runs the real Plaza server in-process for the compatibility suite and lets the official,
 * unchanged `@wix/*` packages reach it.
 *
 * The official SDK only ever calls `https://www.wixapis.com` and `https://edge.wixapis.com` (API map
 * 1.1): domain modules go through the client's `fetch` (edge host with the OAuth strategy), while
 * the token endpoint, redirect sessions and register/login/processVerification go through the
 * GLOBAL `fetch`. So a test both passes `rewritingFetch` to `createClient({ fetch })` and installs it
 * as `globalThis.fetch` for its duration (`installGlobalFetch`, undone by `restore`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { buildPlatform, type Platform } from '../../apps/server/src/deps.ts';
import { type DemoCredentials, seedDemo } from '../../apps/server/src/seed/demo.ts';
import { freshDatabase, type TestDatabase } from '../../apps/server/test/engines.ts';

/** The origin of the demo storefront the seed registers on the OAuth client. */
export const DEMO_ORIGIN = 'http://localhost:3000';
/** A redirect URI the demo OAuth client lists (exact match is required). */
export const DEMO_REDIRECT_URI = `${DEMO_ORIGIN}/login-callback`;
/** Stores catalog app id as the demo app sends it in `catalogReference.appId` (map 17). */
export const STORES_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

/**
 * A made-up API host for `createClient({ host: { apiBaseUrl: CUSTOM_HOST }, useCDN: false })`: the
 * SDK then uses its `_` path table (map 1.2). `rewritingFetch` maps it to Plaza like the official hosts.
 */
export const CUSTOM_HOST = 'api.plaza.test';

const WIX_HOSTS = new Set(['www.wixapis.com', 'edge.wixapis.com', CUSTOM_HOST]);

/** One request seen by `rewritingFetch`, before and after the rewrite. */
export interface RecordedRequest {
  method: string;
  /** The URL the official package built, e.g. `https://edge.wixapis.com/stores-reader/v1/...`. */
  sdkUrl: string;
  /** Host the package chose (`www.wixapis.com`, `edge.wixapis.com` or `CUSTOM_HOST`). */
  host: string;
  /** Path and query string, unchanged by the rewrite. */
  pathAndQuery: string;
  headers: Record<string, string>;
  body: string | undefined;
  status?: number;
}

export interface Plaza {
  app: FastifyInstance;
  platform: Platform;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  demo: DemoCredentials;
  /** A `fetch` that sends the official hosts' requests to this server; anything else is refused. */
  fetch: typeof fetch;
  /** Every request that went through `fetch`, oldest first (tests may clear it). */
  requests: RecordedRequest[];
  /** Replaces `globalThis.fetch` with `fetch`; returns the function that puts the old one back. */
  installGlobalFetch(): () => void;
  /** A plain call to this server (for the admin-only Plaza calls the official packages lack). */
  call(
    method: string,
    path: string,
    options?: { auth?: string; body?: unknown },
    // biome-ignore lint/suspicious/noExplicitAny: parsed JSON of Plaza's own admin calls, read loosely by tests
  ): Promise<{ status: number; data: any }>;
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1, so PUBLIC_URL can name the port before the app is built. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const headersOf = (init: RequestInit | undefined, request: Request | undefined): Record<string, string> => {
  const headers = new Headers(request?.headers);
  for (const [key, value] of new Headers(init?.headers)) headers.set(key, value);
  return Object.fromEntries(headers);
};

/**
 * A `fetch` that maps `https://www.wixapis.com/...`, `https://edge.wixapis.com/...` (and
 * `https://${CUSTOM_HOST}/...`) to `${baseUrl}/...` with the same path, query, method, headers and
 * body. Requests to `baseUrl` itself pass through; every other destination is refused so no test
 * can reach the network.
 */
export function rewritingFetch(
  baseUrl: string,
  requests: RecordedRequest[] = [],
  underlying: typeof fetch = globalThis.fetch,
): typeof fetch {
  const target = new URL(baseUrl);
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : input.toString());
    if (url.origin === target.origin) return underlying(input, init);
    if (url.protocol !== 'https:' || !WIX_HOSTS.has(url.host)) {
      throw new TypeError(`compat harness: refusing to fetch ${url.href} (only the official API hosts)`);
    }
    const rewritten = new URL(`${url.pathname}${url.search}`, target);
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const record: RecordedRequest = {
      method,
      sdkUrl: url.href,
      host: url.host,
      pathAndQuery: `${url.pathname}${url.search}`,
      headers: headersOf(init, request),
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    requests.push(record);
    const response = request
      ? await underlying(new Request(rewritten, request), init)
      : await underlying(rewritten, init);
    record.status = response.status;
    return response;
  };
}

/** The real app on a fresh migrated SQLite database, seeded like `npm start`, listening on 127.0.0.1. */
export async function startPlaza(): Promise<Plaza> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'plaza-compat-'));
  const database: TestDatabase = await freshDatabase('sqlite');
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    ALLOWED_ORIGINS: DEMO_ORIGIN,
  });
  const platform = await buildPlatform(config, { database, log: { error: () => {} } });
  const app = await buildApp(platform, { logger: false });
  const demo = await seedDemo(platform, { demoOrigin: DEMO_ORIGIN });
  await app.listen({ port, host: '127.0.0.1' });

  const underlying = globalThis.fetch;
  const requests: RecordedRequest[] = [];
  const fetchFn = rewritingFetch(baseUrl, requests, underlying);

  return {
    app,
    platform,
    baseUrl,
    demo,
    fetch: fetchFn,
    requests,
    installGlobalFetch() {
      const previous = globalThis.fetch;
      globalThis.fetch = fetchFn;
      return () => {
        globalThis.fetch = previous;
      };
    },
    async call(method, path, options = {}) {
      const response = await underlying(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(options.auth ? { authorization: options.auth } : {}),
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      const text = await response.text();
      let data: unknown;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        data = text;
      }
      return { status: response.status, data };
    },
    async close() {
      await app.close();
      await platform.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest e-mail to `to` in the site's dev mailbox (admin call), or undefined. */
export async function lastMail(plaza: Plaza, to: string) {
  const { status, data } = await plaza.call('POST', '/plaza/v1/mailbox/query', {
    auth: plaza.demo.apiKey,
    body: { to, limit: 1 },
  });
  if (status !== 200) throw new Error(`mailbox query answered ${status}: ${JSON.stringify(data)}`);
  return (data.messages as Array<{ subject: string; text: string; to: string }>)[0];
}

/** The 6-digit code of a verification e-mail. */
export const codeIn = (mail: { text: string } | undefined): string =>
  /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';

/** Changes the demo site's identity settings (e.g. `requireEmailVerification`). */
export async function setIdentitySettings(plaza: Plaza, identity: Record<string, unknown>) {
  const { status, data } = await plaza.call('PATCH', '/plaza/v1/site', {
    auth: plaza.demo.apiKey,
    body: { site: { settings: { identity } } },
  });
  if (status !== 200) throw new Error(`site settings answered ${status}: ${JSON.stringify(data)}`);
}

/** Decodes the `.r` parameter the stores reader GET carries (base64url JSON, map 2.3). */
export function decodeDotR(pathAndQuery: string): unknown {
  const r = new URLSearchParams(pathAndQuery.split('?')[1] ?? '').get('.r');
  return r === null ? undefined : JSON.parse(Buffer.from(r, 'base64url').toString('utf8'));
}

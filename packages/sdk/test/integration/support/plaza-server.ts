/**
 * A real Plaza server for the SDK integration tests: the server's own `buildPlatform` + `buildApp`
 * on a fresh migrated database (in-memory SQLite, or a PostgreSQL schema when TEST_DATABASE_URL is
 * set, as the server tests do), seeded like `npm start` (`seedDemo`), listening on an ephemeral
 * port of 127.0.0.1. The SDK reaches it over real HTTP with the global `fetch`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../../apps/server/src/app.ts';
import { loadConfig } from '../../../../../apps/server/src/config.ts';
import type { Engine } from '../../../../../apps/server/src/db/connect.ts';
import { buildPlatform, type Platform } from '../../../../../apps/server/src/deps.ts';
import type { Clock } from '../../../../../apps/server/src/lib/clock.ts';
import { type DemoCredentials, seedDemo } from '../../../../../apps/server/src/seed/demo.ts';
import { engines, freshDatabase } from '../../../../../apps/server/test/engines.ts';
import type { FetchFunction } from '../../../src/index.ts';

export { engines };

/** The storefront origin the demo OAuth client lists (`/login-callback` and `/` are its redirect URIs). */
export const DEMO_ORIGIN = 'http://localhost:3000';
export const DEMO_REDIRECT_URI = `${DEMO_ORIGIN}/login-callback`;

/** Real time plus an offset the test can move forward (tokens, codes and sessions expire by it). */
export interface ShiftableClock extends Clock {
  advance(ms: number): void;
}

function shiftableClock(): ShiftableClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    nowMs: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}

export interface PlazaServer {
  engine: Engine;
  /** `http://127.0.0.1:<port>`, also the server's PUBLIC_URL. */
  baseUrl: string;
  app: FastifyInstance;
  platform: Platform;
  clock: ShiftableClock;
  /** Site id, OAuth client id and admin API key of the seeded demo site. */
  demo: DemoCredentials;
  /** Whether the server has a route for `method path` (suites of unfinished domains skip on it). */
  hasRoute(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string): boolean;
  close(): Promise<void>;
}

/** A free TCP port, so PUBLIC_URL (hosted-page links) can name it before the app is built. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startPlazaServer(engine: Engine): Promise<PlazaServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'plaza-sdk-'));
  const database = await freshDatabase(engine);
  const clock = shiftableClock();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    ALLOWED_ORIGINS: DEMO_ORIGIN,
  });
  const platform = await buildPlatform(config, { database, clock, log: { error: () => {} } });
  const app = await buildApp(platform, { logger: false });
  const demo = await seedDemo(platform, { demoOrigin: DEMO_ORIGIN });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    engine,
    baseUrl,
    app,
    platform,
    clock,
    demo,
    hasRoute: (method, path) => app.hasRoute({ method, url: path }),
    async close() {
      await app.close();
      await platform.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SentRequest {
  method: string;
  url: URL;
  body: string | undefined;
}

/** The global `fetch`, recording what the SDK sends (method, URL, body) on the way. */
export function recordedFetch() {
  const requests: SentRequest[] = [];
  const fetch: FetchFunction = (url, init) => {
    requests.push({
      method: init.method ?? 'GET',
      url: new URL(url),
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    return globalThis.fetch(url, init);
  };
  return { fetch, requests };
}

/** The JSON object a packed GET carried in `.r` (base64url), as the server decodes it. */
export function decodeDotR(url: URL): any {
  const value = url.searchParams.get('.r');
  return value === null ? undefined : JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
}

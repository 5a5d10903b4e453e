import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database, Engine } from '../src/db/connect.ts';
import { buildPlatform, type Platform } from '../src/deps.ts';
import type { TokenSubject } from '../src/domains/identity/index.ts';
import { createSite, type NewSite } from '../src/domains/sites/index.ts';
import { type ManualClock, manualClock } from '../src/lib/clock.ts';
import { newId } from '../src/lib/ids.ts';
import { freshDatabase, type TestDatabase } from './engines.ts';

export interface TestSite {
  id: string;
  /** An admin API key of the site. */
  adminKey: string;
  /** Mints an access token for a visitor, member or admin of this site. */
  token(kind: TokenSubject['subjectType'], subjectId?: string, ttlSeconds?: number): Promise<string>;
}

export interface TestApp {
  engine: Engine;
  /** This app's database (`another()` opens a second connection to it, as another process would). */
  database: TestDatabase;
  app: FastifyInstance;
  platform: Platform;
  clock: ManualClock;
  /** `inject` with `Authorization` set from `auth` and the JSON body parsed. */
  call(
    options: InjectOptions & { auth?: string },
  ): Promise<LightMyRequestResponse & { body: string; data: any }>;
  createSite(input?: Partial<NewSite>): Promise<TestSite>;
  close(): Promise<void>;
}

/** The real app on a fresh database of `engine`, with a manual clock and quiet logs. */
export interface TestAppOptions {
  env?: Record<string, string>;
  hostedDist?: string;
  dashboardDist?: string;
  /** Runs before the app is ready, e.g. to register extra routes a test needs. */
  beforeReady?: (app: FastifyInstance, platform: Platform) => void | Promise<void>;
  /** A SQLite database in a file, so that `another()` can open a second app on it. */
  shared?: boolean;
  /** Pino options for the app's log (silent when absent). */
  logger?: object;
}

/**
 * A second app on `first`'s database, as another server process: its own connection, caches and
 * platform, nothing shared in memory but the clock (so that tests move both at once). Needs PostgreSQL,
 * or SQLite made with `{shared: true}`.
 */
export async function anotherApp(first: TestApp): Promise<TestApp> {
  return buildTestApp(first.engine, { database: await first.database.another(), clock: first.clock });
}

export async function buildTestApp(
  engine: Engine,
  options: TestAppOptions & { database?: Database; clock?: ManualClock } = {},
): Promise<TestApp> {
  const owned = options.database
    ? undefined
    : await freshDatabase(engine, { shared: options.shared ?? false });
  const database = options.database ?? owned!;
  const clock = options.clock ?? manualClock(new Date());
  const config = loadConfig({
    DATA_DIR: '/tmp/plaza-test-unused',
    LOG_LEVEL: 'silent',
    SECRETS_KEY: randomBytes(32).toString('hex'),
    ...options.env,
  });
  const platform = await buildPlatform(config, { database, clock, log: { error: () => {} } });
  const app = await buildApp(platform, {
    logger: options.logger ?? false,
    hostedDist: options.hostedDist,
    dashboardDist: options.dashboardDist,
  });
  await options.beforeReady?.(app, platform);
  await app.ready();
  // Tests run due jobs themselves (`platform.jobs.runDue()` after moving the clock), never on a timer.
  await platform.jobs.stop();

  return {
    engine,
    database: owned ?? (database as TestDatabase),
    app,
    platform,
    clock,
    async call({ auth, headers, ...options }) {
      const response = await app.inject({
        ...options,
        headers: { ...headers, ...(auth ? { authorization: auth } : {}) },
      });
      let data: unknown;
      try {
        data = response.body ? JSON.parse(response.body) : undefined;
      } catch {
        data = undefined;
      }
      return Object.assign(response, { data }) as never;
    },
    async createSite(input = {}) {
      const site = await createSite(platform.sites, { name: 'Test site', ...input });
      const { key } = await platform.identity.apiKeys.create(site.id, 'tests');
      return {
        id: site.id,
        adminKey: key,
        token: async (kind, subjectId = newId(), ttlSeconds) =>
          (
            await platform.identity.tokens.issue(
              { siteId: site.id, subjectType: kind, subjectId, clientId: undefined },
              ttlSeconds,
            )
          ).token,
      };
    },
    async close() {
      await app.close();
      await platform.close();
      // A database handed in belongs to the app that opened it.
      await owned?.dispose();
    },
  };
}

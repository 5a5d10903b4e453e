import { join } from 'node:path';
import type { Config } from './config.ts';
import { connect, type Database } from './db/connect.ts';
import { migrate } from './db/migrations/index.ts';
import {
  type AccessTokens,
  type ApiKeys,
  accessTokens,
  apiKeys,
  authenticator,
  type SigningKeys,
  signingKeys,
} from './domains/identity/index.ts';
import { type SitesDeps, sitesStore } from './domains/sites/index.ts';
import type { Authenticator } from './http/access.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createOutboxDispatcher, type OutboxDispatcher } from './outbox/dispatcher.ts';

/** Everything services need, built once and passed down explicitly (no container). */
export interface Platform {
  config: Config;
  database: Database;
  clock: Clock;
  outbox: OutboxDispatcher;
  sites: SitesDeps;
  identity: { signingKeys: SigningKeys; tokens: AccessTokens; apiKeys: ApiKeys };
  authenticator: Authenticator;
  close(): Promise<void>;
}

export interface PlatformOverrides {
  database?: Database;
  clock?: Clock;
  log?: { error(details: object, message: string): void };
}

export async function buildPlatform(config: Config, overrides: PlatformOverrides = {}): Promise<Platform> {
  const clock = overrides.clock ?? systemClock;
  const database =
    overrides.database ??
    (await connect({ databaseUrl: config.DATABASE_URL, sqliteFile: join(config.DATA_DIR, 'plaza.sqlite') }));
  await migrate(database);

  const sites: SitesDeps = { store: sitesStore(database, clock), clock };
  const keys = signingKeys(database.db, clock);
  const tokens = accessTokens(keys, clock);
  const keyStore = apiKeys(database.db, clock);
  const authenticate = authenticator(tokens, keyStore);

  const log = overrides.log ?? {
    error: (details: object, message: string) => console.error(message, details),
  };
  const outbox = createOutboxDispatcher(database, { clock, log });

  return {
    config,
    database,
    clock,
    outbox,
    sites,
    identity: { signingKeys: keys, tokens, apiKeys: keyStore },
    authenticator: { authenticate, site: (siteId) => sites.store.getSiteCached(siteId) },
    async close() {
      await outbox.stop();
      // A database handed in (tests) belongs to whoever made it.
      if (!overrides.database) await database.close();
    },
  };
}

import { join } from 'node:path';
import type { Config } from './config.ts';
import { connect, type Database } from './db/connect.ts';
import { migrate } from './db/migrations/index.ts';
import {
  adoptVisitorCart,
  adoptVisitorCheckouts,
  buildEcom,
  type EcomDeps,
  ecomCheckoutIntent,
} from './domains/ecom/index.ts';
import {
  type AccessTokens,
  type ApiKeys,
  accessTokens,
  apiKeys,
  authenticator,
  type CaptchaVerifier,
  type IdentityContext,
  identityStores,
  type SigningKeys,
  type SsoDeps,
  sessionGuard,
  signingKeys,
  ssoDeps,
  testTokenCaptcha,
} from './domains/identity/index.ts';
import { ssoRedirects } from './domains/identity/sso/redirects-port.ts';
import { type RedirectsDeps, redirectsStore } from './domains/redirects/index.ts';
import { type SitesDeps, sitesStore } from './domains/sites/index.ts';
import {
  catalogStore,
  diskMediaStorage,
  type StoresCatalog,
  type StoresDeps,
  storesCatalog,
} from './domains/stores/index.ts';
import type { Authenticator } from './http/access.ts';
import { scheduleHoldExpiry } from './jobs/hold-expiry.ts';
import { createJobs, type Jobs } from './jobs/loop.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { configuredSecretsKey, secretBox } from './lib/secret-box.ts';
import { type Mailer, mailer } from './mail/index.ts';
import { createOutboxDispatcher, type OutboxDispatcher } from './outbox/dispatcher.ts';
import { scheduleOutboxRetention } from './outbox/retention.ts';

/** Everything services need, built once and passed down explicitly (no container). */
export interface Platform {
  config: Config;
  database: Database;
  clock: Clock;
  outbox: OutboxDispatcher;
  /** Background jobs (jobs/): domains register handlers and enqueue in their own transactions. */
  jobs: Jobs;
  sites: SitesDeps;
  identity: {
    signingKeys: SigningKeys;
    tokens: AccessTokens;
    apiKeys: ApiKeys;
    context: IdentityContext;
    sso: SsoDeps;
  };
  mail: Mailer;
  authenticator: Authenticator;
  close(): Promise<void>;
  stores: StoresDeps;
  /** The stores catalog, the one ecom's registry holds (domains/stores/catalog.ts). */
  storesCatalog: StoresCatalog;
  /** Cart, checkout, orders; catalogs register in its registry (stores today). */
  ecom: EcomDeps;
  /** Redirect sessions (SSO continues into them; app.ts may serve its routes from this too). */
  redirects: RedirectsDeps;
}

export interface PlatformOverrides {
  database?: Database;
  clock?: Clock;
  log?: { error(details: object, message: string): void };
  /** Captcha check for register/login when a site turns it on (default: the site's test tokens). */
  captcha?: CaptchaVerifier;
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
  const identityStore = identityStores(database, clock);
  const authenticate = authenticator(tokens, keyStore, sessionGuard(identityStore.refreshTokens, clock));
  const mail = mailer(
    database,
    clock,
    config.SMTP_URL
      ? {
          url: config.SMTP_URL,
          from: config.MAIL_FROM,
          onError: (error, message) => log.error({ err: error, to: message.to }, 'SMTP send failed'),
        }
      : undefined,
  );
  const identityContext: IdentityContext = {
    clock,
    publicUrl: config.PUBLIC_URL,
    sites,
    tokens,
    signingKeys: keys,
    authenticate,
    mailer: mail,
    captcha: overrides.captcha ?? testTokenCaptcha,
    store: identityStore,
  };

  const log = overrides.log ?? {
    error: (details: object, message: string) => console.error(message, details),
  };
  const outbox = createOutboxDispatcher(database, { clock, log });
  const jobs = createJobs(database, { clock, log });
  scheduleHoldExpiry(jobs, database, clock);
  scheduleOutboxRetention(jobs, database, {
    clock,
    retentionMs: config.OUTBOX_RETENTION_HOURS * 3_600_000,
  });
  const stores: StoresDeps = {
    store: catalogStore(database, clock),
    sites,
    clock,
    media: diskMediaStorage(config.DATA_DIR, config.PUBLIC_URL),
  };

  const stock = storesCatalog(stores);
  const ecom = buildEcom({ database, clock, sites, mail, catalogs: [stock] });
  const redirects: RedirectsDeps = {
    identity: identityContext,
    store: redirectsStore(database.db),
    intents: { ecomCheckout: ecomCheckoutIntent(ecom) },
    // The sign-in stands without them: its code is issued by then, and the visitor's cart and
    // checkouts stay theirs.
    onVisitorSignedIn: async (siteId, visitorId, memberId) => {
      await adoptVisitorCart(ecom, siteId, visitorId, memberId).catch((error: unknown) =>
        log.error(
          { err: error, siteId, visitorId, memberId },
          "Could not keep the visitor's cart at sign-in",
        ),
      );
      await adoptVisitorCheckouts(ecom, siteId, visitorId, memberId).catch((error: unknown) =>
        log.error(
          { err: error, siteId, visitorId, memberId },
          "Could not hand the visitor's checkouts to the member at sign-in",
        ),
      );
    },
  };
  const sso = ssoDeps(
    database.db,
    identityContext,
    ssoRedirects(redirects),
    secretBox(configuredSecretsKey(config)),
  );

  return {
    config,
    database,
    clock,
    outbox,
    jobs,
    sites,
    identity: { signingKeys: keys, tokens, apiKeys: keyStore, context: identityContext, sso },
    mail,
    authenticator: {
      authenticate,
      site: (siteId) => sites.store.getSiteCached(siteId),
      authenticateCached: authenticate.cached,
      siteCached: (siteId) => sites.store.peekSiteCached(siteId),
    },
    async close() {
      await outbox.stop();
      await jobs.stop();
      // A database handed in (tests) belongs to whoever made it.
      if (!overrides.database) await database.close();
    },
    stores,
    storesCatalog: stock,
    ecom,
    redirects,
  };
}

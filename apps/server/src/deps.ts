import { join } from 'node:path';
import { accountSources } from './account-sources.ts';
import type { Config } from './config.ts';
import { connect, type Database } from './db/connect.ts';
import { migrate } from './db/migrations/index.ts';
import {
  type BookingsDeps,
  bookingsBookIntent,
  bookingsCatalog,
  bookingsCheckoutIntent,
  bookingsConsumer,
  bookingsStore,
  ecomBookingOrders,
} from './domains/bookings/index.ts';
import {
  adoptVisitorCart,
  adoptVisitorCheckouts,
  buildEcom,
  type EcomDeps,
  ecomCheckoutIntent,
  handleEcomJobs,
  markOrderAsPaid,
} from './domains/ecom/index.ts';
import {
  type EventsDeps,
  ecomTicketPayments,
  eventsCatalog,
  eventsCheckoutIntent,
  eventsStore,
  handleEventsJobs,
  reservationsConsumer,
} from './domains/events/index.ts';
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
  scheduleThrottleRetention,
  sessionGuard,
  signingKeys,
  ssoDeps,
  testTokenCaptcha,
} from './domains/identity/index.ts';
import { type OwnerSessionsDeps, ownerCaller, ownerSessionStore } from './domains/identity/owners/index.ts';
import { ssoRedirects } from './domains/identity/sso/redirects-port.ts';
import {
  bookingCredits,
  eventCredits,
  handleRenewals,
  type PlansDeps,
  paidPlansCheckoutIntent,
  planOrdersConsumer,
  plansCatalog,
  plansStore,
  scheduleOrderEndings,
} from './domains/plans/index.ts';
import { membersAccountIntent, type RedirectsDeps, redirectsStore } from './domains/redirects/index.ts';
import { type SitesDeps, sitesStore } from './domains/sites/index.ts';
import {
  catalogStore,
  convertCatalogCurrency,
  diskMediaStorage,
  type StoresCatalog,
  type StoresDeps,
  storesCatalog,
} from './domains/stores/index.ts';
import {
  handleDeliveries,
  scheduleDeliveryRetention,
  type WebhooksDeps,
  webhooksConsumer,
  webhooksStore,
} from './domains/webhooks/index.ts';
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
    /** Dashboard sessions of site owners (identity/owners). */
    owners: OwnerSessionsDeps;
  };
  mail: Mailer;
  authenticator: Authenticator;
  close(): Promise<void>;
  stores: StoresDeps;
  /** The stores catalog, the one ecom's registry holds (domains/stores/catalog.ts). */
  storesCatalog: StoresCatalog;
  /** Cart, checkout, orders; catalogs register in its registry (stores today). */
  ecom: EcomDeps;
  /** Pricing plans; their catalog is in ecom's registry, their checkout intent in redirects'. */
  plans: PlansDeps;
  /** Redirect sessions (SSO continues into them; app.ts may serve its routes from this too). */
  redirects: RedirectsDeps;
  /** Webhook endpoints and deliveries (the `webhooks` outbox consumer, the delivery job). */
  webhooks: WebhooksDeps;
  /** Events v3 and ticket definitions (domains/events). */
  events: EventsDeps;
  /** Bookings: services, staff members, policies, categories, business locations, bookings. */
  bookings: BookingsDeps;
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

  const sites: SitesDeps = { store: sitesStore(database, clock), clock, currencyChanges: [] };
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
  scheduleThrottleRetention(jobs, identityContext);
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
  sites.currencyChanges!.push(convertCatalogCurrency(stores));

  const stock = storesCatalog(stores);
  const plans: PlansDeps = { store: plansStore(database, clock), sites, clock, jobs };
  const events: EventsDeps = {
    store: eventsStore(database, clock),
    sites,
    clock,
    publicUrl: config.PUBLIC_URL,
    planBenefits: eventCredits(plans),
  };
  const bookings: BookingsDeps = {
    store: bookingsStore(database, clock),
    sites,
    clock,
    memberships: bookingCredits(plans),
  };
  const ecom = buildEcom({
    database,
    clock,
    sites,
    mail,
    catalogs: [stock, plansCatalog(plans), eventsCatalog(events), bookingsCatalog(bookings)],
  });
  handleEcomJobs(jobs, ecom);
  bookings.orders = ecomBookingOrders(ecom);
  handleEventsJobs(jobs, events, { mail, payments: ecomTicketPayments(ecom) });
  const redirects: RedirectsDeps = {
    identity: identityContext,
    store: redirectsStore(database.db),
    intents: {
      ecomCheckout: ecomCheckoutIntent(ecom),
      paidPlansCheckout: paidPlansCheckoutIntent(
        ecom,
        async (siteId, memberId) =>
          (await identityContext.store.identities.get(siteId, memberId))?.identity.email.address,
      ),
      eventsCheckout: eventsCheckoutIntent(ecom, events),
      bookingsCheckout: bookingsCheckoutIntent(ecom, bookings),
      bookingsBook: bookingsBookIntent(bookings),
      membersAccount: membersAccountIntent(),
    },
    account: accountSources({ identity: identityContext, ecom, events, plans, bookings }),
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
  const owners: OwnerSessionsDeps = {
    store: ownerSessionStore(database.db),
    clock,
    identity: identityContext,
  };
  const sso = ssoDeps(
    database.db,
    identityContext,
    ssoRedirects(redirects),
    secretBox(configuredSecretsKey(config)),
    { allowPrivate: config.SSO_ALLOW_PRIVATE === 'true' },
  );
  const webhooks: WebhooksDeps = {
    database,
    clock,
    store: webhooksStore(database, clock),
    jobs,
    box: secretBox(configuredSecretsKey(config)),
    signingKeys: keys,
    mail,
    ownerEmails: (siteId) => sites.store.ownerEmails(siteId),
    policy: {
      allowHttp: config.WEBHOOKS_ALLOW_HTTP === 'true',
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE === 'true',
    },
    timeoutMs: config.WEBHOOKS_TIMEOUT_MS,
    log,
    random: Math.random,
  };
  await outbox.addConsumer(webhooksConsumer(webhooks));
  await outbox.addConsumer(reservationsConsumer(events));
  await outbox.addConsumer(planOrdersConsumer(plans));
  await outbox.addConsumer(bookingsConsumer(bookings));
  scheduleOrderEndings(jobs, plans);
  handleRenewals(jobs, plans, ecom.payments);
  plans.markEcomOrderPaid = (caller, ecomOrderId) => markOrderAsPaid(ecom, caller, ecomOrderId);
  plans.payments = ecom.payments;
  handleDeliveries(jobs, webhooks);
  scheduleDeliveryRetention(jobs, webhooks, config.WEBHOOKS_RETENTION_DAYS * 24 * 3_600_000);

  return {
    config,
    database,
    clock,
    outbox,
    jobs,
    sites,
    identity: { signingKeys: keys, tokens, apiKeys: keyStore, context: identityContext, sso, owners },
    mail,
    authenticator: {
      authenticate,
      site: (siteId) => sites.store.getSiteCached(siteId),
      authenticateCached: authenticate.cached,
      siteCached: (siteId) => sites.store.peekSiteCached(siteId),
      authenticateSession: (credentials) => ownerCaller(owners, credentials),
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
    plans,
    redirects,
    webhooks,
    events,
    bookings,
  };
}

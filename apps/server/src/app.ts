import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { platformCalls } from '@plaza/contracts';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { allowedOrigins, loggerOptions, trustProxy } from './config.ts';
import { prepared } from './db/prepared.ts';
import type { Platform } from './deps.ts';
import { bookingsRoutes } from './domains/bookings/index.ts';
import { ecomRoutes } from './domains/ecom/index.ts';
import { eventsRoutes, installTicketRoutes } from './domains/events/index.ts';
import { identityRoutes } from './domains/identity/index.ts';
import { installOwnerSessionRoutes } from './domains/identity/owners/index.ts';
import { plansRoutes } from './domains/plans/index.ts';
import { accountRoutes, redirectsRoutes } from './domains/redirects/index.ts';
import { sitesRoutes } from './domains/sites/index.ts';
import { installMediaRoute, storesRoutes } from './domains/stores/index.ts';
import { webhooksRoutes } from './domains/webhooks/index.ts';
import { callModule, registerCalls } from './http/calls.ts';
import { installCompression } from './http/compression.ts';
import { installCors } from './http/cors.ts';
import { corsOrigins } from './http/cors-origins.ts';
import { answerClientError, answerFrameworkError, installErrorEnvelope } from './http/error-envelope.ts';
import { installMetrics } from './http/metrics.ts';
import { installOpenApi } from './http/openapi.ts';
import { installSecurityHeaders, redirectSessionFramers } from './http/security-headers.ts';
import { installDashboardPages, installHostedPages } from './http/static-apps.ts';
import { installUtf8Bodies } from './http/utf8-bodies.ts';
import { installValidators, ownFormats } from './http/validation.ts';
import { mailboxRoutes } from './mail/index.ts';

export const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** `SELECT 1`, built and compiled once (db/prepared.ts). */
const healthCheck = prepared(0, (db) => db.selectNoFrom((eb) => eb.lit(1).as('one')));

export interface AppOptions {
  /** Pino logger options; false silences the log (tests). */
  logger?: boolean | object;
  /** Folder of the hosted pages' build (apps/hosted/dist by default). */
  hostedDist?: string;
  /** Folder of the owner dashboard's build (apps/dashboard/dist by default). */
  dashboardDist?: string;
}

/** The whole HTTP platform, ready for `inject` or `listen`; never listens by itself. */
export async function buildApp(platform: Platform, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = platform;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    genReqId: () => randomUUID(),
    // Log lines name the request by the id it answers with (`x-wix-request-id`).
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    requestIdHeader: false,
    bodyLimit: config.BODY_LIMIT,
    // Behind a TLS-terminating proxy: the client's address and scheme from its forwarded headers.
    trustProxy: trustProxy(config),
    // Paths carry raw values (map 2.1): let slugs and ids keep characters such as ':'.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    // Room for the longest GET form of a query (`.r` up to 64,000 characters) with its headers.
    http: { maxHeaderSize: 96 * 1024 },
    clientErrorHandler: answerClientError,
    serializerOpts: { ajv: { formats: ownFormats } },
  });
  // Bodies are JSON (map 2.2): a text/plain one is refused as such (415), not read as a JSON string.
  app.removeContentTypeParser('text/plain');
  installUtf8Bodies(app);

  // A callback hook, not an async one: it runs on every request, and an async hook costs a promise and
  // a microtask turn each time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-wix-request-id', request.id);
    done();
  });
  installValidators(app);
  installErrorEnvelope(app);

  const origins = corsOrigins({
    configured: allowedOrigins(config),
    isClientOrigin: (origin, siteId) => platform.sites.store.isClientOrigin(origin, siteId),
    clientSite: async (clientId) => (await platform.sites.store.findOAuthApp(clientId))?.siteId,
    authenticator: platform.authenticator,
  });
  installCors(app, {
    isKnownOrigin: origins.isKnownOrigin,
    allowsOrigin: origins.allowsOrigin,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    exposedHeaders: ['X-Wix-Request-Id', 'X-Wix-Consistent'],
    maxAgeSeconds: 600,
  });

  installMetrics(app, {
    database: platform.database,
    clock: platform.clock,
    authenticator: platform.authenticator,
    token: config.METRICS_TOKEN,
  });

  // Both hook into routes as they are added: pages and calls come after.
  installSecurityHeaders(app, { framingOrigins: redirectSessionFramers(platform.redirects) });
  installCompression(app, { threshold: 1024 });

  await installOpenApi(app, version);
  await installHostedPages(app, options.hostedDist);
  await installDashboardPages(app, options.dashboardDist);
  installOwnerSessionRoutes(app, platform.identity.owners, { publicUrl: config.PUBLIC_URL });

  const modules = [
    callModule('platform', platformCalls, {
      getHealth: async () => {
        await healthCheck.run(platform.database.db);
        return { status: 'ok' as const, database: platform.database.engine, version };
      },
    }),
    sitesRoutes(platform.sites),
    identityRoutes(platform.identity),
    mailboxRoutes(platform.mail),
    redirectsRoutes(platform.redirects),
    accountRoutes(platform.redirects),
    storesRoutes(platform.stores),
    ecomRoutes(platform.ecom),
    plansRoutes(platform.plans),
    webhooksRoutes(platform.webhooks),
    eventsRoutes(platform.events, platform.ecom),
    bookingsRoutes(platform.bookings, platform.ecom),
  ];
  for (const module of modules) registerCalls(app, module, platform.authenticator);
  installMediaRoute(app, platform.stores.media);
  installTicketRoutes(app, platform.events, platform.authenticator);

  platform.outbox.start();
  platform.jobs.start();
  app.addHook('onClose', async () => {
    await platform.outbox.stop();
    await platform.jobs.stop();
  });
  return app;
}

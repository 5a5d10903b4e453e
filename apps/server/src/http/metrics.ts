import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/connect.ts';
import { queueDepth } from '../jobs/queue.ts';
import type { Clock } from '../lib/clock.ts';
import { commonErrors } from '../lib/errors.ts';
import { consumerLag } from '../outbox/consumers.ts';
import { type Authenticator, authorize } from './access.ts';

export interface MetricsOptions {
  database: Database;
  clock: Clock;
  authenticator: Authenticator;
  /** The bearer token `/metrics` asks for; without one, an admin API key of a site. */
  token: string | undefined;
}

/** Seconds: from a cached read (~1 ms) to a slow checkout or a timed-out call. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a request is counted under: its call's name, else its route's path, else `unmatched` (404s). */
function routeId(request: FastifyRequest): string {
  const options = request.routeOptions;
  return options.config?.call?.name ?? options.url ?? 'unmatched';
}

/**
 * Prometheus metrics at `GET /metrics` (text format): requests per call, method and status class with
 * their latencies; the PostgreSQL pool; jobs waiting per kind; how far each outbox consumer lags. The
 * figures cover the whole install (every site), so they are never public: the `METRICS_TOKEN` as a
 * bearer token, or when none is set an admin API key. Each process answers for itself (counters and
 * pool); the queue and the lag are read from the database, the same from every process.
 */
export function installMetrics(app: FastifyInstance, options: MetricsOptions) {
  // A registry per app, not prom-client's global one: tests and the CLI build several apps in one process.
  const registry = new Registry();
  const labelNames = ['route', 'method', 'status_class'] as const;
  const requests = new Counter({
    name: 'plaza_http_requests_total',
    help: 'HTTP requests answered, per call (route), method and status class.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'plaza_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, per call (route), method and status class.',
    labelNames,
    buckets: BUCKETS,
    registers: [registry],
  });
  const { database, clock } = options;
  const pool = database.poolStats;
  if (pool) {
    new Gauge({
      name: 'plaza_db_pool_connections',
      help: 'Database pool connections by state (open, idle, max) and queries waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = pool();
        this.set({ state: 'open' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
        this.set({ state: 'max' }, stats.max);
      },
    });
  }
  new Gauge({
    name: 'plaza_jobs',
    help: 'Background jobs per kind and state (due: waiting to run now or running; scheduled; failed).',
    labelNames: ['kind', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { kind, state, count } of await queueDepth(database.db, clock.now()))
        this.set({ kind, state }, count);
    },
  });
  new Gauge({
    name: 'plaza_outbox_lag_seconds',
    help: 'Age of the oldest domain event each durable outbox consumer has not read yet (0: caught up).',
    labelNames: ['consumer'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { name, seconds } of await consumerLag(database, clock.now()))
        this.set({ consumer: name }, seconds);
    },
  });

  // A callback hook on every answer: two label lookups and two observations.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      route: routeId(request),
      method: request.method,
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const tokenDigest = options.token ? digest(options.token) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization?.trim();
    if (!header) throw commonErrors.missingAuthentication();
    if (tokenDigest) {
      const given = header.replace(/^Bearer\s+/i, '');
      if (!timingSafeEqual(digest(given), tokenDigest))
        throw commonErrors.invalidToken('The metrics token is wrong');
    } else {
      await authorize(options.authenticator, header, 'admin', undefined);
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

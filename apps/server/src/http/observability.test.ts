import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../test/build-test-app.ts';
import { engines } from '../../test/engines.ts';
import { loadConfig, loggerOptions } from '../config.ts';
import { newId } from '../lib/ids.ts';
import { recordDomainEvent } from '../outbox/outbox.ts';

const METRICS_TOKEN = 'metrics-token-0123456789';

/** The value of the sample `name{labels}` in a Prometheus text answer. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[2]!.split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

describe.each(engines)('metrics (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
  });
  afterAll(() => t.close());

  const metrics = (auth?: string) => t.call({ method: 'GET', url: '/metrics', ...(auth ? { auth } : {}) });

  it('is never public: an admin key reads it, a visitor or no one does not', async () => {
    expect((await metrics()).statusCode).toBe(401);
    const visitor = await metrics(await site.token('visitor'));
    expect(visitor.statusCode).toBe(403);
    expect(visitor.data.details.applicationError.code).toBe('PERMISSION_DENIED');
    const owner = await metrics(site.adminKey);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['content-type']).toContain('text/plain');
  });

  it('counts requests and their latencies per call, method and status class', async () => {
    const visitor = await site.token('visitor');
    for (let i = 0; i < 3; i++) await t.call({ method: 'GET', url: '/plaza/v1/site', auth: visitor });
    await t.call({ method: 'PATCH', url: '/plaza/v1/site', auth: visitor, payload: { site: { name: 'X' } } });
    await t.call({ method: 'GET', url: '/no/such/route' });
    const text = (await metrics(site.adminKey)).body;
    const ok = { route: 'getSite', method: 'GET', status_class: '2xx' };
    expect(sample(text, 'plaza_http_requests_total', ok)).toBe(3);
    expect(sample(text, 'plaza_http_request_duration_seconds_count', ok)).toBe(3);
    expect(sample(text, 'plaza_http_request_duration_seconds_bucket', { ...ok, le: '+Inf' })).toBe(3);
    const refused = { route: 'updateSite', method: 'PATCH', status_class: '4xx' };
    expect(sample(text, 'plaza_http_requests_total', refused)).toBe(1);
    expect(sample(text, 'plaza_http_requests_total', { route: 'unmatched', status_class: '4xx' })).toBe(1);
  });

  it('reports waiting jobs, the outbox lag and, on PostgreSQL, the pool', async () => {
    await t.platform.database.db
      .transaction()
      .execute((trx) =>
        t.platform.jobs.enqueue(trx, { kind: 'metrics-probe', runAt: new Date(t.clock.nowMs() + 60_000) }),
      );
    // An event no consumer has read yet (the dispatcher stopped): the lag grows with the clock.
    await t.platform.outbox.stop();
    await t.platform.database.db.transaction().execute((trx) =>
      recordDomainEvent(trx, {
        siteId: site.id,
        entityKind: 'probe',
        entityId: newId(),
        event: 'updated',
        payload: {},
        occurredDate: t.clock.now().toISOString(),
      }),
    );
    t.clock.advance(30_000);
    const text = (await metrics(site.adminKey)).body;
    expect(sample(text, 'plaza_jobs', { kind: 'metrics-probe', state: 'scheduled' })).toBe(1);
    expect(sample(text, 'plaza_outbox_lag_seconds', { consumer: 'webhooks' })).toBeGreaterThanOrEqual(30);
    if (engine === 'postgres') {
      expect(sample(text, 'plaza_db_pool_connections', { state: 'max' })).toBe(
        t.platform.database.poolStats?.().max,
      );
      expect(sample(text, 'plaza_db_pool_connections', { state: 'open' })).toBeGreaterThan(0);
    } else expect(text).not.toContain('plaza_db_pool_connections');
  });
});

describe('metrics token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { env: { METRICS_TOKEN } });
  });
  afterAll(() => t.close());

  it('reads the metrics with the token only', async () => {
    const site = await t.createSite();
    expect(
      (await t.call({ method: 'GET', url: '/metrics', auth: `Bearer ${METRICS_TOKEN}` })).statusCode,
    ).toBe(200);
    expect((await t.call({ method: 'GET', url: '/metrics', auth: 'Bearer wrong-token' })).statusCode).toBe(
      401,
    );
    expect((await t.call({ method: 'GET', url: '/metrics', auth: site.adminKey })).statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('are JSON lines carrying the request id the answer names, without credentials', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        callback();
      },
    });
    const config = loadConfig({ LOG_LEVEL: 'info' });
    const t = await buildTestApp('sqlite', { logger: { ...loggerOptions(config), stream } });
    try {
      const site = await t.createSite();
      const response = await t.call({ method: 'GET', url: '/plaza/v1/site', auth: site.adminKey });
      const requestId = response.headers['x-wix-request-id'];
      const ofRequest = lines.filter((line) => line.requestId === requestId);
      expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
      expect(JSON.stringify(lines)).not.toContain(site.adminKey);
    } finally {
      await t.close();
    }
  });
});

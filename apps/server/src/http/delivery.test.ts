import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { AppError } from '../lib/errors.ts';
import { utf8Join } from '../lib/raw-json.ts';
import { negotiate } from './compression.ts';
import { inlineScriptHashes } from './security-headers.ts';

const bigList = utf8Join([
  '{"products":[',
  Array.from({ length: 300 }, (_, i) => JSON.stringify({ id: `p${i}`, name: `Product ${i} — ünïcode` })).join(
    ',',
  ),
  ']}',
]);
const appScript = `console.log(${JSON.stringify('x'.repeat(3000))})`;

describe('answers as a CDN would send them', () => {
  const dist = `${mkdtempSync(join(tmpdir(), 'plaza-delivery-'))}/`;
  let t: TestApp;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>hosted</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), appScript);
    t = await buildTestApp('sqlite', {
      hostedDist: dist,
      beforeReady: (app) => {
        app.get('/test/list', (_request, reply) =>
          reply.type('application/json; charset=utf-8').send(bigList),
        );
        app.get('/test/throttled', () => {
          throw new AppError(429, 'RATE_LIMITED', 'Too many', 'Wait.', { retryAfterSeconds: 899.2 });
        });
        app.get('/test/too-many', () => {
          throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many');
        });
        app.post('/test/echo', (request) => request.body);
        app.get('/test/fresh', (request) => ({
          text: 'x'.repeat(Number((request.query as { size: string }).size)),
        }));
        const midSize = Buffer.from(JSON.stringify({ text: 'y'.repeat(2000) }));
        app.get('/test/repeated', (_request, reply) => reply.type('application/json').send(midSize));
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('compression', () => {
    it('negotiates brotli before gzip, honouring q-values', () => {
      expect(negotiate('gzip, deflate, br')).toBe('br');
      expect(negotiate('gzip')).toBe('gzip');
      expect(negotiate('br;q=0.5, gzip')).toBe('gzip');
      expect(negotiate('br;q=0, gzip;q=0')).toBeUndefined();
      expect(negotiate('*')).toBe('br');
      expect(negotiate('identity')).toBeUndefined();
      expect(negotiate(undefined)).toBeUndefined();
    });

    it('sends a large JSON answer as brotli or gzip, both decoding to the same body, with Vary', async () => {
      const plain = await t.app.inject({ url: '/test/list' });
      const br = await t.app.inject({ url: '/test/list', headers: { 'accept-encoding': 'gzip, br' } });
      const gz = await t.app.inject({ url: '/test/list', headers: { 'accept-encoding': 'gzip' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(bigList)).toBe(true);
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      for (const response of [plain, br, gz]) expect(response.headers.vary).toMatch(/Accept-Encoding/);
      expect(brotliDecompressSync(br.rawPayload).equals(bigList)).toBe(true);
      expect(gunzipSync(gz.rawPayload).equals(bigList)).toBe(true);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(br.rawPayload.length).toBeLessThan(bigList.length / 3);
      // A page buffer sent again is compressed once, then the kept bytes are sent.
      const again = await t.app.inject({ url: '/test/list', headers: { 'accept-encoding': 'br' } });
      const third = await t.app.inject({ url: '/test/list', headers: { 'accept-encoding': 'br' } });
      expect(third.rawPayload.equals(again.rawPayload)).toBe(true);
      expect(brotliDecompressSync(third.rawPayload).equals(bigList)).toBe(true);
    });

    it('leaves small answers as they are', async () => {
      const health = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
      expect(health.statusCode).toBe(200);
      expect(health.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
    });

    it('compresses a 1–4 KB answer only when it is sent again (kept), a larger one always', async () => {
      const br = { 'accept-encoding': 'br' };
      const small = await t.app.inject({ url: '/test/fresh?size=2000', headers: br });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.headers.vary).toMatch(/Accept-Encoding/);
      const large = await t.app.inject({ url: '/test/fresh?size=6000', headers: br });
      expect(large.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).text).toHaveLength(6000);
      const first = await t.app.inject({ url: '/test/repeated', headers: br });
      const second = await t.app.inject({ url: '/test/repeated', headers: br });
      expect(first.headers['content-encoding']).toBeUndefined();
      expect(second.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(second.rawPayload).equals(first.rawPayload)).toBe(true);
    });

    it('compresses the OpenAPI document, the reference page script and hosted assets', async () => {
      const spec = await t.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
      expect(spec.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(spec.rawPayload).toString()).openapi).toBe('3.1.0');

      const asset = await t.app.inject({
        url: '/hosted/assets/app-abc123.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(asset.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(appScript);
      expect(asset.headers.etag).toMatch(/^W\//);
      const gzAsset = await t.app.inject({
        url: '/hosted/assets/app-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gunzipSync(gzAsset.rawPayload).toString()).toBe(appScript);
    });
  });

  describe('caching', () => {
    it('keeps hashed hosted assets for a year and revalidates the page', async () => {
      const asset = await t.app.inject({ url: '/hosted/assets/app-abc123.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await t.app.inject({ url: '/hosted/sign-in?session=abc' });
      expect(page.headers['cache-control']).toBe('no-cache');
      const validator = page.headers.etag ?? page.headers['last-modified'];
      expect(validator).toBeTruthy();
      const again = await t.app.inject({
        url: '/hosted/sign-in?session=abc',
        headers: page.headers.etag
          ? { 'if-none-match': String(page.headers.etag) }
          : { 'if-modified-since': String(page.headers['last-modified']) },
      });
      expect(again.statusCode).toBe(304);
    });

    it('serves the API reference from the install: its script under a hashed name, kept a year', async () => {
      const page = await t.app.inject({ url: '/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).not.toMatch(/https?:\/\/(?!.*localhost)[^"']*\.(?:js|css|woff2?)/);
      const src = /<script src="([^"]+)"/.exec(page.body)?.[1];
      expect(src).toMatch(/^\/docs\/js\/scalar-[0-9a-f]{16}\.js$/);
      const script = await t.app.inject({ url: src!, headers: { 'accept-encoding': 'br' } });
      expect(script.statusCode).toBe(200);
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(script.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(script.rawPayload).length).toBeGreaterThan(1_000_000);

      const revalidated = await t.app.inject({
        url: '/docs/',
        headers: { 'if-none-match': String(page.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
    });
  });

  describe('security headers', () => {
    it('puts a CSP, nosniff, a referrer policy and no framing on hosted pages', async () => {
      const page = await t.app.inject({ url: '/hosted/checkout?session=abc' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      // An auth page of an unknown session is framed by no one either.
      const auth = await t.app.inject({ url: '/hosted/auth?session=unknown' });
      expect(auth.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });

    it("allows the reference page's inline start-up script by its hash, and nothing else inline", async () => {
      const page = await t.app.inject({ url: '/docs/' });
      const csp = String(page.headers['content-security-policy']);
      const [hash] = inlineScriptHashes(page.body);
      expect(csp).toContain(`'sha256-${hash}'`);
      expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });

    it('adds nothing to API answers', async () => {
      const health = await t.app.inject({ url: '/healthz' });
      expect(health.headers['content-security-policy']).toBeUndefined();
    });
  });

  describe('refusals', () => {
    it('names a wait on every 429: the throttle’s own, else one second', async () => {
      const throttled = await t.app.inject({ url: '/test/throttled' });
      expect(throttled.statusCode).toBe(429);
      expect(throttled.headers['retry-after']).toBe('900');
      const tooMany = await t.app.inject({ url: '/test/too-many' });
      expect(tooMany.statusCode).toBe(429);
      expect(tooMany.headers['retry-after']).toBe('1');
    });

    it('refuses a JSON body that is not UTF-8 with 400 and the envelope', async () => {
      const body = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({
        message: 'The request body is not valid UTF-8',
        details: { applicationError: { code: 'INVALID_UTF8' } },
      });
      // Valid UTF-8, multi-byte included, still reads as before; other JSON refusals are unchanged.
      const fine = await t.app.inject({
        method: 'POST',
        url: '/test/echo',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        payload: Buffer.from('{"name":"café ☕"}'),
      });
      expect(JSON.parse(fine.body)).toEqual({ name: 'café ☕' });
      const proto = await t.app.inject({
        method: 'POST',
        url: '/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__":{"x":1}}',
      });
      expect(JSON.parse(proto.body).details.applicationError.code).toBe('INVALID_JSON');
    });
  });
});

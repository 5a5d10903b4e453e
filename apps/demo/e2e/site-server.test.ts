import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { apiUrlOf, createSiteServer, negotiate } from '../site-server.mjs';

/** serve.mjs's server: the page names the Plaza server of its environment, and serves only `dist`. */
describe('demo site server', () => {
  const work = mkdtempSync(join(tmpdir(), 'plaza-site-server-'));
  const dist = join(work, 'dist');
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>t</title></head></html>');
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(work, 'secret.txt'), 'beside dist');
  mkdirSync(join(dist, 'assets'));
  const script = `console.log(${JSON.stringify('demo '.repeat(1000))});`;
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'console.log(1)');
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function served(apiUrl: string | undefined, paths: string[]) {
    const server = createSiteServer({ dist, apiUrl });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      return await Promise.all(
        paths.map(async (path) => {
          const response = await fetch(origin + path);
          return { status: response.status, body: await response.text() };
        }),
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('names the platform the environment sets, and none when it sets none', () => {
    expect(apiUrlOf({})).toBeUndefined();
    expect(apiUrlOf({ PORT: '4500' })).toBe('http://localhost:4500');
    expect(apiUrlOf({ PORT: '4500', PUBLIC_URL: 'https://plaza.example/' })).toBe('https://plaza.example');
    expect(apiUrlOf({ PUBLIC_URL: 'https://a.example', VITE_PLAZA_API_URL: 'https://b.example' })).toBe(
      'https://b.example',
    );
  });

  it('writes the platform into every page, and leaves the build alone without one', async () => {
    const [home, route] = await served('http://localhost:4500', ['/', '/store']);
    expect(home!.body).toContain('<meta name="plaza-api-url" content="http://localhost:4500" />');
    expect(route!.body).toBe(home!.body);
    const [plain] = await served(undefined, ['/']);
    expect(plain!.body).not.toContain('plaza-api-url');
  });

  it('serves nothing outside the build, nor its metadata', async () => {
    const answers = await served(undefined, [
      '/..%2Fsecret.txt',
      '/.vite/manifest.json',
      '/x/..%2F.vite/manifest.json',
      '/assets/missing.js',
    ]);
    for (const answer of answers) expect(answer.body).not.toMatch(/beside dist|\{\}/);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
  });

  /** Raw answers (Node's http, which does not decode): the bytes as they travel. */
  async function raw(path: string, headers: Record<string, string> = {}) {
    const server = createSiteServer({ dist, apiUrl: 'http://localhost:4500' });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      return await new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          get({ host: '127.0.0.1', port, path, headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode!,
                headers: response.headers,
                body: Buffer.concat(chunks),
              }),
            );
          }).on('error', reject);
        },
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('negotiates brotli before gzip', () => {
    expect(negotiate('gzip, br')).toBe('br');
    expect(negotiate('br;q=0.1, gzip')).toBe('gzip');
    expect(negotiate('identity')).toBeUndefined();
  });

  it('sends assets as brotli or gzip by Accept-Encoding, kept a year, small ones as they are', async () => {
    const br = await raw('/assets/app-abc123.js', { 'accept-encoding': 'gzip, br' });
    const gz = await raw('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    const plain = await raw('/assets/app-abc123.js');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(gunzipSync(gz.body).toString()).toBe(script);
    expect(plain.body.toString()).toBe(script);
    for (const answer of [br, gz, plain]) {
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(br.body.length).toBeLessThan(script.length / 10);
    const tiny = await raw('/assets/tiny-abc123.js', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('console.log(1)');
  });

  it('revalidates the page: no-cache with an ETag, 304 when it has not changed', async () => {
    const page = await raw('/store', { 'accept-encoding': 'br' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers.etag).toMatch(/^W\/"/);
    const again = await raw('/', { 'if-none-match': String(page.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});

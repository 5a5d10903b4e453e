import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiUrlOf, createSiteServer } from '../site-server.mjs';

/** serve.mjs's server: the page names the Plaza server of its environment, and serves only `dist`. */
describe('demo site server', () => {
  const work = mkdtempSync(join(tmpdir(), 'plaza-site-server-'));
  const dist = join(work, 'dist');
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>t</title></head></html>');
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(work, 'secret.txt'), 'beside dist');
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
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

describe('hosted pages', () => {
  const dist = `${mkdtempSync(join(tmpdir(), 'plaza-hosted-'))}/`;
  let t: TestApp;
  let unbuilt: TestApp;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>hosted</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await buildTestApp('sqlite', { hostedDist: dist });
    unbuilt = await buildTestApp('sqlite', { hostedDist: join(dist, 'missing/') });
  });
  afterAll(async () => {
    await t.close();
    await unbuilt.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers every page path with the app shell, never cached', async () => {
    const response = await t.call({ method: 'GET', url: '/hosted/sign-in?session=abc' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>hosted</title>');
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await t.call({ method: 'GET', url: '/hosted/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('says how to build the pages when they are missing', async () => {
    const response = await unbuilt.call({ method: 'GET', url: '/hosted/sign-in' });
    expect(response.statusCode).toBe(503);
    expect(response.data.details.applicationError.code).toBe('HOSTED_PAGES_NOT_BUILT');
  });
});

describe('dashboard pages', () => {
  const dist = `${mkdtempSync(join(tmpdir(), 'plaza-dashboard-'))}/`;
  let t: TestApp;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>dashboard</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await buildTestApp('sqlite', { dashboardDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers every page path with the app shell and its security headers', async () => {
    const response = await t.call({ method: 'GET', url: '/dashboard/orders/123' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>dashboard</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const asset = await t.call({ method: 'GET', url: '/dashboard/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/dashboard', '/dashboard/']) {
      const home = await t.call({ method: 'GET', url });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<title>dashboard</title>');
    }
  });

  it('keeps the session calls out of the app shell', async () => {
    const unknown = await t.call({ method: 'POST', url: '/dashboard/api/unknown', payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.data.message).toBeDefined();
  });
});

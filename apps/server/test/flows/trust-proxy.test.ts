import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, trustProxy } from '../../src/config.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';

/** TRUST_PROXY: behind a TLS-terminating proxy, the client's address and scheme come from its headers. */
describe('TRUST_PROXY', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const seen = async (env: Record<string, string>) => {
    t = await buildTestApp('sqlite', {
      env,
      beforeReady: (app) => {
        app.get('/test/peer', async (request) => ({ ip: request.ip, protocol: request.protocol }));
      },
    });
    const response = await t.call({
      method: 'GET',
      url: '/test/peer',
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' },
    });
    return response.data;
  };

  it('ignores forwarded headers by default: a client could write them itself', async () => {
    expect(await seen({})).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });

  it('takes the client from the proxy named by address, or any with true', async () => {
    expect(await seen({ TRUST_PROXY: '127.0.0.1' })).toEqual({ ip: '203.0.113.7', protocol: 'https' });
    await t?.close();
    expect(await seen({ TRUST_PROXY: 'true' })).toEqual({ ip: '203.0.113.7', protocol: 'https' });
    await t?.close();
    expect(await seen({ TRUST_PROXY: '10.0.0.0/8' })).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });

  it('reads hop counts and address lists, and refuses anything else', () => {
    const twoHops = trustProxy(loadConfig({ TRUST_PROXY: '2' })) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxy(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }))).toBe('10.0.0.1, 10.0.0.2');
    expect(trustProxy(loadConfig({}))).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow('TRUST_PROXY="yes please"');
  });
});

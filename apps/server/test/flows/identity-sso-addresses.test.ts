import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';

/**
 * An SSO connection's issuer is called from inside the server's network: loopback, private and
 * link-local addresses are refused unless SSO_ALLOW_PRIVATE is set (development and tests).
 */
describe.each(engines)('identity SSO connection addresses (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
  });
  afterAll(() => t.close());

  const create = (issuer: string) =>
    t.call({
      method: 'POST',
      url: '/plaza/v1/idp-connections',
      auth: site.adminKey,
      payload: { idpConnection: { name: 'Inside', issuer, clientId: 'plaza', enabled: false } },
    });

  it('refuses issuers on loopback, private and link-local addresses', async () => {
    for (const issuer of [
      'http://127.0.0.1:9',
      'http://localhost:9',
      'http://app.localhost',
      'http://[::1]:9',
      'http://10.1.2.3',
      'http://192.168.0.10/realms/x',
      'http://169.254.169.254',
      'http://[::ffff:127.0.0.1]',
    ]) {
      const response = await create(issuer);
      expect(response.statusCode, `${issuer} ${response.body}`).toBe(400);
      expect(response.data.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'idpConnection.issuer',
      });
    }
  });

  it('refuses to move a connection to such an address', async () => {
    const created = await create('https://idp.example.com');
    expect(created.statusCode, created.body).toBe(200);
    const id = created.data.idpConnection.id;
    const moved = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/idp-connections/${id}`,
      auth: site.adminKey,
      payload: { idpConnection: { issuer: 'http://127.0.0.1:5432' } },
    });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.data.details.validationError.fieldViolations[0].field).toBe('idpConnection.issuer');
  });

  it('allows them when SSO_ALLOW_PRIVATE is set', async () => {
    const open = await buildTestApp(engine, { env: { SSO_ALLOW_PRIVATE: 'true' } });
    try {
      const owner = await open.createSite();
      const response = await open.call({
        method: 'POST',
        url: '/plaza/v1/idp-connections',
        auth: owner.adminKey,
        payload: {
          idpConnection: { name: 'Dev', issuer: 'http://127.0.0.1:9', clientId: 'c', enabled: false },
        },
      });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await open.close();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretBox } from '../../src/lib/secret-box.ts';
import { engines } from '../engines.ts';
import { expectAppError, visitorTokens } from './identity-helpers.ts';
import { PLAZA_CLIENT, useSsoSite } from './identity-sso-setup.ts';

/**
 * SSO connections as the site owner manages them: listed without their secret (sealed at rest),
 * checked against the provider's discovery document, created, updated and deleted.
 */

describe.each(engines)('identity: SSO with a real OpenID provider (%s)', (engine) => {
  const sso = useSsoSite(engine);

  describe('connections (admin)', () => {
    it('never answers the client secret and tells the redirect URI to register', async () => {
      const listed = await sso.t.call({
        method: 'GET',
        url: '/plaza/v1/idp-connections',
        auth: sso.site.adminKey,
      });
      expect(listed.statusCode).toBe(200);
      const connection = listed.data.idpConnections.find((c: { id: string }) => c.id === sso.connectionId);
      expect(connection).toMatchObject({
        name: 'Test IdP',
        issuer: sso.idp.issuer,
        clientId: PLAZA_CLIENT.id,
        hasClientSecret: true,
        enabled: true,
        scopes: ['openid', 'email', 'profile'],
        redirectUri: `${sso.plazaUrl}/plaza/v1/sso/callback/${sso.connectionId}`,
      });
      expect(listed.body).not.toContain(PLAZA_CLIENT.secret);
      const one = await sso.t.call({
        method: 'GET',
        url: `/plaza/v1/idp-connections/${sso.connectionId}`,
        auth: sso.site.adminKey,
      });
      expect(one.data.idpConnection).toEqual(connection);
      expect(one.body).not.toContain('clientSecret');
      // At rest it is sealed under the server's secrets key (the sign-ins of identity-sso-browser.test.ts
      // prove it still opens).
      const row = await sso.t.platform.database.db
        .selectFrom('idp_connections')
        .select('client_secret')
        .where('id', '=', sso.connectionId)
        .executeTakeFirstOrThrow();
      expect(row.client_secret).toMatch(/^enc:v1:/);
      expect(row.client_secret).not.toContain(PLAZA_CLIENT.secret);
    });

    it('asks the owner to set a client secret again that was sealed under another key', async () => {
      const created = await sso.createConnection({
        name: 'Moved',
        issuer: sso.idp.issuer,
        clientId: PLAZA_CLIENT.id,
        clientSecret: 'x',
      });
      const moved = created.data.idpConnection.id as string;
      await sso.t.platform.database.db
        .updateTable('idp_connections')
        .set({ client_secret: secretBox(() => randomBytes(32)).seal(PLAZA_CLIENT.secret) })
        .where('id', '=', moved)
        .execute();
      // The secret is opened where the provider is asked (here: checking a provider's ID token).
      const answer = await sso.t.call({
        method: 'POST',
        url: '/_api/iam/authentication/v1/sso/login-with-token-params',
        payload: { idpConnectionId: moved, tokenParams: { id_token: 'a.b.c' } },
      });
      expectAppError(answer, 409, 'IDP_CLIENT_SECRET_UNREADABLE');
      await sso.t.call({
        method: 'DELETE',
        url: `/plaza/v1/idp-connections/${moved}`,
        auth: sso.site.adminKey,
      });
    });

    it('checks the discovery document of an enabled connection; admins only; other sites see nothing', async () => {
      const bad = await sso.createConnection({
        name: 'Nowhere',
        issuer: `${sso.plazaUrl}/no-idp`,
        clientId: 'x',
      });
      expectAppError(bad, 502, 'IDP_DISCOVERY_FAILED');
      const visitor = (await visitorTokens(sso.t, sso.clientId)).access_token;
      const denied = await sso.t.call({ method: 'GET', url: '/plaza/v1/idp-connections', auth: visitor });
      expect(denied.statusCode).toBe(403);
      const stranger = await sso.t.createSite({ name: 'Other' });
      const hidden = await sso.t.call({
        method: 'GET',
        url: `/plaza/v1/idp-connections/${sso.connectionId}`,
        auth: stranger.adminKey,
      });
      expectAppError(hidden, 404, 'IDP_CONNECTION_NOT_FOUND');
    });

    it('creates, updates and deletes', async () => {
      const created = await sso.createConnection({
        name: 'Temp',
        issuer: sso.idp.issuer,
        clientId: 'temp',
        scopes: ['email'],
      });
      expect(created.data.idpConnection).toMatchObject({
        hasClientSecret: false,
        scopes: ['openid', 'email'],
      });
      const id = created.data.idpConnection.id;
      const updated = await sso.t.call({
        method: 'PATCH',
        url: `/plaza/v1/idp-connections/${id}`,
        auth: sso.site.adminKey,
        payload: { idpConnection: { name: 'Renamed', clientSecret: 's3cret' } },
      });
      expect(updated.data.idpConnection).toMatchObject({ name: 'Renamed', hasClientSecret: true });
      const url = `/plaza/v1/idp-connections/${id}`;
      expect((await sso.t.call({ method: 'DELETE', url, auth: sso.site.adminKey })).statusCode).toBe(200);
      expectAppError(
        await sso.t.call({ method: 'GET', url, auth: sso.site.adminKey }),
        404,
        'IDP_CONNECTION_NOT_FOUND',
      );
    });
  });
});

import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy, createClient, PlazaError } from '../src/index.ts';
import { identity } from '../src/modules/identity.ts';
import { platform } from '../src/modules/platform.ts';
import { sites } from '../src/modules/sites.ts';
import { pathOf, recordingFetch } from './support/recording-fetch.ts';
import { bookings } from './support/test-contracts.ts';

const site = {
  id: 's1',
  name: 'Shop',
  currency: 'EUR',
  timeZone: 'Europe/Lisbon',
  installedApps: ['stores'],
  settings: {},
  createdDate: '2024-01-01T00:00:00.000Z',
  updatedDate: '2024-02-01T00:00:00.000Z',
};

describe('createClient', () => {
  it('exposes each module call as an async function and converts response dates', async () => {
    const { fetch, requests } = recordingFetch(() => ({ body: { site } }));
    const client = createClient({ modules: { sites }, apiBaseUrl: 'http://api.test/', fetch });
    const answer = await client.sites.getSite();
    expect(requests[0]).toMatchObject({
      url: 'http://api.test/plaza/v1/site',
      method: 'GET',
      body: undefined,
    });
    expect(answer.site.id).toBe('s1');
    expect(answer.site.createdDate).toEqual(new Date('2024-01-01T00:00:00.000Z'));
    expect(answer.site.updatedDate).toBeInstanceOf(Date);
  });

  it('fills path parameters and keeps them in the query string (GET) or body (PATCH)', async () => {
    const { fetch, requests } = recordingFetch(() => ({ body: {} }));
    const client = createClient({ modules: { sites, bookings }, apiBaseUrl: 'http://api.test', fetch });
    await client.sites.getOAuthApp({ oAuthAppId: 'app 1' });
    await client.sites.updateOAuthApp({ oAuthApp: { id: 'a1', name: 'New' }, mask: ['name'] });
    await client.bookings.getService({ serviceId: 's1', conditionalFields: ['STAFF', 'RESOURCES'] });
    expect(pathOf(requests[0]!)).toBe('/oauth-app/v1/oauth-apps/app%201?oAuthAppId=app+1');
    expect(requests[1]).toMatchObject({ method: 'PATCH', url: 'http://api.test/oauth-app/v1/oauth-apps/a1' });
    expect(requests[1]?.json).toEqual({ oAuthApp: { id: 'a1', name: 'New' }, mask: ['name'] });
    expect(pathOf(requests[2]!)).toBe(
      '/_api/bookings/v2/services/s1?serviceId=s1&conditionalFields=STAFF&conditionalFields=RESOURCES',
    );
  });

  it('sends the DELETE request in the query string', async () => {
    const { fetch, requests } = recordingFetch(() => ({ body: {} }));
    const client = createClient({ modules: { identity }, apiBaseUrl: 'http://api.test', fetch });
    await client.identity.deleteApiKey({ apiKeyId: 'k1' });
    expect(requests[0]).toMatchObject({
      method: 'DELETE',
      url: 'http://api.test/plaza/v1/api-keys/k1?apiKeyId=k1',
    });
  });

  it('sends Date request values as ISO text', async () => {
    const { fetch, requests } = recordingFetch(() => ({ body: {} }));
    const client = createClient({ modules: { bookings }, apiBaseUrl: 'http://api.test', fetch });
    await client.bookings.queryServices().ge('createdDate', new Date('2024-05-01T00:00:00Z')).find();
    expect(requests[0]?.body).toContain('"createdDate":{"$gte":"2024-05-01T00:00:00.000Z"}');
  });

  it('sends a long GET as its POST fallback', async () => {
    const { fetch, requests } = recordingFetch(() => ({ body: {} }));
    const client = createClient({ modules: { bookings }, apiBaseUrl: 'http://api.test', fetch });
    await client.bookings.searchByLongFilter({ text: 'short' });
    await client.bookings.searchByLongFilter({ text: 'x'.repeat(4000) });
    expect(requests.map((request) => request.method)).toEqual(['GET', 'POST']);
    expect(requests[1]?.url).toBe('http://api.test/test/v1/search');
    expect(requests[1]?.json).toEqual({ text: 'x'.repeat(4000) });
  });

  it('sends the auth header raw, plus the client headers', async () => {
    const { fetch, requests } = recordingFetch(() => ({ body: { status: 'ok' } }));
    const client = createClient({
      modules: { platform },
      auth: ApiKeyStrategy({ apiKey: 'plz_key' }),
      apiBaseUrl: 'localhost:4000',
      fetch,
      headers: { 'x-trace': 't1' },
    });
    await client.platform.getHealth();
    expect(requests[0]?.url).toBe('https://localhost:4000/healthz');
    expect(requests[0]?.headers).toMatchObject({ Authorization: 'plz_key', 'x-trace': 't1' });
  });

  it('sends no Authorization without an auth strategy', async () => {
    const { fetch, requests } = recordingFetch(() => ({ body: {} }));
    const client = createClient({ modules: { platform }, apiBaseUrl: 'http://api.test', fetch });
    await client.platform.getHealth();
    expect(requests[0]?.headers).not.toHaveProperty('Authorization');
    expect(client.auth).toBeUndefined();
  });

  it('throws a PlazaError for an error answer', async () => {
    const { fetch } = recordingFetch(() => ({
      status: 404,
      statusText: 'Not Found',
      headers: { 'X-Wix-Request-Id': 'req-7' },
      body: {
        message: 'OAuth app not found',
        details: { applicationError: { code: 'OAUTH_APP_NOT_FOUND', description: 'No app x', data: {} } },
      },
    }));
    const client = createClient({ modules: { sites }, apiBaseUrl: 'http://api.test', fetch });
    const error = await client.sites.getOAuthApp({ oAuthAppId: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlazaError);
    expect(error).toMatchObject({
      status: 404,
      requestId: 'req-7',
      code: 'OAUTH_APP_NOT_FOUND',
      message: 'OAuth app not found: No app x',
    });
  });

  it('graphql posts {query, variables} to /graphql/alpha', async () => {
    const { fetch, requests } = recordingFetch(() => ({ body: { data: { site: { name: 'Shop' } } } }));
    const client = createClient({
      modules: {},
      auth: ApiKeyStrategy({ apiKey: 'k' }),
      apiBaseUrl: 'http://api.test',
      fetch,
    });
    const answer = await client.graphql<{ site: { name: string } }>(
      'query ($id: ID) { site(id: $id) { name } }',
      { id: 's1' },
    );
    expect(answer).toEqual({ data: { site: { name: 'Shop' } } });
    expect(requests[0]).toMatchObject({ url: 'http://api.test/graphql/alpha', method: 'POST' });
    expect(requests[0]?.json).toEqual({
      query: 'query ($id: ID) { site(id: $id) { name } }',
      variables: { id: 's1' },
    });
    expect(requests[0]?.headers.Authorization).toBe('k');
  });
});

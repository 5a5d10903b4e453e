// Compile-time checks (run by `tsc`; Vitest only executes the trivial bodies).
import { describe, expectTypeOf, it } from 'vitest';
import { createClient, OAuthStrategy, type QueryResult } from '../src/index.ts';
import { identity } from '../src/modules/identity.ts';
import { sites } from '../src/modules/sites.ts';
import { recordingFetch } from './support/recording-fetch.ts';

const { fetch } = recordingFetch();
const client = createClient({
  modules: { sites, identity },
  apiBaseUrl: 'http://api.test',
  auth: OAuthStrategy({ clientId: 'c', baseUrl: 'http://api.test' }),
  fetch,
});

describe('types come from the contracts', () => {
  it('types responses, with …Date fields as Date', () => {
    type Site = Awaited<ReturnType<typeof client.sites.getSite>>['site'];
    expectTypeOf<Site['createdDate']>().toEqualTypeOf<Date>();
    expectTypeOf<Site['name']>().toEqualTypeOf<string>();
    expectTypeOf<Site['installedApps']>().toEqualTypeOf<
      ('stores' | 'bookings' | 'events' | 'pricing-plans')[]
    >();
  });

  it('makes the request optional only when it may be empty', () => {
    expectTypeOf(client.sites.getSite).parameter(0).toEqualTypeOf<Record<string, never> | undefined>();
    expectTypeOf(client.identity.getCurrentMember)
      .parameter(0)
      .toEqualTypeOf<{ fieldsets?: string[] } | undefined>();
    // @ts-expect-error a call without request fields takes nothing else
    void (() => client.sites.getSite('site'));
    expectTypeOf(client.sites.getOAuthApp).parameter(0).toEqualTypeOf<{ oAuthAppId: string }>();
    // @ts-expect-error the path parameter is required
    void (() => client.sites.getOAuthApp({}));
    // @ts-expect-error a misspelt field is refused
    void (() => client.identity.createApiKey({ nam: 'x' }));
  });

  it('types query items and refuses unknown fields', () => {
    const query = client.sites.queryOAuthApps();
    expectTypeOf(query.find).returns.resolves.toMatchTypeOf<QueryResult<{ id: string; createdDate: Date }>>();
    void (() =>
      query.eq('name', 'Shop').ge('createdDate', new Date()).hasSome('allowedOrigins', ['http://a']));
    // @ts-expect-error not a field of OAuthApp
    void (() => query.eq('nmae', 'Shop'));
    // @ts-expect-error name is a string
    void (() => query.eq('name', 42));
  });

  it('exposes the auth strategy', () => {
    expectTypeOf(client.auth.loggedIn).returns.toEqualTypeOf<boolean>();
  });
});

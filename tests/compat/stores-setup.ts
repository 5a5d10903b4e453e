import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { products } from '@wix/stores';
import { plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * Set-up of the `@wix/stores` `products` tests (stores-*.test.ts): one Plaza per file, a visitor
 * client (OAuth strategy, edge host) and an admin client (`ApiKeyStrategy`, www host).
 */

export let visitor: ReturnType<typeof visitorClient>;
export let admin: ReturnType<typeof adminClient>;

const visitorClient = () =>
  createClient({
    modules: { products },
    auth: OAuthStrategy({ clientId: plaza.demo.clientId }),
    fetch: plaza.fetch,
  });
const adminClient = () =>
  createClient({
    modules: { products },
    auth: ApiKeyStrategy({ apiKey: plaza.demo.apiKey, siteId: plaza.demo.siteId }),
    fetch: plaza.fetch,
  });

/** Starts the file's Plaza and makes `visitor` and `admin` once it runs. */
export function useStoresClients() {
  usePlazaPerFile(() => {
    visitor = visitorClient();
    admin = adminClient();
  });
}

export const lastCall = () => plaza.requests.at(-1)!;
export const bodyOf = (r = lastCall()) => JSON.parse(r.body ?? 'null');

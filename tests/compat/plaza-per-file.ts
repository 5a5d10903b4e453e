import { ApiKeyStrategy, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type Plaza, startPlaza } from './harness.ts';

/** The Plaza of the running test file, set by the `beforeAll` that `usePlazaPerFile` adds. */
export let plaza: Plaza;

/**
 * One Plaza for the test file that calls this: started before its first test with the global fetch
 * rewritten to it (then `ready` runs, e.g. to make the file's clients), the request log emptied
 * before each test, the fetch restored and the server closed after the last one.
 */
export function usePlazaPerFile(ready: () => void = () => {}) {
  let restoreFetch: () => void;
  beforeAll(async () => {
    plaza = await startPlaza();
    restoreFetch = plaza.installGlobalFetch();
    ready();
  });
  afterAll(async () => {
    restoreFetch?.();
    await plaza?.close();
  });
  beforeEach(() => {
    plaza.requests.length = 0;
  });
}

/** The demo site's owner, through its admin API key (what a back office sends). */
export const demoOwnerAuth = () => ApiKeyStrategy({ apiKey: plaza.demo.apiKey, siteId: plaza.demo.siteId });

/** A visitor of the demo site, through its OAuth client (what a storefront sends). */
export const demoVisitorAuth = () => OAuthStrategy({ clientId: plaza.demo.clientId });

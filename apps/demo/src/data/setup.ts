/**
 * Setup data (seed section 4 and 8): the examples list, which apps are installed, the site id.
 * Failures are logged; loading ends either way (every call is tracked by the loading counter).
 */
import { getSiteIdFromToken } from '@plaza/sdk';
import { client } from '../api.ts';
import { AppCode, type InstalledApps, noAppsInstalled } from '../lib/apps.ts';
import { cache } from '../lib/cache.ts';
import { detectInstalledApps, probeStore } from '../lib/detection.ts';
import { type Example, parseExamples, visibleExamples } from '../lib/examples.ts';
import { loading } from '../lib/loading.ts';
import { readSiteId } from '../lib/site-id.ts';
import { loadPlans } from './plans.ts';
import { ensureTokens } from './session.ts';
import { loadProducts } from './store.ts';

const logFailure = (message: string, error: unknown) => console.error(message, error);

/** The shown examples from `/examples.json` (served by this app, not the API). */
export function loadExamples(): Promise<Example[]> {
  return cache.load('examples', () =>
    loading.track(
      (async () => {
        const response = await fetch('/examples.json', { headers: { accept: 'application/json' } });
        if (!response.ok) throw new Error(`The examples list could not be loaded (HTTP ${response.status}).`);
        return visibleExamples(parseExamples(await response.json()));
      })(),
    ).catch((error: unknown) => {
      logFailure('Failed to fetch the examples list', error);
      throw error;
    }),
  );
}

const listProbe = (list: (request: never) => Promise<unknown>) => () =>
  list({ query: { paging: { offset: 0, limit: 1 } } } as never);

/**
 * Which apps are installed, detected once per page load. Never rejects: a failure is "not
 * installed". Not tracked by the loading overlay: it runs in the background (the home page shows
 * its own skeleton while it runs, and the example pages read their own lists).
 *
 * It waits for the start-up tokens: the header's home link prefetches this before they are there,
 * and the probes' calls would otherwise take a second anonymous grant.
 */
export function loadInstalledApps(): Promise<InstalledApps> {
  return cache.load('installed-apps', detect);
}

async function detect(): Promise<InstalledApps> {
  try {
    await ensureTokens();
    return await detectInstalledApps(
      {
        [AppCode.bookings]: listProbe(client.apps.queryServices),
        [AppCode.store]: () => probeStore(loadProducts),
        [AppCode.events]: listProbe(client.apps.queryEvents),
        // The plans page's own read (API map 16: `queryPublicPlans().find()`), kept for it.
        [AppCode.subscriptions]: loadPlans,
      },
      (message, error) => console.info(`${message}:`, error instanceof Error ? error.message : error),
    );
  } catch (error) {
    logFailure('Failed to detect the installed apps', error);
    return noAppsInstalled();
  }
}

/** The site id from the current access token (null, logged, when it cannot be read). */
export function currentSiteId(): string | null {
  return readSiteId(client.auth.getTokens().accessToken.value, getSiteIdFromToken);
}

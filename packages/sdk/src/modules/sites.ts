import type {
  createOAuthApp,
  deleteOAuthApp,
  getOAuthApp,
  getSite,
  queryOAuthApps,
  updateOAuthApp,
  updateSite,
} from '@plaza/contracts';
import { call } from '../core/calls.ts';
import { sitesCalls } from '../generated/calls.ts';
import { queryCall } from '../query/query-call.ts';

/** The caller's site and its OAuth clients (headless apps). */
export const sites = {
  /**
   * The caller's site: name, currency, time zone and installed apps. Any caller.
   * @example
   * const { site } = await client.sites.getSite();
   * console.log(site.installedApps.includes('stores'));
   */
  getSite: call<typeof getSite>(sitesCalls, 'getSite'),
  /**
   * Changes the site name, currency, time zone, installed apps or settings. Admin only.
   * @example
   * await admin.sites.updateSite({ site: { currency: 'EUR', timeZone: 'Europe/Lisbon' } });
   */
  updateSite: call<typeof updateSite>(sitesCalls, 'updateSite'),
  /**
   * Registers an OAuth client with its allowed redirect URIs and origins. Admin only.
   * @example
   * const { oAuthApp } = await admin.sites.createOAuthApp({
   *   oAuthApp: { name: 'Storefront', allowedRedirectUris: ['http://localhost:3000/callback'], allowedOrigins: ['http://localhost:3000'] },
   * });
   */
  createOAuthApp: call<typeof createOAuthApp>(sitesCalls, 'createOAuthApp'),
  /**
   * One OAuth client of the site. Admin only.
   * @example
   * const { oAuthApp } = await admin.sites.getOAuthApp({ oAuthAppId: id });
   */
  getOAuthApp: call<typeof getOAuthApp>(sitesCalls, 'getOAuthApp'),
  /**
   * Changes the fields named in `mask` (all given fields without one); `revision` refuses concurrent edits.
   * @example
   * await admin.sites.updateOAuthApp({ oAuthApp: { id, revision: '3', name: 'Shop' }, mask: ['name'] });
   */
  updateOAuthApp: call<typeof updateOAuthApp>(sitesCalls, 'updateOAuthApp'),
  /**
   * Removes an OAuth client; tokens it issued stop being renewable. Admin only.
   * @example
   * await admin.sites.deleteOAuthApp({ oAuthAppId: id });
   */
  deleteOAuthApp: call<typeof deleteOAuthApp>(sitesCalls, 'deleteOAuthApp'),
  /**
   * A query builder over the site's OAuth clients; `find()` sends it. Admin only.
   * @example
   * const page = await admin.sites.queryOAuthApps().startsWith('name', 'Shop').descending('createdDate').limit(20).find();
   * if (page.hasNext()) await page.next();
   */
  queryOAuthApps: queryCall<typeof queryOAuthApps, 'oAuthApps'>(sitesCalls, 'queryOAuthApps', {
    items: 'oAuthApps',
  }),
};

import { sitesCalls } from '@plaza/contracts';
import { parseMask } from '../../db/documents.ts';
import { callModule } from '../../http/calls.ts';
import { wrapRaw, wrapRawList } from '../../lib/raw-json.ts';
import { sitesErrors } from './errors.ts';
import { createOAuthApp, getSite, normaliseOAuthApp, type SitesDeps, updateSite } from './service.ts';

export function sitesRoutes(deps: SitesDeps) {
  const apps = (siteId: string) => deps.store.oAuthApps.forSite(siteId);
  return callModule('sites', sitesCalls, {
    getSite: async (_input, { caller }) => {
      const site = await getSite(deps, caller.siteId);
      // Settings hold owner configuration (captcha test tokens, payment setup): owners only.
      const isOwner = caller.kind === 'admin' || caller.kind === 'app';
      return { site: isOwner ? site : { ...site, settings: {} } };
    },

    updateSite: async ({ site }, { caller }) => ({ site: await updateSite(deps, caller.siteId, site) }),

    createOAuthApp: async ({ oAuthApp }, { caller }) => ({
      oAuthApp: await createOAuthApp(deps, caller.siteId, {
        allowedRedirectUris: [],
        allowedOrigins: [],
        ...oAuthApp,
      }),
    }),

    getOAuthApp: async ({ oAuthAppId }, { caller }) => {
      const stored = await apps(caller.siteId).getRaw(oAuthAppId);
      if (stored === undefined) throw sitesErrors.oAuthAppNotFound(oAuthAppId);
      return wrapRaw('oAuthApp', stored);
    },

    updateOAuthApp: async ({ oAuthApp, mask }, { caller }) => {
      const { id, revision, ...fields } = oAuthApp;
      const updated = await apps(caller.siteId).update(id, normaliseOAuthApp(fields), {
        mask: parseMask(mask),
        expectedRevision: revision,
      });
      return { oAuthApp: updated as never };
    },

    deleteOAuthApp: async ({ oAuthAppId }, { caller }) => {
      if (!(await apps(caller.siteId).delete(oAuthAppId))) throw sitesErrors.oAuthAppNotFound(oAuthAppId);
      return {};
    },

    queryOAuthApps: async ({ query }, { caller }) => {
      const page = await apps(caller.siteId).query(query);
      return wrapRawList('oAuthApps', page.items, { pagingMetadata: page.metadata });
    },
  });
}

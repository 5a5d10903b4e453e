export { sitesErrors } from './errors.ts';
export { sitesRoutes } from './routes.ts';
export {
  addSiteOwner,
  type CurrencyChange,
  createOAuthApp,
  createSite,
  findOAuthClient,
  getSite,
  type NewSite,
  type SitesDeps,
  updateSite,
} from './service.ts';
export { type OAuthAppFields, type SiteRecord, type SitesStore, sitesStore } from './store.ts';

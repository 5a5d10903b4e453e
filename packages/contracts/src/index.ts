export {
  Cursors,
  Empty,
  ErrorEnvelope,
  FieldViolation,
  Id,
  OpenObject,
  Paging,
  PagingMetadata,
  Query,
  Sorting,
  SortOrder,
  Timestamp,
} from './common.ts';
export {
  type Access,
  type AppName,
  type CallDefinition,
  defineCall,
  type HttpMethod,
  type RequestOf,
  type ResponseOf,
} from './define.ts';
export { ApiKey, createApiKey, deleteApiKey, getJwks, identityCalls, listApiKeys } from './identity.ts';
export { getHealth, platformCalls } from './platform.ts';
export {
  AppNameSchema,
  createOAuthApp,
  deleteOAuthApp,
  getOAuthApp,
  getSite,
  OAuthApp,
  queryOAuthApps,
  Site,
  sitesCalls,
  updateOAuthApp,
  updateSite,
} from './sites.ts';

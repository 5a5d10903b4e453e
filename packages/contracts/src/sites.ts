import { Type } from '@sinclair/typebox';
import { Empty, Id, PagingMetadata, Query, Timestamp } from './common.ts';
import { defineCall } from './define.ts';

export const AppNameSchema = Type.Union([
  Type.Literal('stores'),
  Type.Literal('bookings'),
  Type.Literal('events'),
  Type.Literal('pricing-plans'),
]);

export const Site = Type.Object({
  id: Id,
  name: Type.String(),
  currency: Type.String({ description: 'ISO-4217 code, e.g. USD.' }),
  timeZone: Type.String({ description: 'IANA time zone, e.g. Europe/Lisbon.' }),
  installedApps: Type.Array(AppNameSchema),
  settings: Type.Record(Type.String(), Type.Unknown()),
  createdDate: Timestamp,
  updatedDate: Timestamp,
});

export const getSite = defineCall({
  name: 'getSite',
  method: 'GET',
  paths: ['/plaza/v1/site'],
  access: 'anyone',
  summary: "The caller's site: name, currency, time zone and installed apps; settings only for owners.",
  request: Empty,
  response: Type.Object({ site: Site }),
});

export const updateSite = defineCall({
  name: 'updateSite',
  method: 'PATCH',
  paths: ['/plaza/v1/site'],
  access: 'admin',
  summary: 'Changes the site name, currency, time zone, installed apps or settings.',
  request: Type.Object({
    site: Type.Object({
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
      timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      installedApps: Type.Optional(Type.Array(AppNameSchema, { uniqueItems: true })),
      settings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    }),
  }),
  response: Type.Object({ site: Site }),
});

export const OAuthApp = Type.Object({
  id: Id,
  revision: Type.String(),
  name: Type.String(),
  description: Type.Optional(Type.String()),
  allowedRedirectUris: Type.Array(Type.String()),
  allowedOrigins: Type.Array(Type.String()),
  createdDate: Timestamp,
  updatedDate: Timestamp,
});

const OAuthAppName = Type.String({ minLength: 1, maxLength: 200 });
const OAuthAppFields = {
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  allowedRedirectUris: Type.Optional(
    Type.Array(Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9+.-]*://', maxLength: 2000 }), { maxItems: 50 }),
  ),
  allowedOrigins: Type.Optional(
    Type.Array(Type.String({ pattern: '^https?://[^/]+$', maxLength: 300 }), { maxItems: 50 }),
  ),
};

export const createOAuthApp = defineCall({
  name: 'createOAuthApp',
  method: 'POST',
  paths: ['/oauth-app/v1/oauth-apps'],
  access: 'admin',
  summary: 'Registers an OAuth client (a headless site or app) with its allowed redirect URIs and origins.',
  request: Type.Object({ oAuthApp: Type.Object({ name: OAuthAppName, ...OAuthAppFields }) }),
  response: Type.Object({ oAuthApp: OAuthApp }),
});

export const getOAuthApp = defineCall({
  name: 'getOAuthApp',
  method: 'GET',
  paths: ['/oauth-app/v1/oauth-apps/{oAuthAppId}'],
  access: 'admin',
  summary: 'One OAuth client of the site.',
  request: Type.Object({ oAuthAppId: Id }),
  response: Type.Object({ oAuthApp: OAuthApp }),
});

export const updateOAuthApp = defineCall({
  name: 'updateOAuthApp',
  method: 'PATCH',
  paths: ['/oauth-app/v1/oauth-apps/{oAuthApp.id}'],
  access: 'admin',
  summary:
    'Changes the fields named in `mask` (all given fields without one). Send `revision` to refuse concurrent edits.',
  request: Type.Object({
    oAuthApp: Type.Object({
      id: Id,
      revision: Type.Optional(
        Type.Union([Type.String({ pattern: '^[0-9]+$' }), Type.Integer({ minimum: 0 })]),
      ),
      name: Type.Optional(OAuthAppName),
      ...OAuthAppFields,
    }),
    mask: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
  }),
  response: Type.Object({ oAuthApp: OAuthApp }),
});

export const deleteOAuthApp = defineCall({
  name: 'deleteOAuthApp',
  method: 'DELETE',
  paths: ['/oauth-app/v1/oauth-apps/{oAuthAppId}'],
  access: 'admin',
  summary: 'Removes an OAuth client; tokens it issued stop being renewable.',
  request: Type.Object({ oAuthAppId: Id }),
  response: Empty,
});

export const queryOAuthApps = defineCall({
  name: 'queryOAuthApps',
  method: 'POST',
  paths: ['/oauth-app/v1/oauth-apps/query'],
  access: 'admin',
  summary: "Filters, sorts and pages the site's OAuth clients (query language of map section 5).",
  request: Type.Object({ query: Type.Optional(Query) }),
  response: Type.Object({ oAuthApps: Type.Array(OAuthApp), pagingMetadata: PagingMetadata }),
});

export const sitesCalls = [
  getSite,
  updateSite,
  createOAuthApp,
  getOAuthApp,
  updateOAuthApp,
  deleteOAuthApp,
  queryOAuthApps,
] as const;

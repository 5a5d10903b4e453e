/**
 * Single sign-on (map 15.1, legacy SSO calls): the site's OpenID Connect identity-provider
 * connections and the legacy SSO sign-in calls.
 */
import { Type } from '@sinclair/typebox';
import { Empty, Id, Timestamp } from './common.ts';
import { defineCall } from './define.ts';
import { auth } from './identity-authentication.ts';
import { Identity } from './identity-schemas.ts';

export const IdpConnection = Type.Object({
  id: Id,
  name: Type.String(),
  issuer: Type.String({
    description: 'OpenID Connect issuer; discovery is read from `<issuer>/.well-known/openid-configuration`.',
  }),
  clientId: Type.String({
    description: 'Client id of Plaza at the identity provider (the expected ID-token audience).',
  }),
  hasClientSecret: Type.Boolean({
    description: 'Whether a client secret is set; the secret itself is write-only.',
  }),
  scopes: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  redirectUri: Type.String({
    description: 'Register this redirect URI at the identity provider (read-only).',
  }),
  createdDate: Timestamp,
  updatedDate: Timestamp,
});

const IdpConnectionFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  issuer: Type.String({ minLength: 1, maxLength: 2000, pattern: '^https?://' }),
  clientId: Type.String({ minLength: 1, maxLength: 500 }),
  clientSecret: Type.String({ minLength: 1, maxLength: 2000, description: 'Write-only.' }),
  scopes: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 }),
  enabled: Type.Boolean(),
};

/** RawHttpResponse of map 15.1: `body` is base64, headers a list of `{key, value}`. */
export const RawHttpResponse = Type.Object({
  body: Type.String({ description: 'Response body bytes, base64.' }),
  statusCode: Type.Integer(),
  headers: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
});

export const createIdpConnection = defineCall({
  name: 'createIdpConnection',
  method: 'POST',
  paths: ['/plaza/v1/idp-connections'],
  access: 'admin',
  summary:
    "Adds an OpenID Connect identity provider members can sign in with. The issuer's discovery document is checked when the connection is enabled; the client secret is never returned.",
  request: Type.Object({
    idpConnection: Type.Object({
      name: IdpConnectionFields.name,
      issuer: IdpConnectionFields.issuer,
      clientId: IdpConnectionFields.clientId,
      clientSecret: Type.Optional(IdpConnectionFields.clientSecret),
      scopes: Type.Optional(IdpConnectionFields.scopes),
      enabled: Type.Optional(IdpConnectionFields.enabled),
    }),
  }),
  response: Type.Object({ idpConnection: IdpConnection }),
});

export const listIdpConnections = defineCall({
  name: 'listIdpConnections',
  method: 'GET',
  paths: ['/plaza/v1/idp-connections'],
  access: 'admin',
  summary: "The site's identity-provider connections (without client secrets).",
  request: Empty,
  response: Type.Object({ idpConnections: Type.Array(IdpConnection) }),
});

export const getIdpConnection = defineCall({
  name: 'getIdpConnection',
  method: 'GET',
  paths: ['/plaza/v1/idp-connections/{idpConnectionId}'],
  access: 'admin',
  summary: 'One identity-provider connection (without its client secret).',
  request: Type.Object({ idpConnectionId: Id }),
  response: Type.Object({ idpConnection: IdpConnection }),
});

export const updateIdpConnection = defineCall({
  name: 'updateIdpConnection',
  method: 'PATCH',
  paths: ['/plaza/v1/idp-connections/{idpConnectionId}'],
  access: 'admin',
  summary: 'Changes the given fields of a connection; send `clientSecret` to replace the secret.',
  request: Type.Object({
    idpConnectionId: Id,
    idpConnection: Type.Object({
      name: Type.Optional(IdpConnectionFields.name),
      issuer: Type.Optional(IdpConnectionFields.issuer),
      clientId: Type.Optional(IdpConnectionFields.clientId),
      clientSecret: Type.Optional(IdpConnectionFields.clientSecret),
      scopes: Type.Optional(IdpConnectionFields.scopes),
      enabled: Type.Optional(IdpConnectionFields.enabled),
    }),
  }),
  response: Type.Object({ idpConnection: IdpConnection }),
});

export const deleteIdpConnection = defineCall({
  name: 'deleteIdpConnection',
  method: 'DELETE',
  paths: ['/plaza/v1/idp-connections/{idpConnectionId}'],
  access: 'admin',
  summary: 'Removes a connection; members keep their accounts, sign-ins through it stop at once.',
  request: Type.Object({ idpConnectionId: Id }),
  response: Empty,
});

export const loginWithIdpConnection = defineCall({
  name: 'loginWithIdpConnection',
  method: 'GET',
  paths: auth('/v1/sso/login/{tenantId}/{idpConnectionId}'),
  access: 'public',
  summary:
    'Legacy SSO: starts an authorization-code + PKCE sign-in at the identity provider. `tenantId` is the site id. Needs a continuation: `sessionId` (an `auth` redirect session answering by fragment or query) or `customPayload.clientId` + `customPayload.redirectUrl` (an allowed page of that OAuth app; it receives `#sessionToken&state`). Browsers (Accept: text/html) get a 302; other callers the RawHttpResponse holding it.',
  request: Type.Object({
    tenantId: Id,
    idpConnectionId: Id,
    tenantType: Type.Optional(
      Type.Union(['UNKNOWN_TENANT_TYPE', 'ACCOUNT', 'SITE', 'ROOT'].map((t) => Type.Literal(t))),
    ),
    customPayload: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 2000 }))),
    sessionId: Type.Optional(Type.String({ maxLength: 200 })),
    encryptionKey: Type.Optional(Type.String({ maxLength: 500 })),
    visitorId: Type.Optional(Type.String({ maxLength: 200 })),
    bsi: Type.Optional(Type.String({ maxLength: 500 })),
  }),
  response: RawHttpResponse,
});

export const ssoCallback = defineCall({
  name: 'ssoCallback',
  method: 'GET',
  paths: ['/plaza/v1/sso/callback/{idpConnectionId}'],
  access: 'public',
  summary:
    'Where the identity provider sends the browser back (register this redirect URI there). Exchanges the code, verifies the ID token (issuer, audience, signature, expiry, nonce), finds or creates the member by verified e-mail and continues with `/v1/callback?state&sessionToken`.',
  request: Type.Object({
    idpConnectionId: Id,
    code: Type.Optional(Type.String({ maxLength: 4000 })),
    state: Type.Optional(Type.String({ maxLength: 500 })),
    iss: Type.Optional(Type.String({ maxLength: 2000 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
    error_description: Type.Optional(Type.String({ maxLength: 2000 })),
  }),
  response: RawHttpResponse,
});

export const loginCallback = defineCall({
  name: 'loginCallback',
  method: 'GET',
  paths: auth('/v1/callback'),
  access: 'public',
  summary:
    'Legacy SSO: finishes a signed-in SSO state with its session token: redirects to the redirect session (code + state to the OAuth app) or to the stored page. Each state continues once.',
  request: Type.Object({
    state: Type.String({ maxLength: 500 }),
    sessionToken: Type.String({ maxLength: 500 }),
  }),
  response: RawHttpResponse,
});

export const loginWithIdpConnectionTokenParams = defineCall({
  name: 'loginWithIdpConnectionTokenParams',
  method: 'POST',
  paths: auth('/v1/sso/login-with-token-params'),
  access: 'public',
  summary:
    'Legacy SSO: signs a member in with tokens the app got from the identity provider itself (`tokenParams.id_token`, optional `access_token` for userinfo, `nonce`, or the `state` of a started SSO login). Plaza extension: answers a single-use session token (for a redirect session or `/v1/callback`) and the identity.',
  request: Type.Object({
    idpConnectionId: Id,
    tokenParams: Type.Record(Type.String(), Type.String({ maxLength: 20_000 })),
  }),
  response: Type.Object({
    sessionToken: Type.Optional(Type.String()),
    identity: Type.Optional(Identity),
  }),
});

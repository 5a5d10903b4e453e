/**
 * OAuth: the token endpoint, token introspection, the JWKS that verifies access tokens, and the
 * admin API keys. API keys live here because they are the credential of the token endpoint's
 * `authorized_client` grant.
 */
import { Type } from '@sinclair/typebox';
import { Empty, Id, Timestamp } from './common.ts';
import { defineCall } from './define.ts';
import { TokenInfo, TokenRequest, TokenResponse } from './identity-schemas.ts';

export const ApiKey = Type.Object({
  id: Id,
  name: Type.String(),
  keyPrefix: Type.String({ description: 'First characters of the key, to recognise it.' }),
  createdDate: Timestamp,
});

export const createApiKey = defineCall({
  name: 'createApiKey',
  method: 'POST',
  paths: ['/plaza/v1/api-keys'],
  access: 'admin',
  summary:
    'Creates an admin API key for server-to-server calls. The key is returned once; only its hash is kept.',
  request: Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) }),
  response: Type.Object({ apiKey: ApiKey, key: Type.String() }),
});

export const listApiKeys = defineCall({
  name: 'listApiKeys',
  method: 'GET',
  paths: ['/plaza/v1/api-keys'],
  access: 'admin',
  summary: "The site's API keys (without the keys themselves).",
  request: Empty,
  response: Type.Object({ apiKeys: Type.Array(ApiKey) }),
});

export const deleteApiKey = defineCall({
  name: 'deleteApiKey',
  method: 'DELETE',
  paths: ['/plaza/v1/api-keys/{apiKeyId}'],
  access: 'admin',
  summary: 'Revokes an API key at once.',
  request: Type.Object({ apiKeyId: Id }),
  response: Empty,
});

export const getJwks = defineCall({
  name: 'getJwks',
  method: 'GET',
  paths: ['/oauth2/jwks', '/_api/oauth2/jwks'],
  access: 'public',
  summary: 'Public keys that verify Plaza access tokens (JSON Web Key Set).',
  request: Empty,
  response: Type.Object({
    keys: Type.Array(
      Type.Object({
        kty: Type.String(),
        kid: Type.String(),
        alg: Type.String(),
        use: Type.String(),
        crv: Type.Optional(Type.String()),
        x: Type.Optional(Type.String()),
        y: Type.Optional(Type.String()),
      }),
    ),
  }),
});

// --- OAuth endpoints (map 6.1, 6.7, 15.4) -----------------------------------------------------

export const token = defineCall({
  name: 'token',
  method: 'POST',
  paths: ['/oauth2/token', '/_api/oauth2/token'],
  access: 'public',
  summary:
    'Token endpoint: grants `anonymous`, `refresh_token` (reusable until revoked), `authorization_code` (PKCE S256) and `authorized_client` (admin API key in `Authorization`).',
  request: TokenRequest,
  response: TokenResponse,
});

export const tokenInfo = defineCall({
  name: 'tokenInfo',
  method: 'POST',
  paths: ['/oauth2/token-info', '/_api/oauth2/token-info'],
  access: 'public',
  summary:
    'Who an access or refresh token speaks for; `{active: false}` when it is invalid, expired or revoked.',
  request: Type.Object({ token: Type.String({ maxLength: 4000 }) }),
  response: TokenInfo,
});

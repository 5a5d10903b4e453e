import { Type } from '@sinclair/typebox';
import { Empty, Id, Timestamp } from './common.ts';
import { defineCall } from './define.ts';

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

export const identityCalls = [createApiKey, listApiKeys, deleteApiKey, getJwks] as const;

export {
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKEN_TTL_SECONDS,
  type AccessTokens,
  accessTokens,
  type TokenSubject,
} from './access-tokens.ts';
export { API_KEY_PREFIX, type ApiKeys, apiKeys } from './api-keys.ts';
export { authenticator } from './authenticate.ts';
export { type IdentityDeps, identityRoutes } from './routes.ts';
export { type SigningKeys, signingKeys } from './signing-keys.ts';

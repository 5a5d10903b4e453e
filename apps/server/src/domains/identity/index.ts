export {
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKEN_TTL_SECONDS,
  type AccessTokens,
  accessTokens,
  type TokenSubject,
} from './access-tokens.ts';
export { API_KEY_PREFIX, type ApiKeys, apiKeys } from './api-keys.ts';
export { authenticator } from './authenticate.ts';
export { identityErrors } from './errors.ts';
export { type IdentityDeps, identityRoutes } from './routes.ts';
export { AUTHORIZATION_CODE_TTL_MS, type CodeRequest, issueAuthorizationCode } from './service/authorize.ts';
export { allowsPageUrl, allowsRedirectUri, findClient, type OAuthClient } from './service/clients.ts';
export {
  type CaptchaVerifier,
  type IdentityContext,
  type IdentitySettings,
  testTokenCaptcha,
} from './service/context.ts';
export { isEmail, passwordViolation } from './service/policy.ts';
export { scheduleThrottleRetention } from './service/throttle.ts';
export { revokeSession, verifyQuietly } from './service/tokens.ts';
export { type SessionGuard, sessionGuard } from './session-guard.ts';
export { type SigningKeys, signingKeys } from './signing-keys.ts';
export { type SsoDeps, type SsoRedirects, ssoDeps } from './sso/index.ts';
export { type IdentityStores, identityStores } from './store/index.ts';

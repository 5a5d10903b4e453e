// Public surface of @plaza/sdk. Named re-exports only, so bundlers keep what a page uses.

export { getSiteIdFromToken, InvalidTokenError, parseAccessToken } from './auth/access-token.ts';
export { ApiKeyStrategy } from './auth/api-key-strategy.ts';
export { type LoginErrorCode, type LoginResult, LoginState } from './auth/login-state.ts';
export { OAuthStrategy } from './auth/oauth-strategy.ts';
export type {
  AuthUrl,
  AuthUrlOptions,
  CaptchaTokens,
  LoginParams,
  OAuthData,
  OAuthStrategyInstance,
  OAuthStrategyOptions,
  ParsedCallback,
  RegisterParams,
  ResponseMode,
} from './auth/oauth-types.ts';
export { createCodeChallenge, generateCodeVerifier, generateState } from './auth/pkce.ts';
export { type CookieTokenStoreOptions, cookieTokenStore, memoryTokenStore } from './auth/token-stores.ts';
export {
  type AccessToken,
  emptyTokens,
  type RefreshToken,
  type TokenRole,
  type TokenStore,
  type Tokens,
} from './auth/tokens.ts';
export { OAUTH_FLOW_TIMEOUT_MS } from './auth/web-message.ts';
export {
  type CallFunction,
  type CallOptions,
  type CallRequest,
  type CallResponse,
  call,
  type Module,
  type ModuleMember,
} from './core/calls.ts';
export type { AcceptDates, WithDates } from './core/dates.ts';
export { MAX_QUERY_STRING_LENGTH, packedQueryString, toQueryString } from './core/encode.ts';
export {
  type ApplicationError,
  type FieldViolation,
  PlazaError,
  type PlazaErrorDetails,
} from './core/errors.ts';
export type { AuthStrategy, FetchFunction } from './core/types.ts';
export {
  type BoundModule,
  type ClientOptions,
  createClient,
  type GraphqlAnswer,
  type GraphqlError,
  type PlazaClient,
} from './create-client.ts';
export { bookings } from './modules/bookings.ts';
export { ecom } from './modules/ecom.ts';
export { events } from './modules/events.ts';
export { identity } from './modules/identity.ts';
export { mailbox } from './modules/mailbox.ts';
export { plans } from './modules/plans.ts';
export { platform } from './modules/platform.ts';
export { redirects } from './modules/redirects.ts';
export { sites } from './modules/sites.ts';
export { STORES_APP_ID, STORES_APP_ID_V3, stores } from './modules/stores.ts';
export { webhooks } from './modules/webhooks.ts';
export { DEFAULT_QUERY_LIMIT, QueryBuilder } from './query/builder.ts';
export type { FieldPath, FieldValue } from './query/field-path.ts';
export { type QueryFunction, queryCall } from './query/query-call.ts';
export type { Filter, PagingMetadata, QueryResult, Sorting, WireQuery } from './query/types.ts';
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookEvent,
  type WebhookJwk,
  WebhookVerificationError,
} from './webhooks/verify.ts';

export { connectionView } from './connections.ts';
export { callbackUrl, type SsoDeps, type SsoRedirects, ssoDeps } from './context.ts';
export { ssoErrors } from './errors.ts';
export {
  continueSsoLogin,
  loginWithTokenParams,
  SSO_STATE_TTL_MS,
  ssoCallback,
  startSsoLogin,
} from './login.ts';
export { oidcClient } from './oidc.ts';
export { ssoHandlers } from './routes.ts';
export { type SsoStore, ssoStore } from './store.ts';

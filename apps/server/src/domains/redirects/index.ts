export { type AccountSources, accountRoutes, membersAccountIntent } from './account.ts';
export { authorizeRedirectSession, completeRedirectLogout } from './complete.ts';
export { redirectsErrors } from './errors.ts';
export { redirectsRoutes } from './routes.ts';
export {
  createRedirectSession,
  getRedirectSession,
  REDIRECT_SESSION_TTL_MS,
  type RedirectIntent,
  type RedirectsDeps,
} from './service.ts';
export { type RedirectSessionRecord, type RedirectsStore, redirectsStore } from './store.ts';

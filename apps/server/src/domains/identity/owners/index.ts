export { installOwnerSessionRoutes } from './routes.ts';
export { CSRF_HEADER, OWNER_COOKIE, type OwnerSessionsDeps, ownerCaller } from './service.ts';
export { type OwnerSessionStore, ownerSessionStore } from './store.ts';

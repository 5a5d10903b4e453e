import type { KeyValueStore } from './storage.ts';

export const CLIENT_ID_KEY = 'plaza-demo.clientId';

/**
 * The seed's client-id rule: tokens belong to the OAuth client that issued them, so when the
 * client id the app was built with differs from the one stored at the last visit, the session
 * cookie is removed (visitor tokens are generated again) and the new id is stored. Returns
 * whether the session was reset. A first visit (nothing stored) counts as a change.
 */
export function applyClientIdRule(
  clientId: string,
  store: KeyValueStore,
  removeSession: () => void,
): boolean {
  if (store.getItem(CLIENT_ID_KEY) === clientId) return false;
  removeSession();
  store.setItem(CLIENT_ID_KEY, clientId);
  return true;
}

import type { KeyValueStore } from './storage.ts';

/** Remembered choices, kept in localStorage. */
export const FLAG_KEYS = {
  /** "Don't show again" on the CodeSandbox login-environment modal. */
  loginModalDismissed: 'plaza-demo.loginModal.dontShowAgain',
  /** The client-id toast was closed. */
  clientIdToastClosed: 'plaza-demo.clientIdToast.closed',
} as const;

export type FlagName = keyof typeof FLAG_KEYS;

export const readFlag = (store: KeyValueStore, flag: FlagName): boolean =>
  store.getItem(FLAG_KEYS[flag]) === 'true';

export const writeFlag = (store: KeyValueStore, flag: FlagName): void =>
  store.setItem(FLAG_KEYS[flag], 'true');

/** The toast shows while the default (demo) client id is in use, until the user closes it. */
export const shouldShowClientIdToast = (
  clientId: string,
  defaultClientId: string,
  store: KeyValueStore,
): boolean => clientId === defaultClientId && !readFlag(store, 'clientIdToastClosed');

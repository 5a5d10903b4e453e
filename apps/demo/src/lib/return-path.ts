import { LOGIN_CALLBACK_PATH } from '../config.ts';

/**
 * Where to go after sign-in: the page it started from when that is on this origin (path, query
 * and hash), else home. Never the callback itself, never another origin.
 */
export function returnPath(originalUri: string, origin: string): string {
  try {
    const url = new URL(originalUri, origin);
    if (url.origin !== origin || url.pathname === LOGIN_CALLBACK_PATH) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

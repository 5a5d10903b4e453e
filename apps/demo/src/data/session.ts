/** Visitor and member sessions: tokens at start, the member's name, sign-in and logout. */
import type { OAuthData } from '@plaza/sdk';
import { client } from '../api.ts';
import { LOGIN_CALLBACK_PATH } from '../config.ts';
import { session } from '../lib/storage.ts';

/**
 * Makes sure there are tokens before the app calls anything: the stored ones while fresh, else a
 * renewal with the refresh token, else a new anonymous visitor grant. Rejects when even the
 * anonymous grant fails (a wrong client id, or no server).
 */
let starting: Promise<void> | undefined;
export function ensureTokens(): Promise<void> {
  starting ??= (async () => {
    const tokens = client.auth.getTokens();
    const fresh = await client.auth.generateVisitorTokens(tokens);
    if (fresh !== tokens) client.auth.setTokens(fresh);
  })();
  return starting;
}

export interface MemberSummary {
  nickname: string;
}

/** The signed-in member's display name, or null for a visitor. */
export async function loadMember(): Promise<MemberSummary | null> {
  if (!client.auth.loggedIn()) return null;
  try {
    const { member } = await client.members.getCurrentMember();
    const name = member.profile.nickname || member.profile.firstName || member.loginEmail;
    return { nickname: name || 'member' };
  } catch (error) {
    console.error('Failed to get the current member', error);
    return { nickname: 'member' };
  }
}

/** Where the sign-in flow keeps its PKCE verifier and state until the callback (this tab only). */
export const OAUTH_DATA_KEY = 'plaza-demo.oauthData';

/** Starts sign-in on the hosted page; resolves after the browser was sent there. */
export async function startLogin(): Promise<void> {
  const oauthData = await client.auth.generateOAuthData(
    `${window.location.origin}${LOGIN_CALLBACK_PATH}`,
    window.location.href,
  );
  session.setItem(OAUTH_DATA_KEY, JSON.stringify(oauthData));
  const { authUrl } = await client.auth.getAuthUrl(oauthData);
  window.location.href = authUrl;
}

export function readOAuthData(): OAuthData | null {
  try {
    const saved = JSON.parse(session.getItem(OAUTH_DATA_KEY) ?? 'null') as OAuthData | null;
    return saved && typeof saved.state === 'string' && typeof saved.codeVerifier === 'string' ? saved : null;
  } catch {
    return null;
  }
}

/**
 * Completes sign-in on the callback page: checks code and state, exchanges the code for member
 * tokens and stores them in the `session` cookie. Returns the page to go back to.
 */
export async function completeLogin(url: string): Promise<string> {
  const saved = readOAuthData();
  const { code, state, error, errorDescription } = client.auth.parseFromUrl(url, 'fragment');
  if (error) throw new Error(errorDescription || error);
  if (!saved) throw new Error('This sign-in was not started in this tab, or it was already completed.');
  const tokens = await client.auth.getMemberTokens(code, state, saved);
  client.auth.setTokens(tokens);
  session.removeItem(OAUTH_DATA_KEY);
  return saved.originalUri;
}

/** Ends the member session: the SDK clears the tokens; the hosted logout page returns here. */
export async function startLogout(): Promise<void> {
  const { logoutUrl } = await client.auth.logout(window.location.href);
  if (logoutUrl) window.location.href = logoutUrl;
  else window.location.reload();
}

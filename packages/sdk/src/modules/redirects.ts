import type {
  authorizeRedirectSession,
  completeRedirectLogout,
  createRedirectSession,
  getRedirectSession,
} from '@plaza/contracts';
import { call } from '../core/calls.ts';
import { redirectsCalls } from '../generated/calls.ts';

/**
 * Redirect sessions: send a visitor to a hosted page (sign-in, logout, checkout) and back. The
 * OAuth strategy creates the sign-in and logout sessions itself; the last three calls serve the
 * hosted pages.
 */
export const redirects = {
  /**
   * Creates a redirect session for one intent and answers the hosted page's URL.
   * @example
   * const { redirectSession } = await client.redirects.createRedirectSession({
   *   login: {},
   *   callbacks: { postFlowUrl: location.href },
   * });
   * location.href = redirectSession.fullUrl;
   */
  createRedirectSession: call<typeof createRedirectSession>(redirectsCalls, 'createRedirectSession'),
  /**
   * For hosted pages: what a redirect session asks for (intent, client, prompt).
   * @example const { redirectSession } = await client.redirects.getRedirectSession({ redirectSessionId });
   */
  getRedirectSession: call<typeof getRedirectSession>(redirectsCalls, 'getRedirectSession'),
  /**
   * For hosted pages: completes an `auth` session with a login's session token.
   * @example
   * const { redirectUrl, webMessage } = await client.redirects.authorizeRedirectSession({ redirectSessionId, sessionToken });
   */
  authorizeRedirectSession: call<typeof authorizeRedirectSession>(redirectsCalls, 'authorizeRedirectSession'),
  /**
   * For the hosted logout page: ends the creator's session and answers the post-flow URL.
   * @example const { redirectUrl } = await client.redirects.completeRedirectLogout({ redirectSessionId });
   */
  completeRedirectLogout: call<typeof completeRedirectLogout>(redirectsCalls, 'completeRedirectLogout'),
};

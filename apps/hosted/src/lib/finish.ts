import { api, paths } from '../api.ts';
import { type Delivered, deliver, deliveryFor, type FlowResult } from './delivery.ts';
import { clearPending, type RedirectSessionInfo } from './session.ts';

/** The last step of every sign-in page: turn the session token into the client's code and hand it over. */

export const authorizeSession = (sessionId: string, sessionToken?: string) =>
  api<FlowResult>('POST', paths.authorizeRedirectSession(sessionId), {
    body: sessionToken ? { sessionToken } : {},
  });

export const completeLogout = (sessionId: string) =>
  api<FlowResult>('POST', paths.completeRedirectLogout(sessionId), { body: {} });

/**
 * Completes the redirect session: `auth` sessions are authorized and the code delivered;
 * `login` sessions (no client callback to answer) go to their post-flow page when they have one.
 */
export async function finishSignIn(session: RedirectSessionInfo, sessionToken: string): Promise<Delivered> {
  clearPending(session.id);
  if (session.intent === 'auth') {
    const result = await authorizeSession(session.id, sessionToken);
    return deliver(deliveryFor(result), window);
  }
  return deliver(deliveryFor({ redirectUrl: session.postFlowUrl }), window);
}

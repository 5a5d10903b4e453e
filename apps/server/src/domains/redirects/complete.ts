import { AppError } from '../../lib/errors.ts';
import { allowsRedirectUri, findClient, issueAuthorizationCode, revokeSession } from '../identity/index.ts';
import { redirectsErrors } from './errors.ts';
import type { RedirectsDeps } from './service.ts';
import type { RedirectSessionRecord, StoredRequest } from './store.ts';

/** The server side of the hosted pages: finishing `auth` and `logout` sessions. */

async function openSession(deps: RedirectsDeps, id: string, intent: string): Promise<RedirectSessionRecord> {
  const session = await deps.store.get(id);
  if (!session) throw redirectsErrors.notFound(id);
  if (session.intent !== intent) throw redirectsErrors.wrongIntent(id, session.intent, intent);
  if (session.completedDate) throw redirectsErrors.completed(id);
  if (session.expiresDate <= deps.identity.clock.now().toISOString()) throw redirectsErrors.expired(id);
  return session;
}

type AuthRequest = NonNullable<StoredRequest['auth']>;

/** Where the result goes, by response mode (map 6.4): fragment, query, or a window message. */
function deliver(auth: AuthRequest, params: Record<string, string>) {
  const values = { ...params, state: auth.state };
  if (auth.responseMode === 'web_message')
    return {
      webMessage: { targetOrigin: auth.targetOrigin ?? new URL(auth.redirectUri).origin, data: values },
    };
  if (auth.responseMode === 'query') {
    const [base = '', fragment] = auth.redirectUri.split('#');
    const separator = base.includes('?') ? '&' : '?';
    return {
      redirectUrl: `${base}${separator}${new URLSearchParams(values)}${fragment === undefined ? '' : `#${fragment}`}`,
    };
  }
  return { redirectUrl: `${auth.redirectUri.split('#')[0]}#${new URLSearchParams(values)}` };
}

const oauthError = (error: AppError) =>
  ['MEMBER_BLOCKED', 'MEMBER_NOT_APPROVED'].includes(error.code) ? 'access_denied' : 'login_required';

/**
 * Issues the authorization code for the member proven by `sessionToken` (from login / register
 * SUCCESS, or the one given in the authorization request), or for the member who created the
 * session. Failures of the member's proof go back to the client as `error` + `error_description`;
 * a session or client that is not valid any more is a 4xx here (never a redirect).
 */
export async function authorizeRedirectSession(
  deps: RedirectsDeps,
  id: string,
  sessionToken: string | undefined,
) {
  const session = await openSession(deps, id, 'auth');
  const auth = session.request.auth!;
  const client = await findClient(deps.identity, auth.clientId, session.siteId);
  const stillAllowed = auth.redirectUri
    ? client && allowsRedirectUri(client, auth.redirectUri)
    : client && auth.targetOrigin && client.allowedOrigins.includes(auth.targetOrigin);
  if (!client || !stillAllowed) throw redirectsErrors.clientChanged(id);
  const token = sessionToken ?? auth.sessionToken;
  const memberId = !token && session.callerKind === 'member' ? session.callerId : undefined;
  if (!token && !memberId)
    return deliver(auth, { error: 'login_required', error_description: 'The member must sign in first' });
  try {
    const { code, memberId: signedIn } = await issueAuthorizationCode(deps.identity, {
      siteId: session.siteId,
      clientId: client.id,
      redirectUri: auth.redirectUri,
      codeChallenge: auth.codeChallenge,
      sessionToken: token,
      memberId,
    });
    if (!(await deps.store.complete(id, deps.identity.clock.now().toISOString())))
      throw redirectsErrors.completed(id);
    if (session.callerKind === 'visitor')
      await deps.onVisitorSignedIn?.(session.siteId, session.callerId, signedIn);
    return deliver(auth, { code });
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && error.code !== 'REDIRECT_SESSION_USED')
      return deliver(auth, { error: oauthError(error), error_description: error.description });
    throw error;
  }
}

/** Ends the session of the member who created the logout session and answers the post-flow page. */
export async function completeRedirectLogout(deps: RedirectsDeps, id: string) {
  const session = await openSession(deps, id, 'logout');
  if (session.callerSessionId) await revokeSession(deps.identity, session.siteId, session.callerSessionId);
  await deps.store.complete(id, deps.identity.clock.now().toISOString());
  return session.request.postFlowUrl ? { redirectUrl: session.request.postFlowUrl } : {};
}

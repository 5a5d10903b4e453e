import { authorizeRedirectSession, type RedirectsDeps } from '../../redirects/index.ts';
import type { SsoRedirects } from './context.ts';
import { ssoErrors } from './errors.ts';

/**
 * Redirect sessions as SSO uses them. Imported by deps.ts only (redirects depends on identity, so
 * identity must not import redirects).
 */
export function ssoRedirects(redirects: RedirectsDeps): SsoRedirects {
  return {
    async check(siteId, sessionId) {
      const session = await redirects.store.get(sessionId);
      if (!session || session.siteId !== siteId)
        throw ssoErrors.badRedirectSession(`No redirect session ${sessionId} on this site.`);
      if (session.intent !== 'auth')
        throw ssoErrors.badRedirectSession('Only an `auth` redirect session can continue an SSO sign-in.');
      if (session.completedDate)
        throw ssoErrors.badRedirectSession('The redirect session is already completed.');
      if (session.expiresDate <= redirects.identity.clock.now().toISOString())
        throw ssoErrors.badRedirectSession('The redirect session has expired.');
      if (session.request.auth?.responseMode === 'web_message')
        throw ssoErrors.badRedirectSession(
          'A web_message redirect session cannot continue after a full-page SSO redirect; use fragment or query.',
        );
    },
    authorize: (sessionId, sessionToken) => authorizeRedirectSession(redirects, sessionId, sessionToken),
  };
}

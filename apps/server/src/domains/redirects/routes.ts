import { redirectsCalls } from '@plaza/contracts';
import { callModule } from '../../http/calls.ts';
import { authorizeRedirectSession, completeRedirectLogout } from './complete.ts';
import { createRedirectSession, getRedirectSession, type RedirectsDeps } from './service.ts';

export function redirectsRoutes(deps: RedirectsDeps) {
  return callModule('redirects', redirectsCalls, {
    createRedirectSession: (input, { caller }) => createRedirectSession(deps, caller, input as never),
    getRedirectSession: ({ redirectSessionId }) => getRedirectSession(deps, redirectSessionId),
    authorizeRedirectSession: ({ redirectSessionId, sessionToken }) =>
      authorizeRedirectSession(deps, redirectSessionId, sessionToken),
    completeRedirectLogout: ({ redirectSessionId }) => completeRedirectLogout(deps, redirectSessionId),
  });
}

import type { identityCalls } from '@plaza/contracts';
import type { FastifyRequest } from 'fastify';
import type { Handlers } from '../../../http/calls.ts';
import { Redirect } from '../../../lib/raw-json.ts';
import {
  createConnection,
  deleteConnection,
  getConnection,
  listConnections,
  updateConnection,
} from './connections.ts';
import type { SsoDeps } from './context.ts';
import { continueSsoLogin, loginWithTokenParams, ssoCallback, startSsoLogin } from './login.ts';

type IdentityHandlers = Handlers<typeof identityCalls>;
type SsoCallName =
  | 'createIdpConnection'
  | 'listIdpConnections'
  | 'getIdpConnection'
  | 'updateIdpConnection'
  | 'deleteIdpConnection'
  | 'loginWithIdpConnection'
  | 'ssoCallback'
  | 'loginCallback'
  | 'loginWithIdpConnectionTokenParams';

/**
 * A browser navigation (Accept names text/html, not application/json) gets a real 302; API
 * clients such as the legacy SDK get the RawHttpResponse holding it (map 15.1).
 */
export function redirectAnswer(request: FastifyRequest, location: string) {
  const accept = String(request.headers.accept ?? '');
  if (accept.includes('text/html') && !accept.includes('application/json')) return new Redirect(location);
  return {
    body: '',
    statusCode: 302,
    headers: [
      { key: 'Location', value: location },
      { key: 'Cache-Control', value: 'no-store' },
    ],
  };
}

/** The SSO calls' handlers, spread into the identity module. */
export function ssoHandlers(deps: SsoDeps): Pick<IdentityHandlers, SsoCallName> {
  return {
    createIdpConnection: ({ idpConnection }, { caller }) =>
      createConnection(deps, caller.siteId, idpConnection),
    listIdpConnections: (_input, { caller }) => listConnections(deps, caller.siteId),
    getIdpConnection: ({ idpConnectionId }, { caller }) =>
      getConnection(deps, caller.siteId, idpConnectionId),
    updateIdpConnection: ({ idpConnectionId, idpConnection }, { caller }) =>
      updateConnection(deps, caller.siteId, idpConnectionId, idpConnection),
    deleteIdpConnection: ({ idpConnectionId }, { caller }) =>
      deleteConnection(deps, caller.siteId, idpConnectionId),

    loginWithIdpConnection: async (input, { request }) =>
      redirectAnswer(request, await startSsoLogin(deps, input)),
    ssoCallback: async (input, { request }) => redirectAnswer(request, await ssoCallback(deps, input)),
    loginCallback: async (input, { request }) => redirectAnswer(request, await continueSsoLogin(deps, input)),
    loginWithIdpConnectionTokenParams: async (input) => (await loginWithTokenParams(deps, input)) as never,
  };
}

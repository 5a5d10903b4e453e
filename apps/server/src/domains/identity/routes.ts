import { identityCalls } from '@plaza/contracts';
import { callModule } from '../../http/calls.ts';
import { Redirect } from '../../lib/raw-json.ts';
import type { ApiKeys } from './api-keys.ts';
import { logout } from './service/authorize.ts';
import type { IdentityContext } from './service/context.ts';
import {
  approveMember,
  blockMember,
  changePassword,
  getCurrentMember,
  getMember,
  listMembers,
  setEmailFactor,
  signOn,
} from './service/members.ts';
import { recover, sendActivationEmail, sendRecoveryEmail } from './service/recovery.ts';
import { login, register, validateEmail } from './service/sign-in.ts';
import { grantTokens, tokenInfo } from './service/tokens.ts';
import { resendVerification, startVerification, verifyCode, verifyFactor } from './service/verification.ts';
import type { SigningKeys } from './signing-keys.ts';
import type { SsoDeps } from './sso/context.ts';
import { ssoHandlers } from './sso/routes.ts';

export interface IdentityDeps {
  apiKeys: ApiKeys;
  signingKeys: SigningKeys;
  context: IdentityContext;
  sso: SsoDeps;
}

/** Responses carry the stored Identity; its loose profile type meets the contract's schema here. */
const asResponse = <T>(value: T) => value as never;

export function identityRoutes(deps: IdentityDeps) {
  const ctx = deps.context;
  return callModule('identity', identityCalls, {
    createApiKey: async ({ name }, { caller }) => deps.apiKeys.create(caller.siteId, name),
    listApiKeys: async (_input, { caller }) => ({ apiKeys: await deps.apiKeys.list(caller.siteId) }),
    deleteApiKey: async ({ apiKeyId }, { caller }) => {
      await deps.apiKeys.delete(caller.siteId, apiKeyId);
      return {};
    },
    getJwks: async () => (await deps.signingKeys.jwks()) as never,

    token: (input, { request }) => grantTokens(ctx, input, request.headers.authorization),
    tokenInfo: ({ token }) => tokenInfo(ctx, token),

    register: async (input, { caller }) => asResponse(await register(ctx, caller, input)),
    login: async (input, { caller, request }) => asResponse(await login(ctx, caller, input, request.ip)),
    changePassword: ({ newPassword }, { caller }) => changePassword(ctx, caller, newPassword),
    signOn: async (input, { caller }) => asResponse(await signOn(ctx, caller, input)),
    logout: async (input, { request }) => {
      const { redirectTo } = await logout(ctx, input, request.headers.authorization);
      return redirectTo ? new Redirect(redirectTo) : {};
    },
    validateEmail: ({ email }) => validateEmail(email),
    verifyFactor: async (input, { caller }) => asResponse(await verifyFactor(ctx, caller, input)),

    sendRecoveryEmail: (input, { caller }) => sendRecoveryEmail(ctx, caller, input),
    sendActivationEmail: (input, { caller }) => sendActivationEmail(ctx, caller, input),
    recover: async (input) => asResponse(await recover(ctx, input)),

    startVerification: (input, { caller }) => startVerification(ctx, caller, input),
    verifyDuringAuthentication: async (input, { caller }) => asResponse(await verifyCode(ctx, caller, input)),
    resendDuringAuthentication: async ({ stateToken }, { caller }) =>
      asResponse(await resendVerification(ctx, caller, stateToken)),

    getCurrentMember: async (_input, { caller }) => asResponse(await getCurrentMember(ctx, caller)),
    listMembers: async (input, { caller }) => asResponse(await listMembers(ctx, caller.siteId, input)),
    getMember: async ({ id }, { caller }) => asResponse(await getMember(ctx, caller.siteId, id)),
    approveMember: async ({ memberId }, { caller }) =>
      asResponse(await approveMember(ctx, caller.siteId, memberId)),
    blockMember: async ({ memberId }, { caller }) =>
      asResponse(await blockMember(ctx, caller.siteId, memberId)),
    setEmailFactor: async ({ enabled }, { caller }) => asResponse(await setEmailFactor(ctx, caller, enabled)),

    ...ssoHandlers(deps.sso),
  });
}

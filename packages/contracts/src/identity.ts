/**
 * The identity domain's public face: every identity call, defined in the `identity-<use case>.ts`
 * files beside this one, re-exported here and listed in `identityCalls`. The generated SDK table
 * (`packages/sdk/src/generated/calls.ts`) follows the list's order, so keep it stable.
 */

import {
  changePassword,
  login,
  logout,
  register,
  signOn,
  validateEmail,
  verifyFactor,
} from './identity-authentication.ts';
import { approveMember, blockMember, getCurrentMember, setEmailFactor } from './identity-members.ts';
import {
  ApiKey,
  createApiKey,
  deleteApiKey,
  getJwks,
  listApiKeys,
  token,
  tokenInfo,
} from './identity-oauth.ts';
import { recover, sendActivationEmail, sendRecoveryEmail } from './identity-recovery.ts';
import {
  createIdpConnection,
  deleteIdpConnection,
  getIdpConnection,
  IdpConnection,
  listIdpConnections,
  loginCallback,
  loginWithIdpConnection,
  loginWithIdpConnectionTokenParams,
  RawHttpResponse,
  ssoCallback,
  updateIdpConnection,
} from './identity-sso.ts';
import {
  resendDuringAuthentication,
  startVerification,
  verifyDuringAuthentication,
} from './identity-verification.ts';

export { mailboxCalls, queryMailbox } from './identity-mailbox.ts';
export {
  ApiKey,
  approveMember,
  blockMember,
  changePassword,
  createApiKey,
  createIdpConnection,
  deleteApiKey,
  deleteIdpConnection,
  getCurrentMember,
  getIdpConnection,
  getJwks,
  IdpConnection,
  listApiKeys,
  listIdpConnections,
  login,
  loginCallback,
  loginWithIdpConnection,
  loginWithIdpConnectionTokenParams,
  logout,
  RawHttpResponse,
  recover,
  register,
  resendDuringAuthentication,
  sendActivationEmail,
  sendRecoveryEmail,
  setEmailFactor,
  signOn,
  ssoCallback,
  startVerification,
  token,
  tokenInfo,
  updateIdpConnection,
  validateEmail,
  verifyDuringAuthentication,
  verifyFactor,
};

export const identityCalls = [
  createApiKey,
  listApiKeys,
  deleteApiKey,
  getJwks,
  token,
  tokenInfo,
  register,
  login,
  changePassword,
  signOn,
  logout,
  validateEmail,
  verifyFactor,
  sendRecoveryEmail,
  sendActivationEmail,
  recover,
  startVerification,
  verifyDuringAuthentication,
  resendDuringAuthentication,
  getCurrentMember,
  approveMember,
  blockMember,
  setEmailFactor,
  createIdpConnection,
  listIdpConnections,
  getIdpConnection,
  updateIdpConnection,
  deleteIdpConnection,
  loginWithIdpConnection,
  ssoCallback,
  loginCallback,
  loginWithIdpConnectionTokenParams,
] as const;

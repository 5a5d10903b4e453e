import type {
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
  getMember,
  listApiKeys,
  listIdpConnections,
  listMembers,
  login,
  loginCallback,
  loginWithIdpConnection,
  loginWithIdpConnectionTokenParams,
  logout,
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
} from '@plaza/contracts';
import { call } from '../core/calls.ts';
import { identityCalls } from '../generated/calls.ts';

/**
 * Members, API keys and the raw identity calls. For visitor and member sign-in in an app, prefer
 * `OAuthStrategy` (`register`, `login`, `processVerification`, `getMemberTokens` …), which wraps
 * the authentication calls below and keeps the tokens.
 */
export const identity = {
  /**
   * Creates an admin API key for server-to-server calls; `key` is returned this once only. Admin.
   * @example const { apiKey, key } = await admin.identity.createApiKey({ name: 'CI' });
   */
  createApiKey: call<typeof createApiKey>(identityCalls, 'createApiKey'),
  /**
   * The site's API keys, without the keys themselves. Admin.
   * @example const { apiKeys } = await admin.identity.listApiKeys();
   */
  listApiKeys: call<typeof listApiKeys>(identityCalls, 'listApiKeys'),
  /**
   * Revokes an API key at once. Admin.
   * @example await admin.identity.deleteApiKey({ apiKeyId: apiKey.id });
   */
  deleteApiKey: call<typeof deleteApiKey>(identityCalls, 'deleteApiKey'),
  /**
   * The JSON Web Key Set that verifies Plaza access tokens.
   * @example const { keys } = await client.identity.getJwks();
   */
  getJwks: call<typeof getJwks>(identityCalls, 'getJwks'),
  /**
   * The raw token endpoint; `OAuthStrategy` makes these grants for you.
   * @example const answer = await client.identity.token({ clientId, grantType: 'anonymous' });
   */
  token: call<typeof token>(identityCalls, 'token'),
  /**
   * Who a token speaks for; `{active: false}` when invalid, expired or revoked.
   * @example const { active, subjectType } = await client.identity.tokenInfo({ token: accessToken });
   */
  tokenInfo: call<typeof tokenInfo>(identityCalls, 'tokenInfo'),
  /**
   * Registers a member; answers a state (SUCCESS, REQUIRE_EMAIL_VERIFICATION, REQUIRE_OWNER_APPROVAL).
   * @example const { state } = await client.identity.register({ loginId: { email }, password });
   */
  register: call<typeof register>(identityCalls, 'register'),
  /**
   * Signs a member in with e-mail and password; answers a state and, on SUCCESS, a session token.
   * @example const { state, sessionToken } = await client.identity.login({ loginId: { email }, password });
   */
  login: call<typeof login>(identityCalls, 'login'),
  /**
   * Changes the signed-in member's password and ends the member's other sessions. Member.
   * @example await client.identity.changePassword({ newPassword: 'a better one' });
   */
  changePassword: call<typeof changePassword>(identityCalls, 'changePassword'),
  /**
   * Signs a member in on behalf of a trusted server, creating the member when needed. Admin.
   * @example const { sessionToken } = await admin.identity.signOn({ loginId: { email: 'ana@example.com' } });
   */
  signOn: call<typeof signOn>(identityCalls, 'signOn'),
  /**
   * Ends the caller's session (its refresh token is revoked); browsers use `auth.logout()` instead.
   * @example await client.identity.logout({ clientId });
   */
  logout: call<typeof logout>(identityCalls, 'logout'),
  /**
   * Checks the format of an e-mail address.
   * @example const { valid } = await client.identity.validateEmail({ email: 'ana@example.com' });
   */
  validateEmail: call<typeof validateEmail>(identityCalls, 'validateEmail'),
  /**
   * Legacy: completes an MFA challenge or e-mail verification with the mailed code.
   * @example await client.identity.verifyFactor({ factorType: 'EMAIL', stateToken, emailData: { code: '123456' } });
   */
  verifyFactor: call<typeof verifyFactor>(identityCalls, 'verifyFactor'),
  /**
   * Mails a password-reset link when the address belongs to a member; always answers `{}`.
   * @example await client.identity.sendRecoveryEmail({ email, redirect: { url: location.origin, clientId } });
   */
  sendRecoveryEmail: call<typeof sendRecoveryEmail>(identityCalls, 'sendRecoveryEmail'),
  /**
   * Mails a member a link to set a password. Admin.
   * @example await admin.identity.sendActivationEmail({ identityId: member.id });
   */
  sendActivationEmail: call<typeof sendActivationEmail>(identityCalls, 'sendActivationEmail'),
  /**
   * Sets a new password with a recovery token from the reset e-mail.
   * @example await client.identity.recover({ recoveryToken, password: 'new password' });
   */
  recover: call<typeof recover>(identityCalls, 'recover'),
  /**
   * Mails a 6-digit code to the signed-in member; `verificationId` is the state token for verifying. Member.
   * @example const { verificationId } = await client.identity.startVerification({ target: 'EMAIL' });
   */
  startVerification: call<typeof startVerification>(identityCalls, 'startVerification'),
  /**
   * Completes e-mail verification with the mailed code.
   * @example const { state } = await client.identity.verifyDuringAuthentication({ code: '123456', stateToken });
   */
  verifyDuringAuthentication: call<typeof verifyDuringAuthentication>(
    identityCalls,
    'verifyDuringAuthentication',
  ),
  /**
   * Mails a new code for a pending verification or MFA challenge.
   * @example await client.identity.resendDuringAuthentication({ stateToken });
   */
  resendDuringAuthentication: call<typeof resendDuringAuthentication>(
    identityCalls,
    'resendDuringAuthentication',
  ),
  /**
   * The signed-in member. Member.
   * @example const { member } = await client.identity.getCurrentMember({ fieldsets: ['FULL'] });
   */
  getCurrentMember: call<typeof getCurrentMember>(identityCalls, 'getCurrentMember'),
  /**
   * The site's members, newest first, paged; by status or login e-mail. Admin.
   * @example const { members } = await admin.identity.listMembers({ status: 'PENDING' });
   */
  listMembers: call<typeof listMembers>(identityCalls, 'listMembers'),
  /**
   * One member of the site, by id. Admin.
   * @example const { member } = await admin.identity.getMember({ id: memberId });
   */
  getMember: call<typeof getMember>(identityCalls, 'getMember'),
  /**
   * Approves a member waiting for owner approval (or unblocks a blocked one). Admin.
   * @example await admin.identity.approveMember({ memberId });
   */
  approveMember: call<typeof approveMember>(identityCalls, 'approveMember'),
  /**
   * Blocks a member: sign-in is refused and the member's refresh tokens are revoked. Admin.
   * @example await admin.identity.blockMember({ memberId });
   */
  blockMember: call<typeof blockMember>(identityCalls, 'blockMember'),
  /**
   * Turns the e-mail code second factor on or off for the signed-in member. Member.
   * @example await client.identity.setEmailFactor({ enabled: true });
   */
  setEmailFactor: call<typeof setEmailFactor>(identityCalls, 'setEmailFactor'),
  /**
   * Adds an OpenID Connect identity provider (discovery is checked when enabled); register the
   * answered `redirectUri` at the provider. The client secret is write-only. Admin.
   * @example const { idpConnection } = await admin.identity.createIdpConnection({ idpConnection: { name: 'Okta', issuer, clientId, clientSecret } });
   */
  createIdpConnection: call<typeof createIdpConnection>(identityCalls, 'createIdpConnection'),
  /**
   * The site's identity-provider connections, without client secrets. Admin.
   * @example const { idpConnections } = await admin.identity.listIdpConnections();
   */
  listIdpConnections: call<typeof listIdpConnections>(identityCalls, 'listIdpConnections'),
  /**
   * One identity-provider connection, without its client secret. Admin.
   * @example const { idpConnection } = await admin.identity.getIdpConnection({ idpConnectionId });
   */
  getIdpConnection: call<typeof getIdpConnection>(identityCalls, 'getIdpConnection'),
  /**
   * Changes the given fields of a connection (`clientSecret` replaces the secret). Admin.
   * @example await admin.identity.updateIdpConnection({ idpConnectionId, idpConnection: { enabled: false } });
   */
  updateIdpConnection: call<typeof updateIdpConnection>(identityCalls, 'updateIdpConnection'),
  /**
   * Removes a connection; members keep their accounts. Admin.
   * @example await admin.identity.deleteIdpConnection({ idpConnectionId });
   */
  deleteIdpConnection: call<typeof deleteIdpConnection>(identityCalls, 'deleteIdpConnection'),
  /**
   * Legacy SSO: starts a sign-in at the identity provider; answers a RawHttpResponse whose
   * `Location` header is the provider's authorization URL (send the browser there).
   * @example const { headers } = await client.identity.loginWithIdpConnection({ tenantId: siteId, idpConnectionId, sessionId });
   */
  loginWithIdpConnection: call<typeof loginWithIdpConnection>(identityCalls, 'loginWithIdpConnection'),
  /**
   * The redirect URI the identity provider sends the browser back to; browsers reach it, apps do not call it.
   * @example const answer = await client.identity.ssoCallback({ idpConnectionId, code, state });
   */
  ssoCallback: call<typeof ssoCallback>(identityCalls, 'ssoCallback'),
  /**
   * Legacy SSO: continues a signed-in SSO state with its session token (RawHttpResponse, 302).
   * @example const { headers } = await client.identity.loginCallback({ state, sessionToken });
   */
  loginCallback: call<typeof loginCallback>(identityCalls, 'loginCallback'),
  /**
   * Legacy SSO: signs a member in with an ID token the app got from the provider; answers a
   * single-use session token (Plaza extension) for a redirect session.
   * @example const { sessionToken } = await client.identity.loginWithIdpConnectionTokenParams({ idpConnectionId, tokenParams: { id_token } });
   */
  loginWithIdpConnectionTokenParams: call<typeof loginWithIdpConnectionTokenParams>(
    identityCalls,
    'loginWithIdpConnectionTokenParams',
  ),
};

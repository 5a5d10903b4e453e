import { Type } from '@sinclair/typebox';
import { Empty, Id, Timestamp } from './common.ts';
import { defineCall } from './define.ts';
import {
  CaptchaTokens,
  FactorType,
  Identity,
  IdentityProfile,
  LoginId,
  MailMessage,
  Member,
  StateMachineResponse,
  TokenInfo,
  TokenRequest,
  TokenResponse,
} from './identity-schemas.ts';

export const ApiKey = Type.Object({
  id: Id,
  name: Type.String(),
  keyPrefix: Type.String({ description: 'First characters of the key, to recognise it.' }),
  createdDate: Timestamp,
});

export const createApiKey = defineCall({
  name: 'createApiKey',
  method: 'POST',
  paths: ['/plaza/v1/api-keys'],
  access: 'admin',
  summary:
    'Creates an admin API key for server-to-server calls. The key is returned once; only its hash is kept.',
  request: Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) }),
  response: Type.Object({ apiKey: ApiKey, key: Type.String() }),
});

export const listApiKeys = defineCall({
  name: 'listApiKeys',
  method: 'GET',
  paths: ['/plaza/v1/api-keys'],
  access: 'admin',
  summary: "The site's API keys (without the keys themselves).",
  request: Empty,
  response: Type.Object({ apiKeys: Type.Array(ApiKey) }),
});

export const deleteApiKey = defineCall({
  name: 'deleteApiKey',
  method: 'DELETE',
  paths: ['/plaza/v1/api-keys/{apiKeyId}'],
  access: 'admin',
  summary: 'Revokes an API key at once.',
  request: Type.Object({ apiKeyId: Id }),
  response: Empty,
});

export const getJwks = defineCall({
  name: 'getJwks',
  method: 'GET',
  paths: ['/oauth2/jwks', '/_api/oauth2/jwks'],
  access: 'public',
  summary: 'Public keys that verify Plaza access tokens (JSON Web Key Set).',
  request: Empty,
  response: Type.Object({
    keys: Type.Array(
      Type.Object({
        kty: Type.String(),
        kid: Type.String(),
        alg: Type.String(),
        use: Type.String(),
        crv: Type.Optional(Type.String()),
        x: Type.Optional(Type.String()),
        y: Type.Optional(Type.String()),
      }),
    ),
  }),
});

// --- OAuth endpoints (map 6.1, 6.7, 15.4) -----------------------------------------------------

export const token = defineCall({
  name: 'token',
  method: 'POST',
  paths: ['/oauth2/token', '/_api/oauth2/token'],
  access: 'public',
  summary:
    'Token endpoint: grants `anonymous`, `refresh_token` (reusable until revoked), `authorization_code` (PKCE S256) and `authorized_client` (admin API key in `Authorization`).',
  request: TokenRequest,
  response: TokenResponse,
});

export const tokenInfo = defineCall({
  name: 'tokenInfo',
  method: 'POST',
  paths: ['/oauth2/token-info', '/_api/oauth2/token-info'],
  access: 'public',
  summary:
    'Who an access or refresh token speaks for; `{active: false}` when it is invalid, expired or revoked.',
  request: Type.Object({ token: Type.String({ maxLength: 4000 }) }),
  response: TokenInfo,
});

// --- Authentication (map 15.1) ----------------------------------------------------------------

const auth = (path: string): [string, string] => [
  `/_api/iam/authentication${path}`,
  `/iam/authentication${path}`,
];

export const register = defineCall({
  name: 'register',
  method: 'POST',
  paths: auth('/v2/register'),
  access: 'anyone',
  summary:
    'Registers a member with e-mail and password. Answers SUCCESS (with a session token), REQUIRE_EMAIL_VERIFICATION or REQUIRE_OWNER_APPROVAL.',
  request: Type.Object({
    loginId: LoginId,
    password: Type.String({ maxLength: 256 }),
    profile: Type.Optional(IdentityProfile),
    captchaTokens: Type.Optional(CaptchaTokens),
    clientMetaData: Type.Optional(Type.Record(Type.String(), Type.String())),
  }),
  response: StateMachineResponse,
});

export const login = defineCall({
  name: 'login',
  method: 'POST',
  paths: auth('/v2/login'),
  access: 'anyone',
  summary:
    'Signs a member in with e-mail and password. Failures carry the codes -19976 (wrong password), -19973 (reset required), -19971/-19970 (captcha).',
  request: Type.Object({
    loginId: LoginId,
    password: Type.String({ maxLength: 256 }),
    captchaTokens: Type.Optional(CaptchaTokens),
    clientMetaData: Type.Optional(Type.Record(Type.String(), Type.String())),
    stateToken: Type.Optional(Type.String({ maxLength: 500 })),
  }),
  response: StateMachineResponse,
});

export const changePassword = defineCall({
  name: 'changePassword',
  method: 'POST',
  paths: auth('/v2/change-password'),
  access: 'member',
  summary: "Changes the signed-in member's password and ends the member's other sessions.",
  request: Type.Object({ newPassword: Type.String({ maxLength: 256 }) }),
  response: Empty,
});

export const signOn = defineCall({
  name: 'signOn',
  method: 'POST',
  paths: auth('/v2/sign-on'),
  access: 'admin',
  summary:
    'Signs a member in on behalf of a trusted server (external login), creating the member when needed; answers a session token for `authorized_client`.',
  request: Type.Object({
    loginId: LoginId,
    profile: Type.Optional(IdentityProfile),
    verifyEmail: Type.Optional(Type.Boolean()),
    mergeExistingContact: Type.Optional(Type.Boolean()),
  }),
  response: Type.Object({ sessionToken: Type.String(), identity: Identity }),
});

export const logout = defineCall({
  name: 'logout',
  method: 'GET',
  paths: auth('/v1/logout'),
  access: 'public',
  summary:
    "Ends the caller's session (its refresh token is revoked). Redirects (302) to `postLogoutRedirectUri` when it is on the client's allow-list; otherwise answers `{}`.",
  request: Type.Object({
    postLogoutRedirectUri: Type.Optional(Type.String({ maxLength: 2000 })),
    clientId: Type.Optional(Type.String({ maxLength: 200 })),
  }),
  response: Empty,
});

export const validateEmail = defineCall({
  name: 'validateEmail',
  method: 'POST',
  paths: auth('/v2/validate-email'),
  access: 'anyone',
  summary: 'Checks the format of an e-mail address.',
  request: Type.Object({ email: Type.String({ maxLength: 320 }) }),
  response: Type.Object({
    valid: Type.Boolean(),
    formatInvalid: Type.Boolean(),
    failure: Type.Optional(Type.Object({ reason: Type.String() })),
  }),
});

const codeData = Type.Optional(Type.Object({ code: Type.String({ maxLength: 20 }) }));

export const verifyFactor = defineCall({
  name: 'verifyFactor',
  method: 'POST',
  paths: auth('/v2/{factorType}/verify'),
  access: 'anyone',
  summary: 'Legacy: completes an MFA challenge (or an e-mail verification) with the mailed code.',
  request: Type.Object({
    factorType: FactorType,
    stateToken: Type.String({ maxLength: 500 }),
    rememberThisDevice: Type.Optional(Type.Boolean()),
    smsData: codeData,
    callData: codeData,
    emailData: codeData,
    totpData: codeData,
    pushData: Type.Optional(Type.Object({ transactionId: Type.String() })),
  }),
  response: StateMachineResponse,
});

// --- Recovery (map 15.2) ----------------------------------------------------------------------

const recovery = (path: string): [string, string] => [`/_api/iam/recovery${path}`, `/_iam/recovery${path}`];
const Redirect = Type.Object({
  url: Type.Optional(Type.String({ maxLength: 2000 })),
  clientId: Type.Optional(Type.String({ maxLength: 200 })),
});

export const sendRecoveryEmail = defineCall({
  name: 'sendRecoveryEmail',
  method: 'POST',
  paths: recovery('/v1/send-email'),
  access: 'anyone',
  summary:
    'Mails a password-reset link (valid 1 hour) when the address belongs to a member; always answers `{}`.',
  request: Type.Object({
    email: Type.String({ maxLength: 320 }),
    language: Type.Optional(Type.String({ maxLength: 20 })),
    redirect: Type.Optional(Redirect),
  }),
  response: Empty,
});

export const sendActivationEmail = defineCall({
  name: 'sendActivationEmail',
  method: 'POST',
  paths: recovery('/v1/activation-email'),
  access: 'admin',
  summary: 'Mails a member a link to set a password (valid 1 hour).',
  request: Type.Object({
    identityId: Id,
    emailOptions: Type.Optional(
      Type.Object({
        language: Type.Optional(Type.String({ maxLength: 20 })),
        redirect: Type.Optional(Redirect),
      }),
    ),
  }),
  response: Empty,
});

export const recover = defineCall({
  name: 'recover',
  method: 'POST',
  paths: recovery('/v1/recover'),
  access: 'public',
  summary:
    "Sets a new password with a recovery token (single use; the token names the site) and ends the member's sessions.",
  request: Type.Object({
    recoveryToken: Type.String({ minLength: 1, maxLength: 500 }),
    password: Type.String({ maxLength: 256 }),
  }),
  response: StateMachineResponse,
});

// --- Verification (map 15.3) ------------------------------------------------------------------

const verification = (path: string) => `/_api/iam/verification${path}`;

export const startVerification = defineCall({
  name: 'startVerification',
  method: 'POST',
  paths: [verification('/v1/start'), verification('/v1/Start')],
  access: 'member',
  summary:
    "Mails a 6-digit code to the member's e-mail; the answered `verificationId` is the state token for `auth/verify`.",
  request: Type.Object({
    identityId: Type.Optional(Id),
    target: Type.Optional(Type.Union([Type.Literal('UNKNOWN_TARGET'), Type.Literal('EMAIL')])),
  }),
  response: Type.Object({ verificationId: Type.String() }),
});

export const verifyDuringAuthentication = defineCall({
  name: 'verifyDuringAuthentication',
  method: 'POST',
  paths: [verification('/v1/auth/verify')],
  access: 'anyone',
  summary: 'Completes e-mail verification with the mailed code (10 minutes, 5 tries).',
  request: Type.Object({
    code: Type.String({ minLength: 1, maxLength: 20 }),
    stateToken: Type.String({ minLength: 1, maxLength: 500 }),
  }),
  response: StateMachineResponse,
});

export const resendDuringAuthentication = defineCall({
  name: 'resendDuringAuthentication',
  method: 'POST',
  paths: [verification('/v1/auth/resend')],
  access: 'anyone',
  summary: 'Mails a new code for a pending verification or MFA challenge.',
  request: Type.Object({ stateToken: Type.String({ minLength: 1, maxLength: 500 }) }),
  response: StateMachineResponse,
});

// --- Members ----------------------------------------------------------------------------------

export const getCurrentMember = defineCall({
  name: 'getCurrentMember',
  method: 'GET',
  paths: ['/members/v1/members/my', '/_api/members/v1/members/my'],
  access: 'member',
  summary: 'The signed-in member.',
  request: Type.Object({ fieldsets: Type.Optional(Type.Array(Type.String({ maxLength: 20 }))) }),
  response: Type.Object({ member: Member }),
});

export const approveMember = defineCall({
  name: 'approveMember',
  method: 'POST',
  paths: ['/members/v1/members/{memberId}/approve', '/_api/members/v1/members/{memberId}/approve'],
  access: 'admin',
  summary: 'Approves a member waiting for owner approval (or unblocks a blocked one).',
  request: Type.Object({ memberId: Id }),
  response: Type.Object({ member: Member }),
});

export const blockMember = defineCall({
  name: 'blockMember',
  method: 'POST',
  paths: ['/members/v1/members/{memberId}/block', '/_api/members/v1/members/{memberId}/block'],
  access: 'admin',
  summary: "Blocks a member: sign-in is refused and the member's refresh tokens are revoked.",
  request: Type.Object({ memberId: Id }),
  response: Type.Object({ member: Member }),
});

export const setEmailFactor = defineCall({
  name: 'setEmailFactor',
  method: 'POST',
  paths: ['/plaza/v1/members/my/factors/email'],
  access: 'member',
  summary: 'Turns the e-mail code second factor on or off for the signed-in member.',
  request: Type.Object({ enabled: Type.Boolean() }),
  response: Type.Object({ identity: Identity }),
});

// --- SSO: OpenID Connect identity-provider connections (map 15.1, legacy SSO calls) -----------

export const IdpConnection = Type.Object({
  id: Id,
  name: Type.String(),
  issuer: Type.String({
    description: 'OpenID Connect issuer; discovery is read from `<issuer>/.well-known/openid-configuration`.',
  }),
  clientId: Type.String({
    description: 'Client id of Plaza at the identity provider (the expected ID-token audience).',
  }),
  hasClientSecret: Type.Boolean({
    description: 'Whether a client secret is set; the secret itself is write-only.',
  }),
  scopes: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  redirectUri: Type.String({
    description: 'Register this redirect URI at the identity provider (read-only).',
  }),
  createdDate: Timestamp,
  updatedDate: Timestamp,
});

const IdpConnectionFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  issuer: Type.String({ minLength: 1, maxLength: 2000, pattern: '^https?://' }),
  clientId: Type.String({ minLength: 1, maxLength: 500 }),
  clientSecret: Type.String({ minLength: 1, maxLength: 2000, description: 'Write-only.' }),
  scopes: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 }),
  enabled: Type.Boolean(),
};

/** RawHttpResponse of map 15.1: `body` is base64, headers a list of `{key, value}`. */
export const RawHttpResponse = Type.Object({
  body: Type.String({ description: 'Response body bytes, base64.' }),
  statusCode: Type.Integer(),
  headers: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
});

export const createIdpConnection = defineCall({
  name: 'createIdpConnection',
  method: 'POST',
  paths: ['/plaza/v1/idp-connections'],
  access: 'admin',
  summary:
    "Adds an OpenID Connect identity provider members can sign in with. The issuer's discovery document is checked when the connection is enabled; the client secret is never returned.",
  request: Type.Object({
    idpConnection: Type.Object({
      name: IdpConnectionFields.name,
      issuer: IdpConnectionFields.issuer,
      clientId: IdpConnectionFields.clientId,
      clientSecret: Type.Optional(IdpConnectionFields.clientSecret),
      scopes: Type.Optional(IdpConnectionFields.scopes),
      enabled: Type.Optional(IdpConnectionFields.enabled),
    }),
  }),
  response: Type.Object({ idpConnection: IdpConnection }),
});

export const listIdpConnections = defineCall({
  name: 'listIdpConnections',
  method: 'GET',
  paths: ['/plaza/v1/idp-connections'],
  access: 'admin',
  summary: "The site's identity-provider connections (without client secrets).",
  request: Empty,
  response: Type.Object({ idpConnections: Type.Array(IdpConnection) }),
});

export const getIdpConnection = defineCall({
  name: 'getIdpConnection',
  method: 'GET',
  paths: ['/plaza/v1/idp-connections/{idpConnectionId}'],
  access: 'admin',
  summary: 'One identity-provider connection (without its client secret).',
  request: Type.Object({ idpConnectionId: Id }),
  response: Type.Object({ idpConnection: IdpConnection }),
});

export const updateIdpConnection = defineCall({
  name: 'updateIdpConnection',
  method: 'PATCH',
  paths: ['/plaza/v1/idp-connections/{idpConnectionId}'],
  access: 'admin',
  summary: 'Changes the given fields of a connection; send `clientSecret` to replace the secret.',
  request: Type.Object({
    idpConnectionId: Id,
    idpConnection: Type.Object({
      name: Type.Optional(IdpConnectionFields.name),
      issuer: Type.Optional(IdpConnectionFields.issuer),
      clientId: Type.Optional(IdpConnectionFields.clientId),
      clientSecret: Type.Optional(IdpConnectionFields.clientSecret),
      scopes: Type.Optional(IdpConnectionFields.scopes),
      enabled: Type.Optional(IdpConnectionFields.enabled),
    }),
  }),
  response: Type.Object({ idpConnection: IdpConnection }),
});

export const deleteIdpConnection = defineCall({
  name: 'deleteIdpConnection',
  method: 'DELETE',
  paths: ['/plaza/v1/idp-connections/{idpConnectionId}'],
  access: 'admin',
  summary: 'Removes a connection; members keep their accounts, sign-ins through it stop at once.',
  request: Type.Object({ idpConnectionId: Id }),
  response: Empty,
});

export const loginWithIdpConnection = defineCall({
  name: 'loginWithIdpConnection',
  method: 'GET',
  paths: auth('/v1/sso/login/{tenantId}/{idpConnectionId}'),
  access: 'public',
  summary:
    'Legacy SSO: starts an authorization-code + PKCE sign-in at the identity provider. `tenantId` is the site id. Needs a continuation: `sessionId` (an `auth` redirect session answering by fragment or query) or `customPayload.clientId` + `customPayload.redirectUrl` (an allowed page of that OAuth app; it receives `#sessionToken&state`). Browsers (Accept: text/html) get a 302; other callers the RawHttpResponse holding it.',
  request: Type.Object({
    tenantId: Id,
    idpConnectionId: Id,
    tenantType: Type.Optional(
      Type.Union(['UNKNOWN_TENANT_TYPE', 'ACCOUNT', 'SITE', 'ROOT'].map((t) => Type.Literal(t))),
    ),
    customPayload: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 2000 }))),
    sessionId: Type.Optional(Type.String({ maxLength: 200 })),
    encryptionKey: Type.Optional(Type.String({ maxLength: 500 })),
    visitorId: Type.Optional(Type.String({ maxLength: 200 })),
    bsi: Type.Optional(Type.String({ maxLength: 500 })),
  }),
  response: RawHttpResponse,
});

export const ssoCallback = defineCall({
  name: 'ssoCallback',
  method: 'GET',
  paths: ['/plaza/v1/sso/callback/{idpConnectionId}'],
  access: 'public',
  summary:
    'Where the identity provider sends the browser back (register this redirect URI there). Exchanges the code, verifies the ID token (issuer, audience, signature, expiry, nonce), finds or creates the member by verified e-mail and continues with `/v1/callback?state&sessionToken`.',
  request: Type.Object({
    idpConnectionId: Id,
    code: Type.Optional(Type.String({ maxLength: 4000 })),
    state: Type.Optional(Type.String({ maxLength: 500 })),
    iss: Type.Optional(Type.String({ maxLength: 2000 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
    error_description: Type.Optional(Type.String({ maxLength: 2000 })),
  }),
  response: RawHttpResponse,
});

export const loginCallback = defineCall({
  name: 'loginCallback',
  method: 'GET',
  paths: auth('/v1/callback'),
  access: 'public',
  summary:
    'Legacy SSO: finishes a signed-in SSO state with its session token: redirects to the redirect session (code + state to the OAuth app) or to the stored page. Each state continues once.',
  request: Type.Object({
    state: Type.String({ maxLength: 500 }),
    sessionToken: Type.String({ maxLength: 500 }),
  }),
  response: RawHttpResponse,
});

export const loginWithIdpConnectionTokenParams = defineCall({
  name: 'loginWithIdpConnectionTokenParams',
  method: 'POST',
  paths: auth('/v1/sso/login-with-token-params'),
  access: 'public',
  summary:
    'Legacy SSO: signs a member in with tokens the app got from the identity provider itself (`tokenParams.id_token`, optional `access_token` for userinfo, `nonce`, or the `state` of a started SSO login). Plaza extension: answers a single-use session token (for a redirect session or `/v1/callback`) and the identity.',
  request: Type.Object({
    idpConnectionId: Id,
    tokenParams: Type.Record(Type.String(), Type.String({ maxLength: 20_000 })),
  }),
  response: Type.Object({
    sessionToken: Type.Optional(Type.String()),
    identity: Type.Optional(Identity),
  }),
});

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

// --- Dev mailbox ------------------------------------------------------------------------------

export const queryMailbox = defineCall({
  name: 'queryMailbox',
  method: 'POST',
  paths: ['/plaza/v1/mailbox/query'],
  access: 'admin',
  summary:
    "The site's outgoing e-mail (newest first): verification codes, reset links. For development and tests.",
  request: Type.Object({
    to: Type.Optional(Type.String({ maxLength: 320 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  }),
  response: Type.Object({ messages: Type.Array(MailMessage) }),
});

export const mailboxCalls = [queryMailbox] as const;

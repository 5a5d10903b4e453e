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

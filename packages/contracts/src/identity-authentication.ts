/** Sign-up and sign-in of members (map 15.1): the IAM authentication calls and their legacy MFA step. */
import { Type } from '@sinclair/typebox';
import { Empty } from './common.ts';
import { defineCall } from './define.ts';
import {
  CaptchaTokens,
  FactorType,
  Identity,
  IdentityProfile,
  LoginId,
  StateMachineResponse,
} from './identity-schemas.ts';

/** Both public prefixes of an authentication path; the legacy SSO calls share them. */
export const auth = (path: string): [string, string] => [
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

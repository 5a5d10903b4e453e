/** Password recovery (map 15.2): reset and activation e-mails, and setting a password with their token. */
import { Type } from '@sinclair/typebox';
import { Empty, Id } from './common.ts';
import { defineCall } from './define.ts';
import { StateMachineResponse } from './identity-schemas.ts';

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

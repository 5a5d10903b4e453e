/** E-mail verification (map 15.3) with a mailed code, started by a member or required while signing in. */
import { Type } from '@sinclair/typebox';
import { Id } from './common.ts';
import { defineCall } from './define.ts';
import { StateMachineResponse } from './identity-schemas.ts';

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

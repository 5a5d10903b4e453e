import { AppError, notFound } from '../../../lib/errors.ts';

/** SSO failures: always application errors (4xx, or 502 when the identity provider cannot be reached). */
export const ssoErrors = {
  connectionNotFound: (id: string) =>
    notFound('IDP_CONNECTION_NOT_FOUND', 'Identity-provider connection not found', { idpConnectionId: id }),
  secretUnreadable: (id: string) =>
    new AppError(
      409,
      'IDP_CLIENT_SECRET_UNREADABLE',
      "The connection's client secret cannot be read",
      'It was stored under another SECRETS_KEY: the site owner must set the client secret again.',
      { idpConnectionId: id },
    ),
  connectionDisabled: (id: string) =>
    new AppError(
      403,
      'IDP_CONNECTION_DISABLED',
      'Identity-provider connection is disabled',
      'The site owner has turned this sign-in option off.',
      { idpConnectionId: id },
    ),
  discoveryFailed: (issuer: string, reason: string) =>
    new AppError(
      502,
      'IDP_DISCOVERY_FAILED',
      'Identity-provider discovery failed',
      `Could not read a valid OpenID configuration of ${issuer}: ${reason}`,
      { issuer },
    ),
  idpUnavailable: (what: string, reason: string) =>
    new AppError(
      502,
      'IDP_UNAVAILABLE',
      'Identity provider unavailable',
      `The identity provider did not answer the ${what}: ${reason}`,
    ),
  idpError: (error: string, description?: string) =>
    new AppError(
      400,
      'IDP_ERROR',
      'The identity provider refused the sign-in',
      description ? `${error}: ${description}` : error,
      { error, ...(description ? { errorDescription: description } : {}) },
    ),
  invalidIdToken: (reason: string) =>
    new AppError(401, 'INVALID_ID_TOKEN', 'Invalid ID token', `The ID token was not accepted: ${reason}`, {
      reason,
    }),
  tokenReplayed: () =>
    new AppError(
      400,
      'ID_TOKEN_ALREADY_USED',
      'ID token already used',
      'Each ID token signs in once; get a new one from the identity provider.',
    ),
  missingIdToken: () =>
    new AppError(
      400,
      'MISSING_ID_TOKEN',
      'Missing ID token',
      '`tokenParams.id_token` (the ID token from the identity provider) is required.',
    ),
  invalidState: () =>
    new AppError(
      400,
      'INVALID_SSO_STATE',
      'Invalid SSO state',
      'The SSO state is unknown or belongs to another connection; start the sign-in again.',
    ),
  stateUsed: () =>
    new AppError(
      400,
      'SSO_STATE_USED',
      'SSO state already used',
      'This SSO sign-in was already completed (a state is good for one use); start the sign-in again.',
    ),
  stateExpired: () =>
    new AppError(
      400,
      'SSO_STATE_EXPIRED',
      'SSO state expired',
      'SSO sign-ins must complete within 10 minutes; start the sign-in again.',
    ),
  stateNotSignedIn: () =>
    new AppError(
      400,
      'SSO_STATE_NOT_SIGNED_IN',
      'SSO sign-in not finished',
      'The identity provider has not signed the member in for this state yet.',
    ),
  emailNotVerified: () =>
    new AppError(
      403,
      'IDP_EMAIL_NOT_VERIFIED',
      'E-mail not verified by the identity provider',
      'The identity provider did not assert a verified e-mail address (`email` with `email_verified: true`), which Plaza needs to find or create the member.',
    ),
  accountConflict: () =>
    new AppError(
      409,
      'IDP_ACCOUNT_CONFLICT',
      'E-mail linked to another account of this provider',
      'The member with this e-mail is already linked to a different account of the same identity provider.',
    ),
  continuationRequired: () =>
    new AppError(
      400,
      'SSO_CONTINUATION_REQUIRED',
      'Where to go after sign-in is missing',
      'Pass `sessionId` (an `auth` redirect session) or `customPayload.clientId` with `customPayload.redirectUrl` (an allowed page of that OAuth app).',
    ),
  badRedirectSession: (description: string) =>
    new AppError(
      400,
      'INVALID_REDIRECT_SESSION',
      'Redirect session cannot continue an SSO sign-in',
      description,
    ),
  redirectUrlNotAllowed: () =>
    new AppError(
      400,
      'REDIRECT_URL_NOT_ALLOWED',
      'Redirect URL not allowed',
      '`customPayload.redirectUrl` must be an allowed redirect URI, or a page on an allowed origin, of the OAuth app `customPayload.clientId` of this site.',
    ),
};

import { AppError, notFound } from '../../lib/errors.ts';

/**
 * Identity errors. The numeric codes are the strings the official client maps (map 4.3): login
 * failures always carry an applicationError; OAuth errors use the RFC 6749 codes.
 */
export const identityErrors = {
  missingCaptcha: () =>
    new AppError(400, '-19971', 'Missing captcha token', 'This site requires a captcha token to sign in.'),
  invalidCaptcha: () =>
    new AppError(400, '-19970', 'Invalid captcha token', 'The captcha token was not accepted; try again.'),
  emailExists: (email: string) =>
    new AppError(
      409,
      '-19995',
      'Email already exists',
      `A member with ${email} already exists on this site.`,
      {
        email,
      },
    ),
  wrongPassword: () => new AppError(401, '-19976', 'Wrong password', 'The e-mail and password do not match.'),
  resetPasswordRequired: () =>
    new AppError(
      403,
      '-19973',
      'Password reset required',
      'This member has no password yet; send a recovery e-mail to set one.',
    ),
  unknownEmail: () =>
    new AppError(
      404,
      '-19999',
      'No member with this e-mail',
      'No member of this site signs in with this e-mail.',
    ),
  memberBlocked: () =>
    new AppError(403, 'MEMBER_BLOCKED', 'Member is blocked', 'The site owner has blocked this member.'),
  memberNotApproved: () =>
    new AppError(
      403,
      'MEMBER_NOT_APPROVED',
      'Member is not active yet',
      'The member must finish signing up first.',
    ),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(
      429,
      'RATE_LIMITED',
      'Too many failed sign-in attempts',
      `Failed sign-ins slow down further attempts for this member or address; try again in ${retryAfterSeconds} seconds.`,
      { retryAfterSeconds },
    ),
  memberNotFound: (id: string) => notFound('MEMBER_NOT_FOUND', 'Member not found', { id }),
  notAMember: () =>
    new AppError(
      404,
      'MEMBER_NOT_FOUND',
      'The caller is not a member',
      'Sign in as a member to use this call.',
    ),
  invalidStateToken: () =>
    new AppError(
      400,
      'INVALID_STATE_TOKEN',
      'Invalid state token',
      'The state token is unknown, used or expired.',
    ),
  invalidCode: (attemptsLeft: number) =>
    new AppError(400, 'INVALID_VERIFICATION_CODE', 'Wrong verification code', 'The code does not match.', {
      attemptsLeft,
    }),
  codeExpired: () =>
    new AppError(
      400,
      'VERIFICATION_CODE_EXPIRED',
      'Verification code expired',
      'Codes are valid for 10 minutes; ask for a new one.',
    ),
  tooManyAttempts: () =>
    new AppError(
      429,
      'TOO_MANY_ATTEMPTS',
      'Too many attempts',
      'This verification allows 5 tries (and 5 codes); start the sign-in again.',
    ),
  invalidRecoveryToken: () =>
    new AppError(
      400,
      'INVALID_RECOVERY_TOKEN',
      'Invalid recovery token',
      'The link is unknown, was already used or has expired (links are valid for 1 hour).',
    ),
  invalidSessionToken: () =>
    new AppError(
      400,
      'INVALID_SESSION_TOKEN',
      'Invalid session token',
      'The session token is unknown, used or expired.',
    ),
  factorNotSupported: (factorType: string) =>
    new AppError(
      400,
      'FACTOR_NOT_SUPPORTED',
      'Factor type not supported',
      `Only EMAIL codes are supported, not ${factorType}.`,
      {
        factorType,
      },
    ),

  // OAuth 2.0 (RFC 6749 section 5.2 codes)
  invalidRequest: (description: string, data: Record<string, unknown> = {}) =>
    new AppError(400, 'invalid_request', 'Invalid token request', description, data),
  invalidClient: (clientId: string | undefined) =>
    new AppError(
      401,
      'invalid_client',
      'Unknown client',
      `No OAuth app has the client id "${clientId ?? ''}".`,
      {
        clientId: clientId ?? null,
      },
    ),
  invalidGrant: (description: string) => new AppError(400, 'invalid_grant', 'Invalid grant', description),
  unsupportedGrantType: (grantType: string) =>
    new AppError(
      400,
      'unsupported_grant_type',
      'Unsupported grant type',
      'Use anonymous, refresh_token, authorization_code or authorized_client.',
      { grantType },
    ),
  unauthorizedClient: (description: string) =>
    new AppError(403, 'unauthorized_client', 'Not allowed for this caller', description),
};

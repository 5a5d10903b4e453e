import { AppError } from '../../../lib/errors.ts';

export const ownerErrors = {
  signInFailed: () =>
    new AppError(
      401,
      'OWNER_SIGN_IN_FAILED',
      'Wrong e-mail or password',
      'No site owner has this e-mail and password.',
    ),
  sessionRequired: () =>
    new AppError(
      401,
      'OWNER_SESSION_REQUIRED',
      'Not signed in to the dashboard',
      'The dashboard session is missing, ended or expired; sign in again.',
    ),
  csrfRequired: () =>
    new AppError(
      403,
      'CSRF_TOKEN_INVALID',
      'Missing or wrong X-Plaza-CSRF header',
      'Calls made with the dashboard session cookie must send the X-Plaza-CSRF header given at sign-in.',
    ),
  siteNotOwned: (siteId: string) =>
    new AppError(403, 'SITE_NOT_OWNED', 'Not an owner of this site', 'This session has no such site.', {
      siteId,
    }),
};

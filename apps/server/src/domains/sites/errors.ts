import { AppError, notFound } from '../../lib/errors.ts';

export const sitesErrors = {
  siteNotFound: (id: string) => notFound('SITE_NOT_FOUND', 'Site not found', { id }),
  oAuthAppNotFound: (id: string) => notFound('OAUTH_APP_NOT_FOUND', 'OAuth app not found', { id }),
  invalidTimeZone: (timeZone: string) =>
    new AppError(
      400,
      'INVALID_TIME_ZONE',
      'Unknown time zone',
      `"${timeZone}" is not an IANA time zone such as Europe/Lisbon`,
      { timeZone },
    ),
};

import { PlazaError } from '@plaza/sdk';

/** A sentence for people from any failure: the server's message, or what went wrong on the way. */
export function describeError(error: unknown): string {
  if (error instanceof PlazaError) {
    if (error.status === undefined) return 'The Plaza server could not be reached. Check that it is running.';
    if (error.status >= 500 && !error.details.applicationError) {
      return `The Plaza server had a problem (HTTP ${error.status}${error.requestId ? `, request ${error.requestId}` : ''}). Try again.`;
    }
    const app = error.details.applicationError;
    // The server's message often carries its description already ("Title: description.").
    if (app?.description && !error.message.includes(app.description))
      return `${error.message.replace(/\.$/, '')}. ${app.description}`;
    return error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

/** The application error code of a failed call (`ONLINE_PAYMENTS_NOT_ENABLED` …), if any. */
export const errorCode = (error: unknown): string | undefined =>
  error instanceof PlazaError ? error.details.applicationError?.code : undefined;

export const isNotFound = (error: unknown): boolean => error instanceof PlazaError && error.status === 404;

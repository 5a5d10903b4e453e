import { AppError, notFound } from '../../lib/errors.ts';

export const redirectsErrors = {
  /** `served`: the intents this server answers (its own and those other domains registered). */
  intentNotSupported: (intent: string, served: readonly string[]) =>
    new AppError(
      400,
      'INTENT_NOT_SUPPORTED',
      `The ${intent} redirect is not supported yet`,
      `Plaza answers ${served.join(', ')} redirect sessions; ${intent} comes with its domain.`,
      { intent, served: [...served] },
    ),
  notFound: (id: string) => notFound('REDIRECT_SESSION_NOT_FOUND', 'Redirect session not found', { id }),
  wrongIntent: (id: string, intent: string, expected: string) =>
    new AppError(
      400,
      'WRONG_INTENT',
      `This redirect session is not a ${expected} session`,
      `Its intent is ${intent}.`,
      {
        id,
        intent,
      },
    ),
  expired: (id: string) =>
    new AppError(
      410,
      'REDIRECT_SESSION_EXPIRED',
      'Redirect session expired',
      'Redirect sessions last one hour; start again.',
      { id },
    ),
  completed: (id: string) =>
    new AppError(409, 'REDIRECT_SESSION_USED', 'Redirect session already completed', 'Start a new one.', {
      id,
    }),
  clientChanged: (id: string) =>
    new AppError(
      400,
      'INVALID_CLIENT',
      'The OAuth app no longer allows this redirect',
      'The OAuth app was removed or its redirect URI was unlisted since the session started.',
      { id },
    ),
};

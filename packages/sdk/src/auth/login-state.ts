import { PlazaError } from '../core/errors.ts';

/**
 * The states of a custom sign-in, as the official client names them (seed section 4).
 *
 * @example
 * const result = await client.auth.login({ email, password });
 * if (result.loginState === LoginState.EMAIL_VERIFICATION_REQUIRED) showCodeForm();
 */
export const LoginState = {
  INITIAL: 'INITIAL',
  SUCCESS: 'SUCCESS',
  FAILURE: 'FAILURE',
  EMAIL_VERIFICATION_REQUIRED: 'EMAIL_VERIFICATION_REQUIRED',
  OWNER_APPROVAL_REQUIRED: 'OWNER_APPROVAL_REQUIRED',
  USER_CAPTCHA_REQUIRED: 'USER_CAPTCHA_REQUIRED',
  SILENT_CAPTCHA_REQUIRED: 'SILENT_CAPTCHA_REQUIRED',
} as const;
export type LoginState = (typeof LoginState)[keyof typeof LoginState];

/** Why a sign-in failed, for the app to show the right text. */
export type LoginErrorCode =
  | 'invalidEmail'
  | 'missingCaptchaToken'
  | 'emailAlreadyExists'
  | 'invalidCaptchaToken'
  | 'invalidPassword'
  | 'resetPassword';

/**
 * The outcome of `register`, `login` and `processVerification`. `INITIAL` and the two captcha
 * states exist for apps to model their own screens; the SDK itself never returns them.
 */
export type LoginResult =
  | { loginState: 'SUCCESS'; data: { sessionToken: string } }
  | { loginState: 'EMAIL_VERIFICATION_REQUIRED'; data: { stateToken: string } }
  | { loginState: 'OWNER_APPROVAL_REQUIRED' }
  | { loginState: 'FAILURE'; error: string; errorCode?: LoginErrorCode }
  | { loginState: 'INITIAL' | 'USER_CAPTCHA_REQUIRED' | 'SILENT_CAPTCHA_REQUIRED' };

export const failure = (error: string, errorCode?: LoginErrorCode): LoginResult => ({
  loginState: 'FAILURE',
  error,
  ...(errorCode ? { errorCode } : {}),
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Maps the server's `state` (register, login, verify answers) to a client login state. */
export function toLoginResult(answer: Record<string, unknown>): LoginResult {
  switch (answer.state) {
    case 'SUCCESS':
      return { loginState: 'SUCCESS', data: { sessionToken: text(answer.sessionToken) } };
    case 'REQUIRE_OWNER_APPROVAL':
      return { loginState: 'OWNER_APPROVAL_REQUIRED' };
    case 'REQUIRE_EMAIL_VERIFICATION':
      return { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: text(answer.stateToken) } };
    default:
      return failure('Unknown _state');
  }
}

const REGISTER_ERROR_CODES: Readonly<Record<string, LoginErrorCode>> = {
  '-19971': 'missingCaptchaToken',
  '-19995': 'emailAlreadyExists',
  '-19970': 'invalidCaptchaToken',
};

const LOGIN_ERROR_CODES: Readonly<Record<string, LoginErrorCode>> = {
  '-19971': 'missingCaptchaToken',
  '-19970': 'invalidCaptchaToken',
  '-19976': 'invalidPassword',
  '-19973': 'resetPassword',
};

/** Only API failures become a FAILURE state; a bug in the app or the SDK still throws. */
function asPlazaError(error: unknown): PlazaError {
  if (error instanceof PlazaError) return error;
  throw error;
}

/**
 * Register failures: an `EMAIL` field violation → `invalidEmail` with its description; codes
 * -19971, -19995, -19970 → their names; otherwise the message only.
 */
export function registerFailure(error: unknown): LoginResult {
  const { details, message } = asPlazaError(error);
  const emailViolation = details.validationError?.fieldViolations.find(
    (violation) => violation.data?.type === 'EMAIL',
  );
  if (emailViolation) return failure(emailViolation.description, 'invalidEmail');
  const code = details.applicationError?.code;
  return failure(message, code === undefined ? undefined : REGISTER_ERROR_CODES[code]);
}

/** Login failures: codes -19971, -19970, -19976, -19973 → their names; anything else `invalidEmail`. */
export function loginFailure(error: unknown): LoginResult {
  const { details, message } = asPlazaError(error);
  const code = details.applicationError?.code;
  return failure(message, (code === undefined ? undefined : LOGIN_ERROR_CODES[code]) ?? 'invalidEmail');
}

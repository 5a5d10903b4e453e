import { PlazaError } from '../core/errors.ts';
import { failure, type LoginResult, loginFailure, registerFailure, toLoginResult } from './login-state.ts';
import type { CaptchaTokens, OAuthStrategyInstance } from './oauth-types.ts';
import type { StrategyContext } from './strategy-context.ts';

export const REGISTER_PATH = '/_api/iam/authentication/v2/register';
export const LOGIN_PATH = '/_api/iam/authentication/v2/login';
export const VERIFY_PATH = '/_api/iam/verification/v1/auth/verify';
export const SEND_RESET_EMAIL_PATH = '/_api/iam/recovery/v1/send-email';

type CustomSignIn = Pick<
  OAuthStrategyInstance,
  'register' | 'login' | 'processVerification' | 'sendPasswordResetEmail'
>;

/** The wire form of captcha tokens: one object with capitalised keys, left out when not given. */
const captchaField = (tokens: CaptchaTokens | undefined) =>
  tokens
    ? {
        captchaTokens: [
          { Recaptcha: tokens.recaptchaToken, InvisibleRecaptcha: tokens.invisibleRecaptchaToken },
        ],
      }
    : {};

/** Sign-in with the site's own forms: register, login, e-mail verification, password reset. */
export function customSignIn(context: StrategyContext): CustomSignIn {
  /** The last state-machine answer, for `processVerification` without an explicit state. */
  let lastResult: LoginResult | undefined;
  const remember = (result: LoginResult) => {
    lastResult = result;
    return result;
  };

  const register: CustomSignIn['register'] = async ({ email, password, profile, captchaTokens }) => {
    try {
      const answer = await context.post(REGISTER_PATH, {
        loginId: { email },
        password,
        profile,
        ...captchaField(captchaTokens),
      });
      return remember(toLoginResult(answer));
    } catch (error) {
      return registerFailure(error);
    }
  };

  const login: CustomSignIn['login'] = async ({ email, password, captchaTokens }) => {
    try {
      const answer = await context.post(LOGIN_PATH, {
        loginId: { email },
        password,
        ...captchaField(captchaTokens),
      });
      return remember(toLoginResult(answer));
    } catch (error) {
      return loginFailure(error);
    }
  };

  const processVerification: CustomSignIn['processVerification'] = async (input, state) => {
    const current = state ?? lastResult;
    if (current?.loginState !== 'EMAIL_VERIFICATION_REQUIRED') return failure('Unknown _state');
    try {
      const answer = await context.post(VERIFY_PATH, {
        code: input.verificationCode ?? input.code,
        stateToken: current.data.stateToken,
      });
      return remember(toLoginResult(answer));
    } catch (error) {
      // A wrong code keeps the remembered state, so the member can try again.
      if (error instanceof PlazaError) return failure(error.message);
      throw error;
    }
  };

  const sendPasswordResetEmail = async (email: string, redirectUri: string) => {
    await context.post(SEND_RESET_EMAIL_PATH, {
      email,
      redirect: { url: redirectUri, clientId: context.clientId },
    });
  };

  return { register, login, processVerification, sendPasswordResetEmail };
}

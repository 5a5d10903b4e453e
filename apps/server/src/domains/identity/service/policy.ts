import { type FieldViolation, ValidationError } from '../../../lib/errors.ts';
import { identityErrors } from '../errors.ts';
import type { IdentityContext, IdentitySettings } from './context.ts';

/** Input rules of the sign-in calls: e-mail format, password policy, captcha (the throttle: throttle.ts). */

const EMAIL =
  /^[^\s@"(),:;<>[\]\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export const PASSWORD_MIN_LENGTH = 8;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const isEmail = (email: string) => email.length <= 320 && EMAIL.test(email.trim());

/** An e-mail violation; `data.type: 'EMAIL'` is what the official client's register() looks for. */
export function emailViolation(field: string, email: string): FieldViolation | undefined {
  if (isEmail(email)) return undefined;
  return {
    field,
    description: email.trim() === '' ? 'is required' : 'must be a valid e-mail address',
    violatedRule: 'FORMAT',
    ruleName: 'EMAIL',
    data: { type: 'EMAIL' },
  };
}

/** At least 8 characters, and not all of one kind (lower-case, upper-case, digits, symbols). */
export function passwordViolation(field: string, password: string): FieldViolation | undefined {
  const base = {
    field,
    ruleName: 'PASSWORD_POLICY',
    data: { type: 'PASSWORD', minLength: PASSWORD_MIN_LENGTH },
  };
  if ([...password].length < PASSWORD_MIN_LENGTH)
    return {
      ...base,
      description: `must be at least ${PASSWORD_MIN_LENGTH} characters long`,
      violatedRule: 'MIN_LENGTH',
    };
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((kind) => kind.test(password)).length;
  if (kinds < 2)
    return {
      ...base,
      description: 'must mix at least two kinds of characters (lower-case, upper-case, digits, symbols)',
      violatedRule: 'FORMAT',
    };
  return undefined;
}

export function check(...violations: (FieldViolation | undefined)[]) {
  const found = violations.filter((v): v is FieldViolation => v !== undefined);
  if (found.length > 0) throw new ValidationError(found);
}

interface CaptchaToken {
  Recaptcha?: string;
  InvisibleRecaptcha?: string;
  NoCaptcha?: string;
  recaptchaForClientSiteKey?: { token: string };
}

/** Off unless the site sets `identity.requireCaptcha`; then -19971 without a token, -19970 for a bad one. */
export async function checkCaptcha(
  ctx: IdentityContext,
  siteId: string,
  settings: IdentitySettings,
  captchaTokens: CaptchaToken[] | undefined,
) {
  if (!settings.requireCaptcha) return;
  const tokens = (captchaTokens ?? [])
    .flatMap((t) => [t.Recaptcha, t.InvisibleRecaptcha, t.NoCaptcha, t.recaptchaForClientSiteKey?.token])
    .filter((t): t is string => typeof t === 'string' && t !== '');
  if (tokens.length === 0) throw identityErrors.missingCaptcha();
  for (const token of tokens) if (await ctx.captcha.verify({ siteId, token, settings })) return;
  throw identityErrors.invalidCaptcha();
}

/** The sign-in throttle (throttle.ts), under the names other sign-ins (owners) call it by. */
export { checkThrottle as checkLockout, clearFailures, recordFailure } from './throttle.ts';

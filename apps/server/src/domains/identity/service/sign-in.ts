import type { Caller } from '../../../http/access.ts';
import { AppError } from '../../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import { identityErrors } from '../errors.ts';
import type { StatusReason } from '../store/identities.ts';
import { type IdentityContext, settingsOf } from './context.ts';
import { type FlowResponse, nextState } from './flow.ts';
import { check, checkCaptcha, emailViolation, isEmail, normaliseEmail, passwordViolation } from './policy.ts';
import { newIdentity } from './profile.ts';
import { checkThrottle, recordFailure, recordSuccess } from './throttle.ts';

type CaptchaTokens = Parameters<typeof checkCaptcha>[3];

export interface RegisterInput {
  loginId: { email: string };
  password: string;
  profile?: Record<string, unknown>;
  captchaTokens?: CaptchaTokens;
}

/** Register (map 15.1): captcha, then e-mail and password rules, then the site's sign-up policy. */
export async function register(
  ctx: IdentityContext,
  caller: Caller,
  input: RegisterInput,
): Promise<FlowResponse> {
  const siteId = caller.siteId;
  const settings = await settingsOf(ctx, siteId);
  await checkCaptcha(ctx, siteId, settings, input.captchaTokens);
  check(emailViolation('loginId.email', input.loginId.email), passwordViolation('password', input.password));
  const email = normaliseEmail(input.loginId.email);
  if (await ctx.store.identities.findByEmail(siteId, email)) throw identityErrors.emailExists(email);
  const reasons: StatusReason[] = [
    ...(settings.requireEmailVerification ? (['PENDING_EMAIL_VERIFICATION_REQUIRED'] as const) : []),
    ...(settings.requireOwnerApproval ? (['PENDING_ADMIN_APPROVAL_REQUIRED'] as const) : []),
  ];
  const identity = await ctx.store.identities.create(
    siteId,
    newIdentity(email, input.profile, { reasons, withPassword: true }),
    await hashPassword(input.password),
  );
  return nextState(ctx, siteId, identity);
}

export interface LoginInput {
  loginId: { email: string };
  password: string;
  captchaTokens?: CaptchaTokens;
}

/**
 * Login (map 15.1, 4.3). Every failure is an application error (the official client crashes on
 * validation-only errors); failures slow down further attempts per member and per client address (throttle.ts).
 */
export async function login(
  ctx: IdentityContext,
  caller: Caller,
  input: LoginInput,
  address: string,
): Promise<FlowResponse> {
  const siteId = caller.siteId;
  const email = normaliseEmail(input.loginId.email);
  await checkThrottle(ctx, siteId, email, address);
  const settings = await settingsOf(ctx, siteId);
  await checkCaptcha(ctx, siteId, settings, input.captchaTokens);
  if (!isEmail(email))
    throw new AppError(400, 'INVALID_EMAIL', 'Invalid e-mail', 'The login e-mail is not a valid address.');
  const record = await ctx.store.identities.findByEmail(siteId, email);
  if (!record) {
    await recordFailure(ctx, siteId, email, address);
    throw identityErrors.unknownEmail();
  }
  if (!record.passwordHash) {
    await recordFailure(ctx, siteId, email, address);
    throw identityErrors.resetPasswordRequired();
  }
  if (!(await verifyPassword(input.password, record.passwordHash))) {
    await recordFailure(ctx, siteId, email, address);
    throw identityErrors.wrongPassword();
  }
  await recordSuccess(ctx, siteId, email, address);
  return nextState(ctx, siteId, record.identity, { askSecondFactor: true });
}

/** `validateEmail`: format only (Plaza does not probe mail servers). */
export function validateEmail(email: string) {
  const valid = isEmail(email);
  return valid
    ? { valid, formatInvalid: false }
    : { valid, formatInvalid: true, failure: { reason: 'EMAIL_DOMAIN_FORMAT_INVALID' } };
}

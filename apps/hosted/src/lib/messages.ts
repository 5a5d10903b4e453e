import type { ApiError, FieldViolation } from '../api.ts';

/** Server errors in words a visitor can act on (codes: API map 4.3 and the identity/redirects domains). */

export type Field = 'email' | 'password' | 'firstName' | 'lastName' | 'code';

/** A link the page offers next to the message. */
export type Action = 'sign-in' | 'sign-up' | 'forgot-password' | 'start-again';

export interface Problem {
  /** Shown in the form's alert summary. */
  summary: string;
  /** Shown under the fields (and marks them invalid). */
  fields: Partial<Record<Field, string>>;
  action?: Action;
}

const FIELD_OF_PATH: Record<string, Field> = {
  'loginId.email': 'email',
  email: 'email',
  password: 'password',
  newPassword: 'password',
  'profile.firstName': 'firstName',
  'profile.lastName': 'lastName',
  code: 'code',
  'emailData.code': 'code',
};

const LABELS: Record<Field, string> = {
  email: 'E-mail',
  password: 'Password',
  firstName: 'First name',
  lastName: 'Last name',
  code: 'Code',
};

const sentence = (text: string) => {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  const capital = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/** Field violations → messages under the fields; violations of other fields → the summary. */
export function violationsToProblem(violations: FieldViolation[]): Problem {
  const fields: Problem['fields'] = {};
  const others: string[] = [];
  for (const violation of violations) {
    const field = FIELD_OF_PATH[violation.field];
    if (field && !fields[field]) fields[field] = sentence(`${LABELS[field]} ${violation.description}`);
    else if (!field) others.push(sentence(`${violation.field} ${violation.description}`));
  }
  const count = Object.keys(fields).length;
  const summary =
    others.length > 0
      ? others.join(' ')
      : count === 1
        ? Object.values(fields)[0]!
        : 'Some fields need another look.';
  return { summary, fields };
}

const START_AGAIN = 'Start signing in again.';

type Mapper = (error: ApiError) => Omit<Problem, 'fields'> & { fields?: Problem['fields'] };

const BY_CODE: Record<string, Mapper> = {
  NETWORK: () => ({ summary: 'We could not reach the server. Check your connection and try again.' }),
  '-19976': () => ({
    summary: 'The e-mail and password do not match. Check them and try again.',
    fields: { password: 'Check your password.' },
    action: 'forgot-password',
  }),
  '-19999': () => ({
    summary: 'There is no account with this e-mail. Check it, or create an account.',
    fields: { email: 'No account uses this e-mail.' },
    action: 'sign-up',
  }),
  '-19973': () => ({
    summary: 'This account has no password yet. Use “Forgot password?” to set one.',
    action: 'forgot-password',
  }),
  '-19995': () => ({
    summary: 'An account with this e-mail already exists. Sign in instead.',
    fields: { email: 'This e-mail already has an account.' },
    action: 'sign-in',
  }),
  '-19971': () => ({
    summary: 'This site asks for a captcha check, which this page cannot show yet. Contact the site owner.',
  }),
  '-19970': () => ({ summary: 'The captcha check failed. Reload the page and try again.' }),
  INVALID_EMAIL: () => ({
    summary: 'Enter a valid e-mail address.',
    fields: { email: 'Enter a valid e-mail address.' },
  }),
  RATE_LIMITED: (error) => ({
    summary: `Too many failed attempts. ${sentence(error.description.replace(/^Sign-in is locked[^;]*;\s*/, ''))}`,
  }),
  MEMBER_BLOCKED: () => ({ summary: 'This account is blocked. Contact the site owner.' }),
  MEMBER_NOT_APPROVED: () => ({ summary: 'This account is waiting for the site owner’s approval.' }),
  INVALID_VERIFICATION_CODE: (error) => {
    const left = Number(error.data.attemptsLeft);
    const tries = Number.isFinite(left) ? ` You have ${left} ${left === 1 ? 'try' : 'tries'} left.` : '';
    return { summary: `That code is not right.${tries}`, fields: { code: 'Wrong code. Check the e-mail.' } };
  },
  VERIFICATION_CODE_EXPIRED: () => ({
    summary: 'This code has expired. Send a new code and enter that one.',
    fields: { code: 'This code has expired.' },
  }),
  TOO_MANY_ATTEMPTS: () => ({ summary: `Too many tries. ${START_AGAIN}`, action: 'start-again' }),
  INVALID_STATE_TOKEN: () => ({
    summary: `This verification has ended. ${START_AGAIN}`,
    action: 'start-again',
  }),
  INVALID_SESSION_TOKEN: () => ({
    summary: `Your sign-in took too long. ${START_AGAIN}`,
    action: 'start-again',
  }),
  INVALID_RECOVERY_TOKEN: () => ({
    summary: 'This link no longer works: reset links work once, for one hour. Ask for a new one.',
    action: 'forgot-password',
  }),
  INVALID_TOKEN: () => ({ summary: 'Your visit has expired. Reload the page and try again.' }),
  REDIRECT_SESSION_NOT_FOUND: () => ({
    summary: 'This sign-in link is not valid. Go back to the site and try again.',
  }),
  REDIRECT_SESSION_EXPIRED: () => ({
    summary: 'This sign-in link has expired. Go back to the site and try again.',
  }),
  REDIRECT_SESSION_USED: () => ({
    summary: 'This sign-in link was already used. Go back to the site and try again.',
  }),
  INVALID_CLIENT: () => ({
    summary: 'The site no longer accepts this sign-in. Go back to the site and try again.',
  }),
};

/** What to tell the visitor about a failed call. */
export function describeError(error: unknown): Problem {
  const apiError = error as Partial<ApiError> | undefined;
  if (!apiError || typeof apiError.code !== 'string' || typeof apiError.status !== 'number')
    return { summary: 'Something went wrong. Try again.', fields: {} };
  const known = BY_CODE[apiError.code];
  if (known) {
    const problem = known(apiError as ApiError);
    return { ...problem, fields: problem.fields ?? {} };
  }
  if (apiError.code === 'VALIDATION') return violationsToProblem(apiError.violations ?? []);
  const reference = apiError.requestId ? ` (reference ${apiError.requestId})` : '';
  if (apiError.status >= 500 || apiError.status === 0)
    return { summary: `Something went wrong on our side. Try again in a moment.${reference}`, fields: {} };
  return {
    summary: sentence(apiError.description || apiError.message || 'Something went wrong') + reference,
    fields: {},
  };
}

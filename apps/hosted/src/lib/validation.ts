/**
 * Client-side checks that mirror the server's rules (apps/server identity policy), so most mistakes
 * are explained before a request is made. The server stays the judge.
 */

export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordRule {
  id: 'length' | 'mix';
  label: string;
  ok: boolean;
}

const KINDS = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];

/** The password rules shown under a new-password field, each with whether `password` meets it. */
export function passwordRules(password: string): PasswordRule[] {
  return [
    {
      id: 'length',
      label: `At least ${PASSWORD_MIN_LENGTH} characters`,
      ok: [...password].length >= PASSWORD_MIN_LENGTH,
    },
    {
      id: 'mix',
      label: 'At least two kinds of characters: lower-case, upper-case, digits, symbols',
      ok: KINDS.filter((kind) => kind.test(password)).length >= 2,
    },
  ];
}

export function newPasswordError(password: string): string | undefined {
  if (password === '') return 'Enter a password.';
  const failed = passwordRules(password).find((rule) => !rule.ok);
  if (failed?.id === 'length') return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (failed?.id === 'mix') return 'Mix at least two kinds of characters (for example letters and digits).';
  return undefined;
}

const EMAIL =
  /^[^\s@"(),:;<>[\]\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function emailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return 'Enter your e-mail address.';
  if (trimmed.length > 320 || !EMAIL.test(trimmed))
    return 'Enter a valid e-mail address, like name@example.com.';
  return undefined;
}

/** Digits of a typed or pasted code ("123 456", "123-456" → "123456"). */
export const normaliseCode = (code: string) => code.replace(/[\s-]/g, '');

export function codeError(code: string): string | undefined {
  const digits = normaliseCode(code);
  if (digits === '') return 'Enter the 6-digit code from the e-mail.';
  if (!/^\d{6}$/.test(digits)) return 'The code has 6 digits.';
  return undefined;
}

export type Errors<F extends string> = Partial<Record<F, string>>;

/** Drops the fields without an error; an empty result means the form is valid. */
export function collectErrors<F extends string>(errors: Record<F, string | undefined>): Errors<F> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as Errors<F>;
}

/** The profile sent with register: only the names that were typed. */
export function profileOf(firstName: string, lastName: string) {
  const profile: { firstName?: string; lastName?: string } = {};
  if (firstName.trim()) profile.firstName = firstName.trim();
  if (lastName.trim()) profile.lastName = lastName.trim();
  return Object.keys(profile).length > 0 ? profile : undefined;
}

/**
 * Errors that services throw. They carry what the API map's envelope needs and nothing about HTTP
 * framing; `http/error-envelope.ts` turns them into responses.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly description: string = message,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export type ViolatedRule =
  | 'VALIDATION'
  | 'OTHER'
  | 'MAX'
  | 'MIN'
  | 'MAX_LENGTH'
  | 'MIN_LENGTH'
  | 'MAX_SIZE'
  | 'MIN_SIZE'
  | 'FORMAT'
  | 'DECIMAL_LTE'
  | 'DECIMAL_GTE'
  | 'DECIMAL_LT'
  | 'DECIMAL_GT'
  | 'DECIMAL_MAX_SCALE'
  | 'INVALID_ENUM_VALUE'
  | 'REQUIRED_FIELD'
  | 'FIELD_NOT_ALLOWED'
  | 'ONE_OF_ALIGNMENT'
  | 'EXACT_LENGTH'
  | 'EXACT_SIZE'
  | 'REQUIRED_ONE_OF_FIELD';

export interface FieldViolation {
  field: string;
  description: string;
  violatedRule: ViolatedRule;
  ruleName?: string;
  data: Record<string, unknown>;
}

/** Bad input: answered as 400 with `details.validationError.fieldViolations`, sorted by field. */
export class ValidationError extends Error {
  readonly fieldViolations: FieldViolation[];
  constructor(violations: Array<Omit<FieldViolation, 'data'> & { data?: Record<string, unknown> }>) {
    const sorted = violations
      .map((violation) => ({ ...violation, data: violation.data ?? {} }))
      .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
    super(`INVALID_ARGUMENT: ${sorted.map((v) => `"${v.field}" ${v.description}`).join(', ')}`);
    this.name = 'ValidationError';
    this.fieldViolations = sorted;
  }
}

export const invalidField = (field: string, description: string, violatedRule: ViolatedRule = 'VALIDATION') =>
  new ValidationError([{ field, description, violatedRule }]);

export const notFound = (code: string, message: string, data: Record<string, unknown> = {}) =>
  new AppError(404, code, message, message, data);

/** Errors every domain shares. */
export const commonErrors = {
  missingAuthentication: () =>
    new AppError(
      401,
      'UNAUTHENTICATED',
      'Request is missing authentication data',
      'Request is missing authentication data',
    ),
  invalidToken: (reason: string) => new AppError(401, 'INVALID_TOKEN', 'Invalid access token', reason),
  insufficientPermissions: (needed: string) =>
    new AppError(403, 'PERMISSION_DENIED', 'Insufficient permissions', `This call needs ${needed} access.`),
  revisionMismatch: (entity: string, id: string, expected: string, actual: string) =>
    new AppError(
      409,
      'REVISION_MISMATCH',
      `${entity} was changed by someone else`,
      `${entity} ${id} is at revision ${actual}, the request expected ${expected}. Read it again and retry.`,
      { id, expectedRevision: expected, currentRevision: actual },
    ),
  appNotInstalled: (app: string) =>
    new AppError(
      404,
      'APP_NOT_INSTALLED',
      `The ${app} app is not installed on this site`,
      `Install the ${app} app in the site settings to use this call.`,
      { app },
    ),
};

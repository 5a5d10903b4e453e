import { expect } from 'vitest';
import { type FieldViolation, ValidationError } from '../lib/errors.ts';

/** Runs `action`, expecting a ValidationError with one violation on `field`. */
export function expectViolation(
  action: () => unknown,
  field: string,
  description: string | RegExp,
  violatedRule: FieldViolation['violatedRule'] = 'VALIDATION',
): void {
  let thrown: unknown;
  try {
    action();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'expected a ValidationError').toBeInstanceOf(ValidationError);
  const violations = (thrown as ValidationError).fieldViolations;
  expect(violations).toHaveLength(1);
  expect(violations[0]).toMatchObject({ field, violatedRule });
  expect(violations[0]!.description).toMatch(description);
}

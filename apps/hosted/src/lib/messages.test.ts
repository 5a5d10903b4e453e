import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '../api.ts';
import { describeError, violationsToProblem } from './messages.ts';

const appError = (status: number, code: string, description = code, data: Record<string, unknown> = {}) =>
  new ApiError(status, code, code, description, data);

describe('describeError', () => {
  it('explains a wrong password on the password field, offering a reset', () => {
    const problem = describeError(appError(401, '-19976', 'The e-mail and password do not match.'));
    expect(problem.summary).toMatch(/e-mail and password do not match/);
    expect(problem.fields).toEqual({ password: 'Check your password.' });
    expect(problem.action).toBe('forgot-password');
  });

  it('offers sign-in for an existing e-mail and sign-up for an unknown one', () => {
    expect(describeError(appError(409, '-19995'))).toMatchObject({
      action: 'sign-in',
      fields: { email: expect.stringMatching(/already has an account/) },
    });
    expect(describeError(appError(404, '-19999'))).toMatchObject({
      action: 'sign-up',
      fields: { email: expect.any(String) },
    });
    expect(describeError(appError(403, '-19973')).action).toBe('forgot-password');
  });

  it('counts the tries left of a wrong code, in the singular too', () => {
    expect(describeError(appError(400, 'INVALID_VERIFICATION_CODE', 'x', { attemptsLeft: 3 })).summary).toBe(
      'That code is not right. You have 3 tries left.',
    );
    expect(
      describeError(appError(400, 'INVALID_VERIFICATION_CODE', 'x', { attemptsLeft: 1 })).summary,
    ).toMatch(/1 try left/);
    expect(describeError(appError(400, 'INVALID_VERIFICATION_CODE')).summary).toBe('That code is not right.');
    expect(describeError(appError(400, 'INVALID_VERIFICATION_CODE')).fields.code).toBeTruthy();
  });

  it('tells an expired code from a dead verification', () => {
    const expired = describeError(appError(400, 'VERIFICATION_CODE_EXPIRED'));
    expect(expired.summary).toMatch(/expired.*new code/);
    expect(expired.action).toBeUndefined();
    expect(describeError(appError(429, 'TOO_MANY_ATTEMPTS')).action).toBe('start-again');
    expect(describeError(appError(400, 'INVALID_STATE_TOKEN')).action).toBe('start-again');
    expect(describeError(appError(400, 'INVALID_SESSION_TOKEN')).action).toBe('start-again');
  });

  it('keeps the wait of a lockout from the server', () => {
    const problem = describeError(
      appError(429, 'RATE_LIMITED', 'Sign-in is locked for this member or address; try again in 15 minutes.'),
    );
    expect(problem.summary).toBe('Too many failed attempts. Try again in 15 minutes.');
  });

  it('maps field violations to the fields, others to the summary', () => {
    const problem = violationsToProblem([
      { field: 'loginId.email', description: 'must be a valid e-mail address' },
      { field: 'password', description: 'must be at least 8 characters long' },
      { field: 'password', description: 'second violation of the same field is dropped' },
    ]);
    expect(problem.fields).toEqual({
      email: 'E-mail must be a valid e-mail address.',
      password: 'Password must be at least 8 characters long.',
    });
    expect(problem.summary).toBe('Some fields need another look.');
    expect(violationsToProblem([{ field: 'profile.firstName', description: 'is too long' }]).summary).toBe(
      'First name is too long.',
    );
    expect(violationsToProblem([{ field: 'captchaTokens', description: 'are odd' }])).toEqual({
      summary: 'CaptchaTokens are odd.',
      fields: {},
    });
    const validation = new ApiError(400, 'VALIDATION', 'm', 'm', {}, [
      { field: 'code', description: 'is required' },
    ]);
    expect(describeError(validation).fields).toEqual({ code: 'Code is required.' });
  });

  it('falls back to the server description with the request id, and hides server failures', () => {
    const other = new ApiError(
      403,
      'PERMISSION_DENIED',
      'Insufficient permissions',
      'This call needs admin access',
      {},
      [],
      'rid-7',
    );
    expect(describeError(other).summary).toBe('This call needs admin access. (reference rid-7)');
    const crash = new ApiError(500, 'INTERNAL', 'Boom', 'stack details', {}, [], 'rid-8');
    expect(describeError(crash).summary).toBe(
      'Something went wrong on our side. Try again in a moment. (reference rid-8)',
    );
    expect(describeError(networkError()).summary).toMatch(/could not reach the server/);
    expect(describeError(new Error('plain')).summary).toBe('Something went wrong. Try again.');
    expect(describeError(undefined).fields).toEqual({});
  });

  it('has words for every session error code', () => {
    for (const code of [
      'REDIRECT_SESSION_NOT_FOUND',
      'REDIRECT_SESSION_EXPIRED',
      'REDIRECT_SESSION_USED',
      'INVALID_CLIENT',
    ])
      expect(describeError(appError(400, code)).summary).toMatch(/Go back to the site/);
  });
});

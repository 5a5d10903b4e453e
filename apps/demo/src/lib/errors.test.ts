import { PlazaError } from '@plaza/sdk';
import { describe, expect, it } from 'vitest';
import { describeError, errorCode, isNotFound } from './errors.ts';

describe('error messages', () => {
  it('uses the server message, and the description when it adds something', () => {
    const error = new PlazaError('This site cannot take payments yet', {
      status: 409,
      details: {
        applicationError: {
          code: 'ONLINE_PAYMENTS_NOT_ENABLED',
          description: 'Enable a provider.',
          data: {},
        },
      },
    });
    expect(describeError(error)).toBe('This site cannot take payments yet. Enable a provider.');
    expect(errorCode(error)).toBe('ONLINE_PAYMENTS_NOT_ENABLED');
  });

  it('does not repeat a description the message already holds', () => {
    const description = 'Remove the unavailable line items or lower their quantity, then try again.';
    const error = new PlazaError(`Some line items cannot be bought: ${description}`, {
      status: 409,
      details: { applicationError: { code: 'LINE_ITEMS_UNAVAILABLE', description, data: {} } },
    });
    expect(describeError(error)).toBe(`Some line items cannot be bought: ${description}`);
    const ended = new PlazaError('Not enough stock.', {
      status: 409,
      details: {
        applicationError: { code: 'INSUFFICIENT_STOCK', description: 'Lower the quantity.', data: {} },
      },
    });
    expect(describeError(ended)).toBe('Not enough stock. Lower the quantity.');
  });

  it('names unreachable servers and server failures', () => {
    expect(describeError(new PlazaError('System error occurred'))).toContain('could not be reached');
    expect(describeError(new PlazaError('System error occurred', { status: 503, requestId: 'r1' }))).toBe(
      'The Plaza server had a problem (HTTP 503, request r1). Try again.',
    );
  });

  it('handles anything else', () => {
    expect(describeError(new Error('Invalid _state'))).toBe('Invalid _state');
    expect(describeError('nope')).toBe('Something went wrong.');
    expect(isNotFound(new PlazaError('Not Found', { status: 404 }))).toBe(true);
    expect(errorCode(new Error('x'))).toBeUndefined();
  });
});

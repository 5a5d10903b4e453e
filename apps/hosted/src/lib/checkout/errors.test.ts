import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../../api.ts';
import { describeCheckoutError } from './errors.ts';

const app = (status: number, code: string, data: Record<string, unknown> = {}, description = code) =>
  new ApiError(status, code, code, description, data);

describe('describeCheckoutError', () => {
  it('explains a decline on the card field, and settles the attempt', () => {
    const declined = describeCheckoutError(
      app(402, 'PAYMENT_DECLINED', { declineCode: 'card_declined' }),
      'pay',
    );
    expect(declined).toEqual({
      summary: 'Your card was declined. No money was taken. Try another card or another way to pay.',
      fields: { cardNumber: 'This card was declined.' },
      settled: true,
    });
    expect(
      describeCheckoutError(app(402, 'PAYMENT_DECLINED', { declineCode: 'card_not_supported' }), 'pay')
        .fields,
    ).toEqual({ cardNumber: 'This card cannot be used here.' });
  });

  it('points at what the server found missing before charging', () => {
    const incomplete = describeCheckoutError(
      app(400, 'CHECKOUT_INCOMPLETE', { missingFields: ['email', 'shippingAddress'] }),
      'pay',
    );
    expect(incomplete).toEqual({
      summary: 'No money was taken. Some details are missing.',
      fields: { email: 'Enter your e-mail address.', addressLine: 'Enter the delivery address.' },
      settled: true,
    });
  });

  it('keeps the attempt open when the answer was lost, so Pay reuses the key', () => {
    const network = describeCheckoutError(new ApiError(0, 'NETWORK', 'x', 'x'), 'pay');
    expect(network.settled).toBe(false);
    expect(network.summary).toMatch(/not be charged twice/);
    const server = describeCheckoutError(new ApiError(503, 'HTTP_503', 'x', 'x', {}, [], 'rid-7'), 'pay');
    expect(server.settled).toBe(false);
    expect(server.summary).toMatch(/reference rid-7/);
    expect(describeCheckoutError(app(409, 'PAYMENT_IN_PROGRESS'), 'pay')).toMatchObject({
      settled: false,
      next: 'retry-soon',
    });
    const other = describeCheckoutError(app(409, 'CHECKOUT_PAYMENT_IN_PROGRESS'), 'pay');
    expect(other).toMatchObject({ settled: false, next: 'retry-soon' });
    expect(other.summary).toMatch(/No money was taken/);
    for (const [status, code] of [
      [409, 'CONCURRENT_CHANGE'],
      [503, 'DATABASE_BUSY'],
    ] as const) {
      const busy = describeCheckoutError(app(status, code), 'pay');
      expect(busy).toMatchObject({ settled: false, next: 'retry-soon' });
      expect(busy.summary).toMatch(/busy.*not be charged twice/);
      expect(describeCheckoutError(app(status, code), 'update')).toMatchObject({ settled: true });
    }
    // Saving details is no payment: nothing to be unsure about.
    expect(describeCheckoutError(new ApiError(0, 'NETWORK', 'x', 'x'), 'update').summary).not.toMatch(
      /charged/,
    );
  });

  it('maps field violations of the server onto the form', () => {
    const error = toApiError(400, {
      message: 'INVALID_ARGUMENT',
      details: {
        validationError: {
          fieldViolations: [
            { field: 'card.cvc', description: 'has an invalid format', violatedRule: 'FORMAT' },
            { field: 'card.expiry', description: 'the card has expired', violatedRule: 'VALIDATION' },
            { field: 'shippingAddress.country', description: 'has an invalid format' },
          ],
        },
      },
    });
    expect(describeCheckoutError(error, 'pay')).toEqual({
      summary: 'Some details need another look.',
      fields: {
        cvc: 'Check the security code.',
        expiry: 'This card has expired.',
        country: 'Choose a country from the list.',
      },
      settled: true,
    });
    const one = toApiError(400, {
      details: {
        validationError: { fieldViolations: [{ field: 'email', description: 'must be a valid email' }] },
      },
    });
    expect(describeCheckoutError(one, 'update').summary).toBe(
      'Enter a valid e-mail address, like name@example.com.',
    );
    const other = toApiError(400, {
      details: {
        validationError: { fieldViolations: [{ field: 'billingAddress.city', description: 'is too long' }] },
      },
    });
    expect(describeCheckoutError(other, 'update').summary).toBe('BillingAddress.city is too long.');
  });

  it('sends the page on for session-level answers', () => {
    expect(describeCheckoutError(app(409, 'CHECKOUT_ALREADY_COMPLETED'), 'pay').next).toBe('thank-you');
    expect(describeCheckoutError(app(410, 'REDIRECT_SESSION_EXPIRED'), 'pay').next).toBe('session-expired');
    expect(describeCheckoutError(app(404, 'CHECKOUT_NOT_FOUND'), 'update').next).toBe('session-gone');
    expect(describeCheckoutError(app(400, 'PAYMENT_METHOD_NOT_ENABLED'), 'pay')).toMatchObject({
      next: 'reload',
      fields: { method: 'Choose another way to pay.' },
    });
  });

  it('says nothing was charged when the order could not be written', () => {
    const stock = describeCheckoutError(app(409, 'INSUFFICIENT_STOCK'), 'pay');
    expect(stock).toMatchObject({ settled: true, backToStore: true });
    expect(stock.summary).toMatch(/sold out.*No money was taken/);
    expect(
      describeCheckoutError(app(400, 'ERROR_COUPON_USAGE_EXCEEDED', { code: 'WELCOME10' }), 'pay').summary,
    ).toMatch(/coupon WELCOME10 was used up/);
    const moved = describeCheckoutError(
      app(409, 'CHECKOUT_TOTAL_CHANGED', { previousTotal: '$53.60', total: '$59.00' }),
      'pay',
    );
    expect(moved).toMatchObject({ settled: true, next: 'reload' });
    expect(moved.summary).toMatch(/total changed to \$59\.00.*No money was taken/);
    expect(describeCheckoutError(app(409, 'CART_ALREADY_ORDERED'), 'pay')).toMatchObject({
      backToStore: true,
    });
  });

  it('falls back to the server description, and copes with non-API errors', () => {
    expect(
      describeCheckoutError(app(400, 'SOMETHING_NEW', {}, 'the thing is not right'), 'pay').summary,
    ).toBe('The thing is not right.');
    expect(describeCheckoutError(new Error('boom'), 'pay')).toEqual({
      summary: 'Something went wrong. Try again.',
      fields: {},
      settled: false,
    });
  });
});

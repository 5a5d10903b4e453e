import { describe, expect, it } from 'vitest';
import { filtersFromParams, filtersToParams, hasFilters, orderFilter } from './order-filter.ts';
import { VERTICAL_APP_IDS } from './verticals.ts';

describe('order filters', () => {
  it('round-trips the URL, dropping what is empty or malformed', () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        'status=APPROVED&vertical=bookings&from=2026-03-01&to=yesterday&q=%20ann%20&page=2',
      ),
    );
    expect(filters).toEqual({
      status: 'APPROVED',
      payment: '',
      vertical: 'bookings',
      from: '2026-03-01',
      to: '',
      q: 'ann',
    });
    expect(filtersToParams(filters)).toEqual({
      status: 'APPROVED',
      vertical: 'bookings',
      from: '2026-03-01',
      q: 'ann',
    });
    expect(filtersFromParams(new URLSearchParams('vertical=shoes')).vertical).toBe('');
    expect(hasFilters(filtersFromParams(new URLSearchParams('page=3')))).toBe(false);
  });

  it("asks the server in its query language, the days being the site's", () => {
    const none = filtersFromParams(new URLSearchParams());
    expect(orderFilter(none, 'UTC')).toEqual({});
    expect(orderFilter({ ...none, payment: 'NOT_PAID' }, 'UTC')).toEqual({ paymentStatus: 'NOT_PAID' });
    // New York's 8 March 2026 has 23 hours (summer time starts): the range ends at 04:00 UTC on the 9th.
    expect(
      orderFilter({ ...none, from: '2026-03-08', to: '2026-03-08', vertical: 'store' }, 'America/New_York'),
    ).toEqual({
      $and: [
        { 'lineItems.catalogReference.appId': { $hasSome: [...VERTICAL_APP_IDS.store] } },
        { createdDate: { $gte: '2026-03-08T05:00:00.000Z', $lt: '2026-03-09T04:00:00.000Z' } },
      ],
    });
    expect(orderFilter({ ...none, q: '#10042' }, 'UTC')).toEqual({
      $or: [{ number: '10042' }, { 'buyerInfo.email': { $contains: '10042' } }],
    });
    expect(orderFilter({ ...none, q: 'ann@', status: 'CANCELED' }, 'UTC')).toEqual({
      $and: [{ status: 'CANCELED' }, { 'buyerInfo.email': { $contains: 'ann@' } }],
    });
  });
});

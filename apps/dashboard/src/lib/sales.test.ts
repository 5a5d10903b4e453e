import { describe, expect, it } from 'vitest';
import { lastDays, salesOf } from './sales.ts';

const order = (createdDate: string, total: string, status = 'APPROVED') => ({
  status,
  createdDate,
  priceSummary: { total: { amount: total } },
});

describe('sales figures', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('counts today, 7 and 30 days in the site time zone, leaving cancelled orders out', () => {
    const sales = salesOf(
      [
        order('2026-03-10T08:00:00Z', '10.00'),
        order('2026-03-10T09:00:00Z', '5.50'),
        order('2026-03-10T10:00:00Z', '99.00', 'CANCELED'),
        order('2026-03-05T10:00:00Z', '4.50'),
        order('2026-02-20T10:00:00Z', '30.00'),
        order('2026-01-01T10:00:00Z', '1000.00'),
      ],
      now,
      'UTC',
    );
    expect(sales.today).toEqual({ orders: 2, revenue: '15.50', average: '7.75' });
    expect(sales.week).toEqual({ orders: 3, revenue: '20.00', average: '6.67' });
    expect(sales.month).toEqual({ orders: 4, revenue: '50.00', average: '12.50' });
    expect(sales.days).toHaveLength(30);
    expect(sales.days.at(-1)).toEqual({ day: '2026-03-10', orders: 2, revenue: '15.50' });
    expect(sales.days[0]!.day).toBe('2026-02-09');
  });

  it("puts an order on the site's calendar day, not UTC's", () => {
    const sales = salesOf([order('2026-03-10T03:00:00Z', '8.00')], now, 'America/New_York');
    // 23:00 on 9 March in New York.
    expect(sales.today.orders).toBe(0);
    expect(sales.days.at(-2)).toEqual({ day: '2026-03-09', orders: 1, revenue: '8.00' });
  });

  it('walks back across a daylight saving change without skipping or repeating a day', () => {
    const days = lastDays(new Date('2026-03-09T04:30:00Z'), 'America/New_York', 3);
    expect(days).toEqual(['2026-03-09', '2026-03-08', '2026-03-07']);
  });
});

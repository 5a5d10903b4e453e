import { describe, expect, it } from 'vitest';
import type { Order } from '../api/types.ts';
import { csvField, orderCsvRow } from './csv.ts';

const money = (amount: string) => ({ amount, formattedAmount: `$${amount}` });

describe('orders as CSV', () => {
  it('quotes what needs quoting and keeps formulas from running', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-12.50')).toBe('-12.50');
  });

  it('writes one line per order', () => {
    const order = {
      id: 'o1',
      number: '10042',
      status: 'APPROVED',
      paymentStatus: 'PAID',
      currency: 'USD',
      createdDate: '2026-03-10T04:30:00.000Z',
      buyerInfo: { email: 'ann@example.com' },
      lineItems: [
        {
          id: 'l1',
          productName: { original: 'Mug, large' },
          catalogReference: { appId: '1380b703-ce81-ff05-f115-39571d94dfcd' },
          quantity: 2,
          price: money('10.00'),
          totalPriceAfterTax: money('21.60'),
          descriptionLines: [],
        },
      ],
      priceSummary: {
        subtotal: money('20.00'),
        shipping: money('5.00'),
        tax: money('1.60'),
        discount: money('0.00'),
        total: money('26.60'),
      },
      payments: [],
      activities: [],
    } as Order;
    expect(orderCsvRow(order)).toBe(
      '10042,2026-03-10T04:30:00.000Z,ann@example.com,APPROVED,PAID,"2 × Mug, large",Store,USD,20.00,5.00,1.60,0.00,26.60\r\n',
    );
  });
});

/** Orders as CSV (RFC 4180): one row per order, the columns an accountant asks for. */
import type { Order } from '../api/types.ts';
import { verticalLabel } from './verticals.ts';

export const ORDER_CSV_COLUMNS = [
  'Number',
  'Placed',
  'Buyer e-mail',
  'Status',
  'Payment',
  'Items',
  'Sells',
  'Currency',
  'Subtotal',
  'Shipping',
  'Tax',
  'Discount',
  'Total',
] as const;

/** A field quoted when it holds a comma, a quote or a line break; one that a spreadsheet would run as a formula is prefixed with '. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (values: ReadonlyArray<string | number>) => `${values.map(csvField).join(',')}\r\n`;

export function orderCsvRow(order: Order): string {
  const summary = order.priceSummary;
  const verticals = [
    ...new Set(order.lineItems.map((line) => verticalLabel(line.catalogReference?.appId ?? ''))),
  ];
  return csvRow([
    order.number,
    order.createdDate,
    order.buyerInfo.email ?? '',
    order.status,
    order.paymentStatus,
    order.lineItems.map((line) => `${line.quantity} × ${line.productName.original}`).join('; '),
    verticals.join('; '),
    order.currency,
    summary.subtotal.amount,
    summary.shipping.amount,
    summary.tax.amount,
    summary.discount.amount,
    summary.total.amount,
  ]);
}

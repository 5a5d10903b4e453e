/**
 * The orders section (ORDERS) of a member's hosted account: the member's own ecom orders, newest first,
 * in the few words the page shows (number, date, status, total, what was bought).
 */

import type { EcomDeps } from './context.ts';
import type { Order } from './orders.ts';

const ACCOUNT_LIMIT = 50;

export async function memberAccountOrders(deps: EcomDeps, siteId: string, memberId: string) {
  const page = await deps.store.orders.forSite(siteId).query(
    {
      filter: { 'buyerInfo.memberId': memberId },
      sort: [
        { fieldName: 'createdDate', order: 'DESC' },
        { fieldName: 'id', order: 'DESC' },
      ],
      paging: { limit: ACCOUNT_LIMIT },
    },
    { defaultLimit: ACCOUNT_LIMIT },
  );
  return page.items.map((text) => {
    const order = JSON.parse(text) as Order;
    return {
      id: order.id,
      number: order.number,
      createdDate: order.createdDate,
      status: order.status,
      paymentStatus: order.paymentStatus,
      total: order.priceSummary.total?.formattedAmount ?? '',
      items: order.lineItems.map((line) => ({
        name: (line.productName as { original?: string } | undefined)?.original ?? '',
        quantity: line.quantity,
      })),
    };
  });
}

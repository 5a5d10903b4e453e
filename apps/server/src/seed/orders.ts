/**
 * Many orders at once, written through the order store (not through checkout): what the owner's
 * lists and sales figures are measured against. Orders are spread over the last `days` days, one
 * line each, their catalogs taken in turn from `appIds`; every tenth is cancelled, every third is
 * an offline order not paid yet.
 */
import type { Platform } from '../deps.ts';
import type { StoredOrder } from '../domains/ecom/index.ts';
import { price } from '../domains/ecom/money.ts';
import { getSite } from '../domains/sites/index.ts';
import { newId } from '../lib/ids.ts';
import { currencyDigits } from '../lib/money.ts';

const BATCH = 500;

export interface SeedOrdersOptions {
  count: number;
  appIds: readonly string[];
  days?: number;
  /** Buyers' e-mail addresses are `<prefix><n>@example.com`. */
  emailPrefix?: string;
}

export async function seedOrders(platform: Platform, siteId: string, options: SeedOrdersOptions) {
  const site = await getSite(platform.sites, siteId);
  const format = { currency: site.currency, digits: currencyDigits(site.currency) };
  const p = (minor: number) => price(minor, format);
  const store = platform.ecom.store;
  const now = platform.clock.nowMs();
  const span = (options.days ?? 30) * 86_400_000;
  for (let start = 0; start < options.count; start += BATCH) {
    await store.transaction(async (trx) => {
      const orders = store.orders.forSite(siteId, trx);
      for (let i = start; i < Math.min(start + BATCH, options.count); i++) {
        // Oldest first, so that numbers and dates rise together.
        const placed = new Date(
          now - span + Math.floor((span * (i + 1)) / (options.count + 1)),
        ).toISOString();
        const unit = 500 + ((i * 37) % 9500);
        const quantity = 1 + (i % 3);
        const number = await store.nextOrderNumber(trx, siteId);
        const offline = i % 3 === 0;
        const canceled = i % 10 === 9;
        const order: StoredOrder = {
          number: String(number),
          checkoutId: newId(),
          status: canceled ? 'CANCELED' : 'APPROVED',
          paymentStatus: canceled ? (offline ? 'NOT_PAID' : 'FULLY_REFUNDED') : offline ? 'NOT_PAID' : 'PAID',
          currency: format.currency,
          buyerInfo: { email: `${options.emailPrefix ?? 'buyer'}${i + 1}@example.com` },
          lineItems: [
            {
              id: newId(),
              productName: { original: `Item ${1 + (i % 50)}` },
              catalogReference: { appId: options.appIds[i % options.appIds.length]!, catalogItemId: newId() },
              quantity,
              price: p(unit),
              totalPriceAfterTax: p(unit * quantity),
              descriptionLines: [],
            },
          ],
          priceSummary: {
            subtotal: p(unit * quantity),
            shipping: p(0),
            tax: p(0),
            discount: p(0),
            total: p(unit * quantity),
          },
          payments: [
            {
              id: newId(),
              provider: offline ? 'offline' : 'test',
              status: canceled && !offline ? 'REFUNDED' : offline ? 'PENDING' : 'CAPTURED',
              amount: p(unit * quantity),
              createdDate: placed,
            },
          ],
          activities: [{ type: 'ORDER_PLACED', createdDate: placed }],
          purchasedDate: placed,
        };
        await orders.create(order, { now: placed });
      }
    });
  }
}

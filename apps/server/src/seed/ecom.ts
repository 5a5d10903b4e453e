/**
 * Demo checkout settings: the test card provider and offline payment enabled, a US sales tax,
 * standard shipping (free from $75) and store pickup, and the coupon WELCOME10 (10 % off).
 */
import type { Platform } from '../deps.ts';
import { createCoupon } from '../domains/ecom/coupons.ts';
import { updateSite } from '../domains/sites/index.ts';

export const DEMO_COUPON = 'WELCOME10';

export async function seedEcom(platform: Platform, siteId: string) {
  await updateSite(platform.sites, siteId, {
    settings: {
      payments: { test: true, offline: true },
      ecom: {
        taxIncludedInPrices: false,
        taxableAddressType: 'SHIPPING',
        taxRates: [{ country: 'US', rate: 8, name: 'Sales tax' }],
        shippingOptions: [
          {
            code: 'standard',
            title: 'Standard delivery',
            type: 'FLAT_RATE',
            price: '5.00',
            freeOver: '75.00',
            deliveryTime: '3-5 business days',
          },
          {
            code: 'pickup',
            title: 'Store pickup',
            type: 'STORE_PICKUP',
            instructions: 'Collect at the counter with your order number.',
            pickupAddress: {
              country: 'US',
              subdivision: 'US-NY',
              city: 'New York',
              addressLine: '1 Plaza Way',
            },
          },
        ],
        weightUnit: 'KG',
      },
    },
  });
  const owner = {
    siteId,
    kind: 'admin' as const,
    subjectId: 'seed',
    clientId: undefined,
    accessToken: undefined,
  };
  await createCoupon(platform.ecom, owner, {
    code: DEMO_COUPON,
    name: 'Welcome: 10% off',
    type: 'PERCENTAGE',
    percentage: 10,
  });
}

// Compile-time checks (run by `tsc`; Vitest only executes the trivial bodies): what a storefront
// reads of carts, totals, checkouts and orders is typed from the contracts, without casts.
import { describe, expectTypeOf, it } from 'vitest';
import { createClient } from '../src/index.ts';
import { ecom } from '../src/modules/ecom.ts';
import { recordingFetch } from './support/recording-fetch.ts';

const { fetch } = recordingFetch();
const client = createClient({ modules: { ecom }, apiBaseUrl: 'http://api.test', fetch });

type Answer<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
type Cart = Answer<typeof client.ecom.getCurrentCart>['cart'];
type Estimate = Answer<typeof client.ecom.estimateCurrentCartTotals>;
type Checkout = Answer<typeof client.ecom.getCheckout>['checkout'];
type Order = Answer<typeof client.ecom.getOrder>['order'];
type Price = {
  amount: string;
  convertedAmount: string;
  formattedAmount: string;
  formattedConvertedAmount: string;
};

describe('eCommerce answers are typed as sent', () => {
  it('types a cart line: its options, description lines and image', () => {
    type Line = Cart['lineItems'][number];
    expectTypeOf<NonNullable<Line['catalogReference']['options']>['variantId']>().toEqualTypeOf<
      string | undefined
    >();
    expectTypeOf<NonNullable<Line['catalogReference']['options']>['options']>().toEqualTypeOf<
      Record<string, string> | undefined
    >();
    expectTypeOf<Line['descriptionLines'][number]['name']['original']>().toEqualTypeOf<string>();
    expectTypeOf<
      NonNullable<Line['descriptionLines'][number]['colorInfo']>['code']
    >().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<Line['image']>['url']>().toEqualTypeOf<string>();
    expectTypeOf<Line['availability']['status']>().toEqualTypeOf<
      'AVAILABLE' | 'NOT_FOUND' | 'NOT_AVAILABLE' | 'PARTIALLY_AVAILABLE'
    >();
  });

  it('types the cart: applied coupon, shipping option, buyer note', () => {
    type Discount = Cart['appliedDiscounts'][number];
    expectTypeOf<NonNullable<Discount['coupon']>['code']>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<Discount['coupon']>['amount']>().toMatchTypeOf<Price>();
    expectTypeOf<NonNullable<Discount['merchantDiscount']>['amount']>().toMatchTypeOf<Price>();
    expectTypeOf<NonNullable<Cart['selectedShippingOption']>['code']>().toEqualTypeOf<string>();
    expectTypeOf<Cart['buyerNote']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Cart['buyerInfo']['email']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Cart['createdDate']>().toEqualTypeOf<Date>();
  });

  it('types the estimate: shipping options, discounts, fees, violations, line breakdowns', () => {
    const read = (est: Estimate) => ({
      selected: est.shippingInfo.selectedCarrierServiceOption?.title,
      options: est.shippingInfo.carrierServiceOptions[0]?.shippingOptions,
      coupon: est.appliedDiscounts[0]?.coupon?.code,
      fees: est.priceSummary.additionalFees,
      errors: est.calculationErrors,
      violation: est.violations[0]?.description,
      breakdown: est.calculatedLineItems[0]?.pricesBreakdown,
      cartNote: est.cart.buyerNote,
    });
    type Read = ReturnType<typeof read>;
    expectTypeOf<Read['selected']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<Read['options']>[number]['cost']['price']>().toMatchTypeOf<Price>();
    expectTypeOf<NonNullable<Read['options']>[number]['title']>().toEqualTypeOf<string>();
    expectTypeOf<Read['coupon']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Read['fees']>().toMatchTypeOf<Price>();
    expectTypeOf<Read['errors']>().toEqualTypeOf<Estimate['calculationErrors']>();
    expectTypeOf<Read['violation']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<Read['breakdown']>['totalPriceAfterTax']>().toMatchTypeOf<Price>();
    expectTypeOf<NonNullable<Read['breakdown']>['taxDetails']['taxRate']>().toEqualTypeOf<string>();
    expectTypeOf<Estimate['violations'][number]['severity']>().toEqualTypeOf<'WARNING' | 'ERROR'>();
    expectTypeOf<Estimate['appliedDiscounts'][number]['discountType']>().toEqualTypeOf<
      'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING'
    >();
  });

  it('types a checkout: buyer e-mail, shipping destination and options', () => {
    expectTypeOf<Checkout['buyerInfo']['email']>().toEqualTypeOf<string | undefined>();
    type Shipping = Checkout['shippingInfo'];
    expectTypeOf<
      NonNullable<NonNullable<Shipping['shippingDestination']>['address']>['country']
    >().toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<Shipping['selectedCarrierServiceOption']>['code']>().toEqualTypeOf<string>();
    expectTypeOf<
      Shipping['carrierServiceOptions'][number]['shippingOptions'][number]['code']
    >().toEqualTypeOf<string>();
    expectTypeOf<Checkout['priceSummary']['total']>().toMatchTypeOf<Price>();
    expectTypeOf<Checkout['lineItems'][number]['productName']['original']>().toEqualTypeOf<string>();
  });

  it('types an order: its lines, buyer, statuses as their values', () => {
    expectTypeOf<Order['lineItems'][number]['productName']['original']>().toEqualTypeOf<string>();
    expectTypeOf<Order['lineItems'][number]['price']>().toEqualTypeOf<{
      amount: string;
      formattedAmount: string;
    }>();
    expectTypeOf<Order['buyerInfo']['email']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Order['fulfillmentStatus']>().toEqualTypeOf<'NOT_FULFILLED'>();
    expectTypeOf<Order['status']>().toEqualTypeOf<'APPROVED' | 'CANCELED'>();
    expectTypeOf<Order['paymentStatus']>().toEqualTypeOf<
      'NOT_PAID' | 'AUTHORIZED' | 'PAID' | 'FULLY_REFUNDED' | 'VOIDED'
    >();
    expectTypeOf<Order['purchasedDate']>().toEqualTypeOf<Date>();
    expectTypeOf<Answer<typeof client.ecom.payCheckout>['order']>().toEqualTypeOf<Order>();
  });

  it('filters orders by the values their statuses take', () => {
    const query = client.ecom.queryOrders();
    void (() => query.eq('paymentStatus', 'PAID').eq('status', 'CANCELED').eq('buyerInfo.email', 'a@b.c'));
    // @ts-expect-error not a payment status
    void (() => query.eq('paymentStatus', 'PAYED'));
    // @ts-expect-error not an order status
    void (() => query.eq('status', 'SHIPPED'));
  });
});

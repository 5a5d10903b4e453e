/** What pay requires of a checkout before the provider is asked for money. */
import { purchasable, shippable } from '../cart/lines.ts';
import { ecomErrors } from '../errors.ts';
import type { StoreRules } from '../settings.ts';
import type { Totals } from '../totals.ts';
import type { Checkout, CheckoutInternal } from './service.ts';

/**
 * What a checkout still needs before it is paid: the buyer's e-mail (the order confirmation goes
 * there); when goods ship, the address unless they are picked up, and a shipping option that reaches
 * it when the store has any; when digital goods are sold and nothing ships, the billing address where
 * the store taxes by region, for that is where they are taxed (totals.ts). Services are taxed there
 * too when an address is given, but not asked for one: their catalogs sell them without. Checked here,
 * before the provider is asked for money, whichever page or client led to the payment.
 */
export function missingForPayment(internal: CheckoutInternal, totals: Totals, rules: StoreRules): string[] {
  const missing: string[] = [];
  if (!internal.email) missing.push('email');
  const ships = internal.lines.some((line) => purchasable(line) && shippable(line));
  const chosen = totals.selectedShipping?.rule;
  if (ships) {
    if (!internal.shippingAddress?.country && chosen?.type !== 'STORE_PICKUP')
      missing.push('shippingAddress');
    else if (!chosen && rules.shipping.length > 0) missing.push('selectedShippingOption');
  } else if (
    internal.lines.some((line) => purchasable(line) && line.itemType === 'DIGITAL') &&
    rules.taxableAddressType !== 'BUSINESS' &&
    totals.taxableAmount > 0 &&
    rules.taxRates.some((rate) => rate.country !== '*') &&
    !internal.billingAddress?.country &&
    !internal.shippingAddress?.country
  )
    missing.push('billingAddress');
  return missing;
}

/**
 * Refuses a checkout priced in another currency than the site's now: its frozen amounts are minor
 * units of that currency, and would be charged as as many units of the new one.
 */
export function requireCheckoutCurrency(checkout: Checkout, rules: StoreRules) {
  const priced =
    checkout.internal.currency ??
    (typeof checkout.conversionCurrency === 'string' ? checkout.conversionCurrency : rules.money.currency);
  if (priced !== rules.money.currency)
    throw ecomErrors.checkoutCurrencyChanged(checkout.id, priced, rules.money.currency);
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiPrice, multiPriceJson } from '../money.ts';
import { storeRules } from '../settings.ts';
import { computeTotals } from '../totals.ts';
import { referenceJson } from './lines.ts';
import { type Cart, type CartContext, cartPieces } from './state.ts';

// The cart answers are written as text; each writer must give exactly what JSON.stringify gives of the
// object the wire shape describes.
describe('cart JSON writers', () => {
  it('multiPriceJson is JSON.stringify(multiPrice(…)) for any amount and currency', () => {
    const formats = fc.constantFrom(
      { currency: 'USD', digits: 2 },
      { currency: 'EUR', digits: 2 },
      { currency: 'JPY', digits: 0 },
      { currency: 'KWD', digits: 3 },
      { currency: 'XTS', digits: 2 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), formats, (minor, format) => {
        expect(multiPriceJson(minor, format)).toBe(JSON.stringify(multiPrice(minor, format)));
      }),
    );
  });

  it('referenceJson is the reference as the map shapes it, options only when given', () => {
    const ref = {
      appId: 'app',
      catalogItemId: 'item "1"',
      options: { options: { Size: 'M', Colour: 'Blåbær\u2028' } },
    };
    expect(referenceJson(ref)).toBe(JSON.stringify(ref));
    expect(referenceJson({ appId: 'app', catalogItemId: 'x' })).toBe('{"appId":"app","catalogItemId":"x"}');
    expect(referenceJson({ appId: 'app', catalogItemId: 'x', options: undefined })).toBe(
      '{"appId":"app","catalogItemId":"x"}',
    );
  });

  const rules = storeRules({ ecom: { weightUnit: 'LB', taxIncludedInPrices: true } }, 'EUR');
  const context: CartContext = { rules, lines: [], found: [] };
  const base: Cart = {
    id: 'cart-1',
    revision: '3',
    createdDate: '2026-11-01T10:00:00.000Z',
    updatedDate: '2026-11-02T10:00:00.000Z',
    ownerKey: 'visitor:v1',
    buyerInfo: { visitorId: 'v1', memberId: '', userId: '' },
    lineItems: [],
  };
  /** The answer as the map describes it, field by field in the order the API has always sent. */
  const expected = (cart: Cart) => ({
    id: cart.id,
    lineItems: [],
    buyerInfo: cart.buyerInfo,
    currency: 'EUR',
    conversionCurrency: 'EUR',
    paymentCurrency: 'EUR',
    buyerLanguage: 'en',
    siteLanguage: 'en',
    taxIncludedInPrices: rules.taxIncludedInPrices,
    weightUnit: rules.weightUnit,
    appliedDiscounts: [],
    subtotal: multiPrice(0, rules.money),
    createdDate: cart.createdDate,
    updatedDate: cart.updatedDate,
    revision: cart.revision,
    buyerNote: cart.buyerNote,
    contactInfo: cart.contactInfo,
    selectedShippingOption: cart.selectedShippingOption,
    businessLocationId: cart.businessLocationId,
    checkoutId: cart.checkoutId,
    purchaseFlowId: cart.purchaseFlowId,
    overrideCheckoutUrl: cart.overrideCheckoutUrl,
  });
  const totals = computeTotals({ lines: [], rules });

  it('writes a cart without its optional fields', () => {
    expect(cartPieces(base, context, totals).join('')).toBe(JSON.stringify(expected(base)));
  });

  it('writes every optional field, escaped, after the fixed ones', () => {
    const full: Cart = {
      ...base,
      buyerNote: 'Leave it at the "back" door\n',
      contactInfo: { address: { country: 'DE', city: 'Köln' }, contactDetails: { firstName: 'Ana' } },
      selectedShippingOption: { code: 'standard', carrierId: 'plaza' },
      businessLocationId: 'loc-1',
      checkoutId: 'checkout-1',
      purchaseFlowId: 'flow-1',
      overrideCheckoutUrl: 'https://shop.example/checkout?from="cart"',
    };
    expect(cartPieces(full, context, totals).join('')).toBe(JSON.stringify(expected(full)));
    expect(rules.weightUnit).toBe('LB');
    expect(rules.taxIncludedInPrices).toBe(true);
  });
});

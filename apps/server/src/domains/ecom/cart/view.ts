/** Wire shapes built from totals (map 9 estimate-totals, also used by checkouts). */
import { microsToRate, multiPrice } from '../money.ts';
import type { StoreRules } from '../settings.ts';
import { jurisdictionOf, taxNameOf } from '../tax.ts';
import type { AppliedDiscount, ShippingChoice, Totals } from '../totals.ts';
import { type LineSnapshot, paymentOptionOf } from './lines.ts';

export function renderDiscounts(discounts: readonly AppliedDiscount[], rules: StoreRules) {
  return discounts.map((d) => ({
    discountType: d.discountType,
    ...(d.coupon
      ? {
          coupon: {
            id: d.coupon.id,
            code: d.coupon.code,
            ...(d.coupon.name ? { name: d.coupon.name } : {}),
            amount: multiPrice(d.amount, rules.money),
          },
        }
      : {}),
    ...(d.merchantDiscount ? { merchantDiscount: { amount: multiPrice(d.amount, rules.money) } } : {}),
    lineItemIds: d.lineItemIds,
  }));
}

function logistics(choice: ShippingChoice) {
  const { rule } = choice;
  const shown: {
    deliveryTime?: string;
    instructions?: string;
    pickupDetails?: { pickupMethod: 'STORE_PICKUP'; address?: typeof rule.pickupAddress };
  } = {};
  if (rule.deliveryTime) shown.deliveryTime = rule.deliveryTime;
  if (rule.instructions) shown.instructions = rule.instructions;
  if (rule.type === 'STORE_PICKUP')
    shown.pickupDetails = {
      pickupMethod: 'STORE_PICKUP',
      ...(rule.pickupAddress ? { address: rule.pickupAddress } : {}),
    };
  return shown;
}

export function renderShipping(totals: Totals, rules: StoreRules, requested: boolean) {
  const m = (minor: number) => multiPrice(minor, rules.money);
  const carriers = new Map<string, ShippingChoice[]>();
  for (const option of totals.shippingOptions)
    carriers.set(option.rule.carrierId, [...(carriers.get(option.rule.carrierId) ?? []), option]);
  const selected = totals.selectedShipping;
  const net = totals.shipping - totals.shippingDiscount;
  const included = rules.taxIncludedInPrices;
  return {
    carrierServiceOptions: [...carriers.entries()].map(([carrierId, options]) => ({
      carrierId,
      shippingOptions: options.map((o) => ({
        code: o.rule.code,
        title: o.rule.title,
        logistics: logistics(o),
        cost: { price: m(o.price), otherCharges: [] },
      })),
    })),
    ...(selected
      ? {
          selectedCarrierServiceOption: {
            code: selected.rule.code,
            title: selected.rule.title,
            carrierId: selected.rule.carrierId,
            logistics: logistics(selected),
            cost: {
              price: m(selected.price),
              totalDiscount: m(totals.shippingDiscount),
              totalPriceBeforeTax: m(included ? net - totals.shippingTax : net),
              totalPriceAfterTax: m(included ? net : net + totals.shippingTax),
              taxDetails: {
                taxRate: microsToRate(totals.shippingRate.micros),
                totalTax: m(totals.shippingTax),
              },
            },
            requestedShippingOption: requested,
            otherCharges: [],
          },
        }
      : {}),
  };
}

export function renderViolations(lines: readonly LineSnapshot[], totals: Totals) {
  const violations: Array<{ severity: 'WARNING' | 'ERROR'; [field: string]: unknown }> = [];
  for (const line of lines) {
    const target = { lineItem: { name: 'LINE_ITEM_DEFAULT', id: line.id } };
    if (line.status === 'NOT_FOUND' || line.status === 'NOT_AVAILABLE')
      violations.push({
        severity: 'ERROR',
        target,
        description: `${line.name || 'This item'} is no longer available.`,
        suggestedFix: 'REMOVE_LINE_ITEM',
      });
    else if (line.status === 'PARTIALLY_AVAILABLE')
      violations.push({
        severity: 'WARNING',
        target,
        description: `Only ${line.quantityAvailable ?? 0} of ${line.name} left in stock.`,
      });
  }
  for (const warning of totals.warnings)
    violations.push({
      severity: 'WARNING',
      target: { other: { name: 'OTHER_DEFAULT' } },
      description: warning.description,
    });
  return violations;
}

/** Everything of estimate-totals but the cart itself. */
export function renderTotals(
  lines: readonly LineSnapshot[],
  totals: Totals,
  rules: StoreRules,
  requestedShipping: boolean,
) {
  const m = (minor: number) => multiPrice(minor, rules.money);
  const zero = m(0);
  const paymentOption = paymentOptionOf(rules);
  const priceSummary = {
    subtotal: m(totals.subtotal),
    shipping: m(totals.shipping),
    tax: m(totals.tax),
    discount: m(totals.itemDiscount + totals.shippingDiscount),
    total: m(totals.total),
    additionalFees: zero,
  };
  const nothing = {
    subtotal: zero,
    shipping: zero,
    tax: zero,
    discount: zero,
    total: zero,
    additionalFees: zero,
  };
  const online = paymentOption === 'FULL_PAYMENT_ONLINE';
  return {
    calculatedLineItems: lines.map((line, i) => {
      const t = totals.lines[i]!;
      return {
        lineItemId: line.id,
        pricesBreakdown: {
          price: m(line.unitPrice),
          fullPrice: m(line.fullPrice),
          priceBeforeDiscounts: m(line.unitPrice),
          lineItemPrice: m(t.amount),
          totalDiscount: m(t.discount),
          totalPriceBeforeTax: m(t.beforeTax),
          totalPriceAfterTax: m(t.afterTax),
          taxDetails: {
            taxableAmount: m(t.taxable),
            taxRate: microsToRate(t.rate.micros),
            totalTax: m(t.tax),
            ...(t.rate.micros > 0
              ? {
                  rateBreakdown: [
                    { name: taxNameOf(t.rate), rate: microsToRate(t.rate.micros), tax: m(t.tax) },
                  ],
                }
              : {}),
          },
        },
        paymentOption,
        taxableAddress: { addressType: rules.taxableAddressType },
      };
    }),
    priceSummary,
    taxSummary: {
      taxableAmount: m(totals.taxableAmount),
      totalTax: m(totals.tax),
      calculationDetails: {
        rateType: totals.taxRate.rateType,
        ...(totals.taxRate.manualRateReason ? { manualRateReason: totals.taxRate.manualRateReason } : {}),
      },
      // Each rate applied: its place, what it taxes, and what it took.
      taxBreakdown: totals.taxBreakdown.map(({ rule, taxable, tax }) => ({
        taxName: taxNameOf(rule),
        ...jurisdictionOf(rule),
        ...(rule.itemType ? { itemType: rule.itemType } : {}),
        rate: microsToRate(rule.micros),
        taxableAmount: m(taxable),
        taxAmount: m(tax),
      })),
    },
    shippingInfo: renderShipping(totals, rules, requestedShipping),
    appliedDiscounts: renderDiscounts(totals.discounts, rules),
    calculationErrors: {},
    weightUnit: rules.weightUnit,
    currency: rules.money.currency,
    payNow: online ? priceSummary : nothing,
    payLater: online ? nothing : priceSummary,
    membershipOptions: {
      eligibleMemberships: [],
      invalidMemberships: [],
      selectedMemberships: { memberships: [] },
    },
    additionalFees: [],
    violations: renderViolations(lines, totals),
  };
}

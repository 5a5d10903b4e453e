/**
 * What the order summary shows, mapped from the checkout (pure, so it is unit tested): the lines
 * with their options, the shipping choices, and the totals rows. Amounts are the server's
 * formatted strings; nothing is computed here but comparisons.
 */
import type { Address, Checkout, DescriptionLine, LineItem, Money, ShippingOption } from './types.ts';

const text = (value: { original: string; translated?: string } | undefined) =>
  value?.translated || value?.original || '';

const minor = (money: Money | undefined) => {
  const value = Number(money?.amount);
  return Number.isFinite(value) ? Math.round(value * 10_000) : 0;
};

export interface LineDetail {
  label: string;
  value: string;
  /** A colour swatch (CSS colour) for colour options. */
  color?: string;
}

export interface LineView {
  id: string;
  name: string;
  image?: { url: string; alt: string };
  details: LineDetail[];
  quantity: number;
  unitPrice: string;
  /** The price before the sale, when the item is on sale. */
  fullPrice?: string;
  total: string;
  /** Why the line cannot be bought as it is (sold out, fewer in stock). */
  problem?: string;
}

const SAFE_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20})$/i;

function detailOf(line: DescriptionLine): LineDetail | undefined {
  const label = text(line.name);
  if (line.colorInfo) {
    const value = text(line.colorInfo);
    const code = line.colorInfo.code;
    return { label, value, ...(code && SAFE_COLOR.test(code) ? { color: code } : {}) };
  }
  const value = text(line.plainText);
  if (!label && !value) return undefined;
  return { label, value };
}

export function lineView(line: LineItem, checkout?: Pick<Checkout, 'violations'>): LineView {
  const name = text(line.productName) || 'Item';
  const violation = checkout?.violations?.find((v) => v.target?.lineItem?.id === line.id);
  const onSale = minor(line.fullPrice) > minor(line.price);
  return {
    id: line.id,
    name,
    ...(line.image?.url ? { image: { url: line.image.url, alt: line.image.altText ?? name } } : {}),
    details: line.descriptionLines.map(detailOf).filter((d): d is LineDetail => d !== undefined),
    quantity: line.quantity,
    unitPrice: line.price.formattedAmount,
    ...(onSale ? { fullPrice: line.fullPrice.formattedAmount } : {}),
    total: line.lineItemPrice.formattedAmount,
    ...(violation?.description ? { problem: violation.description } : {}),
  };
}

export interface ShippingChoice {
  code: string;
  carrierId: string;
  title: string;
  pickup: boolean;
  /** "Free" or the formatted price. */
  price: string;
  /** Delivery time, or where and how to pick up. */
  details: string[];
}

export function formatAddress(address: Address | undefined): string {
  if (!address) return '';
  const region = address.subdivision?.replace(/^[A-Z]{2}-/, '');
  const cityLine = [address.city, [region, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.addressLine, address.addressLine2, cityLine].filter(Boolean).join(', ');
}

const choiceOf = (carrierId: string, option: ShippingOption): ShippingChoice => {
  const pickup = Boolean(option.logistics?.pickupDetails);
  const where = formatAddress(option.logistics?.pickupDetails?.address);
  return {
    code: option.code,
    carrierId,
    title: option.title,
    pickup,
    price: minor(option.cost.price) === 0 ? 'Free' : option.cost.price.formattedAmount,
    details: [
      option.logistics?.deliveryTime,
      pickup && where ? `Pick up at ${where}` : undefined,
      option.logistics?.instructions,
    ].filter((detail): detail is string => Boolean(detail)),
  };
};

/** The shipping options the destination gets, in the store's order. */
export const shippingChoices = (checkout: Checkout): ShippingChoice[] =>
  (checkout.shippingInfo?.carrierServiceOptions ?? []).flatMap((carrier) =>
    carrier.shippingOptions.map((option) => choiceOf(carrier.carrierId, option)),
  );

/** Whether anything in the order is shipped (a digital-only order asks for no delivery). */
export const needsShipping = (checkout: Checkout) =>
  checkout.lineItems.some((line) => line.physicalProperties?.shippable === true);

/** The option the checkout has selected (the server picks the first available one). */
export function selectedChoice(checkout: Checkout): ShippingChoice | undefined {
  const selected = checkout.shippingInfo?.selectedCarrierServiceOption;
  if (!selected) return undefined;
  return shippingChoices(checkout).find(
    (choice) =>
      choice.code === selected.code && (!selected.carrierId || choice.carrierId === selected.carrierId),
  );
}

export interface TotalsRow {
  id: 'subtotal' | 'discount' | 'shipping' | 'tax' | 'total';
  label: string;
  value: string;
  /** Shown quieter: a value that is not known yet. */
  pending?: boolean;
}

/** The tax rate when all lines share one (the wire rate is a fraction: "0.0825" → "8.25%"). */
function taxRateLabel(checkout: Checkout): string | undefined {
  const rates = new Set(
    (checkout.calculatedLineItems ?? []).map((line) => line.pricesBreakdown?.taxDetails?.taxRate ?? '0'),
  );
  const rate = Number([...rates][0]);
  if (rates.size !== 1 || !Number.isFinite(rate) || rate <= 0) return undefined;
  return `${Math.round(rate * 100_000) / 1000}%`;
}

/**
 * The totals rows: subtotal, the discount (with the coupon code) when there is one, shipping when
 * something ships, tax ("depends on the address" until the taxable address is known) and total.
 */
export function totalsRows(checkout: Checkout, options: { taxAddressKnown: boolean }): TotalsRow[] {
  const summary = checkout.priceSummary;
  const rows: TotalsRow[] = [{ id: 'subtotal', label: 'Subtotal', value: summary.subtotal.formattedAmount }];
  if (minor(summary.discount) > 0) {
    const codes = (checkout.appliedDiscounts ?? []).flatMap((d) => (d.coupon?.code ? [d.coupon.code] : []));
    rows.push({
      id: 'discount',
      label: codes.length > 0 ? `Discount (${codes.join(', ')})` : 'Discount',
      value: `−${summary.discount.formattedAmount}`,
    });
  }
  if (needsShipping(checkout)) {
    const choice = selectedChoice(checkout);
    rows.push(
      choice
        ? {
            id: 'shipping',
            label: choice.pickup ? 'Pickup' : 'Shipping',
            value: minor(summary.shipping) === 0 ? 'Free' : summary.shipping.formattedAmount,
          }
        : { id: 'shipping', label: 'Shipping', value: 'Not available', pending: true },
    );
  }
  const noTax = checkout.taxSummary?.calculationDetails?.rateType === 'NO_TAX_COLLECTED';
  if (noTax && !options.taxAddressKnown)
    rows.push({ id: 'tax', label: 'Tax', value: 'Depends on address', pending: true });
  else {
    const rate = taxRateLabel(checkout);
    const label = checkout.taxIncludedInPrices
      ? `Tax included${rate ? ` (${rate})` : ''}`
      : `Tax${rate ? ` (${rate})` : ''}`;
    rows.push({ id: 'tax', label, value: summary.tax.formattedAmount });
  }
  rows.push({ id: 'total', label: 'Total', value: summary.total.formattedAmount });
  return rows;
}

/** What an order's payment status means for the buyer. */
export function paymentStatusText(status: string): string {
  switch (status) {
    case 'PAID':
      return 'Paid';
    case 'AUTHORIZED':
      return 'Authorised: the amount is reserved on your card';
    case 'NOT_PAID':
      return 'Not paid yet: the store will tell you how to pay';
    default:
      return status ? status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ') : '';
  }
}

/**
 * What the order summary shows, mapped from the checkout (pure, so it is unit tested): the lines
 * with their options, the shipping choices, and the totals rows. Amounts are the server's
 * formatted strings; the one sum made here is a total without the tax the address may change.
 */
import { REGIONS } from '@plaza/contracts/countries';
import type {
  Address,
  BillingFrequency,
  Checkout,
  DescriptionLine,
  LineItem,
  Money,
  ShippingOption,
  SubscriptionOptionInfo,
} from './types.ts';

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
  /** When a booked service or an event takes place, in the buyer's time zone, with the zone's name. */
  when?: string;
  /** "3 participants", when more than one. */
  participants?: string;
  /** A plan's billing terms, e.g. "Billed monthly, 12 payments", "Free trial: 7 days". */
  billing?: string[];
  /** The seller's words on the price ("Per person"). */
  priceDescription?: string;
  /** "Due now: $10.00 deposit", when only a deposit is paid online. */
  deposit?: string;
  policies?: Array<{ title: string; content: string }>;
  /** A booking, ticket or plan without a picture: no empty frame stands in for one. */
  textOnly?: true;
}

/** Where and how the buyer reads dates: an IANA time zone and an English locale. */
export interface BuyerClock {
  timeZone: string;
  locale: string;
}

/**
 * The browser's time zone, and its first English language: the page is in English, so a British
 * buyer gets "Tue, 1 Dec 2026, 15:30" while any other language falls back to US English.
 */
export function buyerClock(): BuyerClock {
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const english = languages.find((language) => /^en(-|$)/i.test(language));
  let locale = 'en-US';
  try {
    if (english) locale = Intl.getCanonicalLocales(english)[0] ?? locale;
  } catch {
    // A malformed language tag: keep US English.
  }
  return { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, locale };
}

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
const DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  ...TIME,
};

const instant = (value: string | undefined) => {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};

/**
 * "Tue, Dec 1, 2026, 10:00 – 11:00 AM GMT". Across a change of clocks the two ends are in different
 * zones (EDT, EST), and `formatRange` would print both times with the end's zone name, or just one
 * time when the clock repeats the hour: each end then says its own zone.
 */
export function scheduleText(start: string | undefined, end: string | undefined, clock: BuyerClock) {
  const from = instant(start);
  if (!from) return undefined;
  const full = new Intl.DateTimeFormat(clock.locale, { ...DATE_TIME, timeZone: clock.timeZone });
  const to = instant(end);
  if (!to || to <= from) return full.format(from);
  const zoneOf = (date: Date) => full.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  // Narrow no-break spaces around the dash: a wrapped line keeps "10:00 – 11:00 AM" together.
  if (zoneOf(from) === zoneOf(to)) return full.formatRange(from, to).replace(/\u2009/g, '\u202f');
  const dayOf = (date: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: clock.timeZone, dateStyle: 'short' }).format(date);
  const endFormat =
    dayOf(from) === dayOf(to)
      ? new Intl.DateTimeFormat(clock.locale, { ...TIME, timeZone: clock.timeZone })
      : full;
  return `${full.format(from)}\u202f–\u202f${endFormat.format(to)}`;
}

const UNITS: Record<BillingFrequency, { one: string; many: string; every: string }> = {
  DAY: { one: 'day', many: 'days', every: 'daily' },
  WEEK: { one: 'week', many: 'weeks', every: 'weekly' },
  MONTH: { one: 'month', many: 'months', every: 'monthly' },
  YEAR: { one: 'year', many: 'years', every: 'yearly' },
};

const count = (n: number | undefined) =>
  Number.isInteger(n) && (n as number) > 0 ? (n as number) : undefined;

/** "Billed monthly, 12 payments", "Billed every 2 weeks until canceled", "Free trial: 7 days". */
export function billingText(info: SubscriptionOptionInfo): string[] {
  const settings = info.subscriptionSettings;
  const unit =
    settings?.frequency && settings.frequency !== 'UNDEFINED' ? UNITS[settings.frequency] : undefined;
  if (!settings || !unit) return ['Single payment'];
  const interval = count(settings.interval) ?? 1;
  const period = interval === 1 ? unit.every : `every ${interval} ${unit.many}`;
  const cycles = count(settings.billingCycles);
  const terms = [
    cycles === 1
      ? 'Single payment'
      : cycles
        ? `Billed ${period}, ${cycles} payments`
        : `Billed ${period} until canceled`,
  ];
  const trial = settings.freeTrialPeriod;
  const trialUnit = trial?.frequency ? UNITS[trial.frequency] : undefined;
  const trialLength = count(trial?.interval);
  if (trialUnit && trialLength)
    terms.push(`Free trial: ${trialLength} ${trialLength === 1 ? trialUnit.one : trialUnit.many}`);
  return terms;
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

/**
 * What a line shows. Lines of other catalogs than the store say more: when (in `clock`'s zone, the
 * buyer's unless a test pins it), for how many, how a plan is billed, the deposit due now, policies.
 */
export function lineView(
  line: LineItem,
  checkout?: Pick<Checkout, 'violations'>,
  clock: BuyerClock = buyerClock(),
): LineView {
  const name = text(line.productName) || 'Item';
  const violation = checkout?.violations?.find((v) => v.target?.lineItem?.id === line.id);
  const onSale = minor(line.fullPrice) > minor(line.price);
  const service = line.serviceProperties;
  const when = service && scheduleText(service.scheduledDate, service.endDate, clock);
  const participants = count(service?.numberOfParticipants);
  const priceDescription = text(line.priceDescription).trim();
  const deposit = line.paymentOption === 'DEPOSIT_ONLINE' ? line.depositAmount : undefined;
  const policies = (line.policies ?? []).flatMap((policy) =>
    policy.content?.trim()
      ? [{ title: policy.title?.trim() || 'Policy', content: policy.content.trim() }]
      : [],
  );
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
    ...(when ? { when } : {}),
    ...(participants && participants > 1 ? { participants: `${participants} participants` } : {}),
    ...(line.subscriptionOptionInfo ? { billing: billingText(line.subscriptionOptionInfo) } : {}),
    ...(priceDescription ? { priceDescription } : {}),
    ...(deposit?.formattedAmount ? { deposit: `Due now: ${deposit.formattedAmount} deposit` } : {}),
    ...(policies.length > 0 ? { policies } : {}),
    ...(!line.image?.url && (line.itemType?.preset === 'SERVICE' || line.subscriptionOptionInfo)
      ? { textOnly: true as const }
      : {}),
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
 * Whether the buyer has given enough of the address for its tax: a country alone (preselected from
 * the browser's language) is not enough; with it the state where the country has states (saved as
 * soon as it is chosen), else the postal code, saved or typed.
 */
export function taxAddressKnown(address: Address | undefined, typedPostalCode = ''): boolean {
  const country = address?.country?.toUpperCase();
  if (!country) return false;
  if (REGIONS[country]) return Boolean(address?.subdivision);
  return Boolean(address?.postalCode || typedPostalCode.trim());
}

/** A money amount in minor units of 1/10 000 (as `minor` reads them), formatted as the server does. */
function formatMinor(value: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value / 10_000);
  } catch {
    return `${(value / 10_000).toFixed(2)} ${currency}`;
  }
}

/**
 * The totals rows: subtotal, the discount (with the coupon code) when there is one, shipping when
 * something ships, tax and total. Until the taxable address is known the tax row says it comes
 * with the address and the total leaves out tax that a default rate would add: no tax amount is
 * shown that the address may change.
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
  const taxLater = !options.taxAddressKnown && !checkout.taxIncludedInPrices;
  let total = summary.total.formattedAmount;
  if (taxLater) {
    rows.push({ id: 'tax', label: 'Tax', value: 'Calculated at next step', pending: true });
    if (minor(summary.tax) > 0)
      total = formatMinor(minor(summary.total) - minor(summary.tax), checkout.currency);
  } else {
    const rate = taxRateLabel(checkout);
    const label = checkout.taxIncludedInPrices
      ? `Tax included${rate ? ` (${rate})` : ''}`
      : `Tax${rate ? ` (${rate})` : ''}`;
    rows.push({ id: 'tax', label, value: summary.tax.formattedAmount });
  }
  rows.push({ id: 'total', label: 'Total', value: total });
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

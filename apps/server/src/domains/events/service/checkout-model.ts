/**
 * What ticket checkout stores and answers: reservations, ticketing orders, the v1 shape of a ticket
 * definition (`@wix/events` `orders` TicketDefinition) and invoices. Money is computed in minor units
 * and written as decimal strings (`amount` and `value` alike, as the v1 calls carry it).
 */
import type { TicketDefinitionV1, TicketInvoice } from '@plaza/contracts';
import type { Static } from '@sinclair/typebox';
import type { SystemFields } from '../../../db/documents.ts';
import { currencyDigits, toDecimalString } from '../../../lib/money.ts';
import type { CouponRule } from '../../ecom/index.ts';
import { saleStatus } from '../status.ts';
import type { TicketCounts } from '../store.ts';
import type { StoredDefinition, StoredEvent } from './context.ts';
import { minorUnits } from './definition.ts';
import { statusOf } from './render.ts';

export type ReservationStatus =
  | 'RESERVATION_PENDING'
  | 'RESERVATION_CONFIRMED'
  | 'RESERVATION_CANCELED'
  | 'RESERVATION_CANCELED_MANUALLY'
  | 'RESERVATION_EXPIRED';

export type TicketOrderStatus =
  | 'FREE'
  | 'PAID'
  | 'OFFLINE_PENDING'
  | 'INITIATED'
  | 'CANCELED'
  | 'AUTHORIZED'
  | 'VOIDED';

/** One ticket type of a reservation: its own capacity hold, at the price it was reserved at. */
export interface ReservationLine {
  ticketDefinitionId: string;
  quantity: number;
  holdId: string;
  name: string;
  /** Unit price, decimal string in the reservation's currency. */
  price: string;
  donation: boolean;
  pricingOptionId?: string;
}

export interface StoredReservation extends SystemFields {
  eventId: string;
  status: ReservationStatus;
  expires: string;
  /** `visitor:<id>`, `member:<id>` or `admin:<id>`: who may see, pay and cancel it. */
  ownerKey: string;
  currency: string;
  lines: ReservationLine[];
  /** The plan discount its checkout applied, while the rest is paid online (the lines' ecom prices). */
  planDiscount?: PlanDiscount;
}

export interface FormValue {
  inputName: string;
  value: string;
  values: string[];
}

export interface StoredTicket {
  ticketNumber: string;
  ticketDefinitionId: string;
  name: string;
  price: string;
  free: boolean;
  policy: string;
  guest?: { firstName?: string; lastName?: string; email?: string; form?: FormValue[] };
  canceled: boolean;
  /** When it was checked in at the door (check-in.ts). */
  checkIn?: { created: string };
}

export interface StoredTicketOrder extends SystemFields {
  orderNumber: string;
  reservationId: string;
  eventId: string;
  ownerKey: string;
  memberId?: string;
  status: TicketOrderStatus;
  channel: 'ONLINE' | 'OFFLINE_POS';
  method?: string;
  buyer: { firstName: string; lastName: string; email: string };
  form: FormValue[];
  tickets: StoredTicket[];
  currency: string;
  /** The coupon as it was applied: its discount stays what it was when the coupon changes. */
  coupon?: CouponRule;
  /** A plan benefit's discount as it was applied (`paidPlanBenefit`), its credits spent. */
  planDiscount?: PlanDiscount;
  /** The ecom order that paid it, when it went through ecom's checkout. */
  ecomOrderId?: string;
  paymentId?: string;
  marketingConsent?: boolean;
  archived: boolean;
  /** The secret of the order's ticket links (PDFs, check-in): who has the e-mail has the tickets. */
  accessToken?: string;
  /** What happens to an authorised payment left alone, and when (a job runs it: order-jobs.ts). */
  scheduledAction?: { action: 'CAPTURE' | 'VOID'; date: string };
}

/** Hold `index` of a reservation: the reservation can be told from its holds' expiry events. */
export const holdIdOf = (reservationId: string, index: number) => `${reservationId}:${index}`;
export const reservationIdOfHold = (holdId: string) => holdId.slice(0, holdId.lastIndexOf(':'));

export type MoneyV1 = { amount: string; currency: string; value: string };

export function moneyV1(minor: number, currency: string): MoneyV1 {
  const decimal = toDecimalString(minor, currencyDigits(currency));
  return { amount: decimal, currency, value: decimal };
}

export const minorOf = (value: string, currency: string) => minorUnits(value, currency, 'price');

const priceOf = (money: { value: string; currency: string }) =>
  moneyV1(minorOf(money.value, money.currency), money.currency);

/** The least price of a definition: its fixed price, a donation's minimum or its cheapest option. */
function basePrice(definition: StoredDefinition, currency: string): MoneyV1 {
  const { fixedPrice, guestPrice, pricingOptions } = definition.pricingMethod;
  const money = fixedPrice ?? guestPrice;
  if (money) return priceOf(money);
  const minors = (pricingOptions?.optionDetails ?? []).map((o) => minorOf(o.price.value, o.price.currency));
  return moneyV1(minors.length > 0 ? Math.min(...minors) : 0, currency);
}

export const isDonation = (definition: StoredDefinition) => definition.pricingMethod.guestPrice !== undefined;

export function isFreeDefinition(definition: StoredDefinition, currency: string) {
  return !isDonation(definition) && definition.pricingMethod.pricingOptions === undefined
    ? minorOf(basePrice(definition, currency).value, currency) === 0
    : false;
}

/** A definition as the v1 checkout calls answer it, its sales at the time of asking. */
export function definitionV1(
  definition: StoredDefinition,
  event: StoredEvent,
  counts: TicketCounts,
  now: number,
  orderIndex: number,
): Static<typeof TicketDefinitionV1> {
  const currency = event.registration.tickets.currency;
  const status = statusOf(event, now);
  const perOrder = definition.limitPerCheckout || event.registration.tickets.ticketLimitPerOrder;
  const { fixedPrice, guestPrice, pricingOptions } = definition.pricingMethod;
  const period = definition.salePeriod;
  return {
    id: definition.id,
    price: basePrice(definition, currency),
    free: isFreeDefinition(definition, currency),
    name: definition.name,
    description: definition.description ?? '',
    limitPerCheckout: Math.min(perOrder, counts.unsold ?? perOrder),
    orderIndex,
    policy: definition.policyText ?? '',
    dashboard: {
      hidden: definition.hidden,
      sold: counts.sold,
      limited: definition.initialLimit !== null,
      ...(definition.initialLimit === null ? {} : { quantity: definition.initialLimit }),
      ...(counts.unsold === null ? {} : { unsold: counts.unsold }),
      ticketsSold: counts.sold,
      ticketsReserved: counts.reserved,
    },
    eventId: definition.eventId,
    // v1 has no NO_FEE: a free ticket's fee, none, is "included".
    wixFeeConfig: { type: definition.feeType === 'NO_FEE' ? 'FEE_INCLUDED' : definition.feeType },
    salePeriod: {
      ...(period?.startDate ? { startDate: period.startDate } : {}),
      ...(period?.endDate ? { endDate: period.endDate } : {}),
      hideNotOnSale: period ? !period.displayNotOnSale : false,
    },
    saleStatus: saleStatus(period, now, status === 'ENDED' || status === 'CANCELED'),
    state: [],
    pricing: {
      ...(fixedPrice ? { fixedPrice: priceOf(fixedPrice) } : {}),
      ...(guestPrice ? { minPrice: priceOf(guestPrice) } : {}),
      ...(pricingOptions
        ? {
            pricingOptions: {
              options: pricingOptions.optionDetails.map((o) => ({
                id: o.optionId,
                name: o.name,
                price: priceOf(o.price),
              })),
            },
          }
        : {}),
      pricingType: guestPrice ? 'DONATION' : 'STANDARD',
    },
  };
}

export type InvoiceView = Static<typeof TicketInvoice>;

/** A plan benefit's discount (plans/benefits): percent off each ticket, of `quantity` tickets at most. */
export interface PlanDiscount {
  planOrderId: string;
  benefitId: string;
  planName: string;
  percent: string;
  quantity?: number;
  /**
   * The capacity hold of the credits it spends (plans' credit counter): made at checkout and confirmed
   * when the order is paid, released when it is cancelled. Absent for an UNLIMITED benefit.
   */
  creditHoldId?: string;
}

/**
 * What a plan's discount takes off each line (minor units) and of how many of its tickets: its percent
 * of each ticket's price, in line order, of `quantity` tickets at most.
 */
export function planOff(lines: readonly ReservationLine[], currency: string, plan: PlanDiscount) {
  let left = plan.quantity ?? Number.MAX_SAFE_INTEGER;
  const micros = Math.round(Number(plan.percent) * 10_000);
  const tickets = lines.map((line) => {
    const taken = Math.min(left, line.quantity);
    left -= taken;
    return taken;
  });
  const off = lines.map((line, i) => {
    const unit = minorOf(line.price, currency);
    return Math.min(unit * line.quantity, tickets[i]! * ofMicros(unit, micros));
  });
  return { tickets, off };
}

export interface TaxSettings {
  type: string;
  name?: string;
  rate?: string;
  appliedToDonations?: boolean;
}

const ofMicros = (amount: number, micros: number) => Math.round((amount * micros) / 1_000_000);

/**
 * The invoice of reservation lines: subtotal, a coupon's discount (a percentage per line in the
 * coupon's scope, or a fixed amount off those lines) or a plan benefit's (a percentage off each ticket,
 * of as many tickets as it has credits, in line order), the event's tax (included in the prices, or
 * added), no fees (Plaza charges none). Grand total = subtotal − discount (+ tax when added).
 */
export function invoiceOf(
  lines: readonly ReservationLine[],
  currency: string,
  options: {
    coupon?: CouponRule | undefined;
    plan?: PlanDiscount | undefined;
    tax?: TaxSettings | undefined;
  } = {},
): { invoice: InvoiceView; grandMinor: number } {
  const money = (minor: number) => moneyV1(minor, currency);
  const { coupon, plan, tax } = options;
  const inScope = (line: ReservationLine) =>
    !coupon?.catalogItemIds?.length || coupon.catalogItemIds.includes(line.ticketDefinitionId);
  const totals = lines.map((line) => minorOf(line.price, currency) * line.quantity);
  const subTotal = totals.reduce((sum, minor) => sum + minor, 0);
  const off = lines.map(() => 0);
  if (coupon?.type === 'PERCENTAGE')
    lines.forEach((line, i) => {
      if (inScope(line)) off[i] = Math.min(totals[i]!, ofMicros(totals[i]!, coupon.percentMicros ?? 0));
    });
  if (coupon?.type === 'FIXED_AMOUNT') {
    let left = coupon.amount ?? 0;
    lines.forEach((line, i) => {
      if (!inScope(line)) return;
      off[i] = Math.min(left, totals[i]!);
      left -= off[i]!;
    });
  }
  const planned = plan && !coupon ? planOff(lines, currency, plan) : undefined;
  const discounted = planned?.tickets ?? lines.map(() => 0);
  planned?.off.forEach((minor, i) => {
    off[i] = minor;
  });
  const discountMinor = off.reduce((sum, minor) => sum + minor, 0);
  const afterDiscount = subTotal - discountMinor;
  const discountOf = (amount: number, after: number, tickets: number) => ({
    amount: money(amount),
    afterDiscount: money(after),
    ...(coupon
      ? {
          code: coupon.code,
          name: coupon.name ?? coupon.code,
          couponId: coupon.id,
          discounts: [
            {
              coupon: { name: coupon.name ?? coupon.code, code: coupon.code, couponId: coupon.id },
              amount: money(amount),
            },
          ],
        }
      : {
          code: '',
          name: plan!.planName,
          couponId: '',
          discounts: [
            {
              paidPlan: {
                percentDiscount: { rate: plan!.percent, quantityDiscounted: tickets },
                name: plan!.planName,
              },
              amount: money(amount),
            },
          ],
        }),
  });

  const rate = tax?.rate ? Math.round(Number(tax.rate) * 10_000) : 0;
  const taxable = lines.reduce(
    (sum, line, i) => (line.donation && tax?.appliedToDonations === false ? sum : sum + totals[i]! - off[i]!),
    0,
  );
  const included = tax?.type === 'INCLUDED_IN_PRICE' || tax?.type === 'INCLUDED';
  const taxMinor =
    rate === 0
      ? 0
      : included
        ? taxable - Math.round((taxable * 1_000_000) / (1_000_000 + rate))
        : ofMicros(taxable, rate);
  const grandMinor = afterDiscount + (included ? 0 : taxMinor);
  const taxView =
    rate > 0
      ? {
          type: included ? ('INCLUDED' as const) : ('ADDED_AT_CHECKOUT' as const),
          name: tax?.name ?? 'Tax',
          rate: tax!.rate!,
          taxable: money(taxable),
          amount: money(taxMinor),
        }
      : undefined;
  const invoice: InvoiceView = {
    items: lines.map((line, i) => ({
      id: line.ticketDefinitionId,
      quantity: line.quantity,
      name: line.name,
      price: money(minorOf(line.price, currency)),
      total: money(totals[i]!),
      ...(off[i]! > 0 ? { discount: discountOf(off[i]!, totals[i]! - off[i]!, discounted[i]!) } : {}),
      fees: [],
    })),
    total: money(grandMinor),
    ...(discountMinor > 0
      ? {
          discount: discountOf(
            discountMinor,
            afterDiscount,
            discounted.reduce((sum, n) => sum + n, 0),
          ),
        }
      : {}),
    ...(taxView ? { tax: taxView } : {}),
    subTotal: money(subTotal),
    grandTotal: money(grandMinor),
    fees: [],
    revenue: money(grandMinor),
  };
  return { invoice, grandMinor };
}

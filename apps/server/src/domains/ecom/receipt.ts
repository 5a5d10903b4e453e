/**
 * What the buyer is told about an order after paying it, on the hosted thank-you page and in the
 * confirmation e-mail alike: the items, how it comes (the delivery method and the address, or where
 * to pick it up) and the card it was paid with (its brand and last four digits, never more).
 */
import { REGIONS } from '@plaza/contracts/countries';
import type { AddressInput } from './settings.ts';

type Text = { original?: string };
type Money = { formattedAmount: string };
type Described = { name?: Text; plainText?: Text; colorInfo?: Text };

/** The order fields the receipt reads (orders.ts `StoredOrder`). */
export interface ReceiptOrder {
  lineItems: Array<{
    productName?: unknown;
    quantity: number;
    descriptionLines?: unknown[];
    price?: unknown;
    image?: unknown;
    [field: string]: unknown;
  }>;
  shippingInfo?: unknown;
  recipientInfo?: unknown;
  payments?: Array<{ card?: { brand: string; last4: string }; [field: string]: unknown }>;
  [field: string]: unknown;
}

export interface ReceiptItem {
  name: string;
  /** `Color: Sage`, one per option. */
  options: string[];
  quantity: number;
  /** The price of one, formatted: the page says "Qty 2 × $24.00". */
  price: string;
  imageUrl?: string;
}

export interface ReceiptDelivery {
  /** The shipping option's title: "Standard delivery", "Store pickup". */
  method: string;
  pickup: boolean;
  /** One line: "Ann Lee, 1 Market Street, San Francisco, CA 94103, US"; the pickup point for a pickup. */
  address?: string;
  deliveryTime?: string;
}

export interface Receipt {
  items: ReceiptItem[];
  delivery?: ReceiptDelivery;
  card?: { brand: string; last4: string };
}

/** An address on one line, the state by its short code (`CA`), as a label would print it. */
export function addressLine(address: AddressInput | undefined, name?: string): string {
  if (!address) return name ?? '';
  const country = typeof address.country === 'string' ? address.country.toUpperCase() : '';
  const subdivision = typeof address.subdivision === 'string' ? address.subdivision.toUpperCase() : '';
  const state =
    REGIONS[country] && subdivision.startsWith(`${country}-`)
      ? subdivision.slice(country.length + 1)
      : subdivision;
  const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const place = [str(address.city), [state, str(address.postalCode)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [name, str(address.addressLine), str(address.addressLine2), place, country]
    .filter(Boolean)
    .join(', ');
}

const text = (value: unknown) => ((value as Text | undefined)?.original ?? '').trim();

const BRANDS: Record<string, string> = { VISA: 'Visa', MASTERCARD: 'Mastercard', AMEX: 'American Express' };

/** A card brand as people write it: `VISA` → `Visa`; an unknown one is just "Card". */
const brandName = (brand: string) =>
  BRANDS[brand.toUpperCase()] ?? (brand && brand.toUpperCase() !== 'UNKNOWN' ? brand : 'Card');

export function receiptOf(order: ReceiptOrder): Receipt {
  const items = order.lineItems.map((line): ReceiptItem => {
    const image = (line.image as { url?: unknown } | undefined)?.url;
    return {
      name: text(line.productName) || 'Item',
      options: ((line.descriptionLines ?? []) as Described[]).flatMap((d) => {
        const value = text(d.plainText) || text(d.colorInfo);
        return d.name && value ? [`${text(d.name)}: ${value}`] : [];
      }),
      quantity: line.quantity,
      price: (line.price as Money | undefined)?.formattedAmount ?? '',
      ...(typeof image === 'string' ? { imageUrl: image } : {}),
    };
  });
  const shipping = order.shippingInfo as
    | {
        title?: string;
        logistics?: { deliveryTime?: string; pickupDetails?: { address?: AddressInput } };
      }
    | undefined;
  const recipient = order.recipientInfo as
    | { address?: AddressInput; contactDetails?: { firstName?: string; lastName?: string } }
    | undefined;
  const pickupAt = shipping?.logistics?.pickupDetails?.address;
  const name = [recipient?.contactDetails?.firstName, recipient?.contactDetails?.lastName]
    .filter(Boolean)
    .join(' ');
  const where = pickupAt ? addressLine(pickupAt) : addressLine(recipient?.address, name || undefined);
  const card = order.payments?.find((payment) => payment.card)?.card;
  return {
    items,
    ...(shipping
      ? {
          delivery: {
            method: shipping.title ?? 'Shipping',
            pickup: Boolean(pickupAt),
            ...(where ? { address: where } : {}),
            ...(shipping.logistics?.deliveryTime ? { deliveryTime: shipping.logistics.deliveryTime } : {}),
          },
        }
      : {}),
    ...(card ? { card: { brand: brandName(card.brand), last4: card.last4 } } : {}),
  };
}

/** The receipt as lines of the confirmation e-mail (after the items, which it lists already). */
export function receiptMailLines(receipt: Receipt): string[] {
  const lines: string[] = [];
  const delivery = receipt.delivery;
  if (delivery) {
    lines.push(`Delivery: ${delivery.method}${delivery.deliveryTime ? ` (${delivery.deliveryTime})` : ''}`);
    if (delivery.address) lines.push(`${delivery.pickup ? 'Pick up at' : 'Ship to'}: ${delivery.address}`);
  }
  if (receipt.card) lines.push(`Paid with: ${receipt.card.brand} ending in ${receipt.card.last4}`);
  return lines;
}

/**
 * The parts of the hosted-checkout answers the page reads (@plaza/contracts `getHostedCheckout`,
 * `payHostedCheckout`, `getHostedThankYou`; entity objects are open, so every field is optional
 * here unless the contract marks it as always present).
 */
import type { ContactDetails } from './recipient.ts';

export interface Money {
  amount: string;
  formattedAmount: string;
}

export interface Text {
  original: string;
  translated?: string;
}

export interface DescriptionLine {
  name?: Text;
  lineType?: string;
  plainText?: Text;
  colorInfo?: Text & { code?: string };
}

export interface LineItem {
  id: string;
  quantity: number;
  productName: Text;
  price: Money;
  fullPrice: Money;
  lineItemPrice: Money;
  descriptionLines: DescriptionLine[];
  image?: { url: string; altText?: string; width?: number; height?: number };
  availability?: { status: string; quantityAvailable?: number };
  physicalProperties?: { shippable?: boolean };
  itemType?: { preset?: string; custom?: string };
  /** The seller's quantity (a reservation's tickets): the buyer cannot change it. */
  fixedQuantity?: boolean;
  paymentOption?: string;
  /** Empty for store goods. */
  priceDescription?: Text;
  /** Due now when `paymentOption` is DEPOSIT_ONLINE. */
  depositAmount?: Money;
  policies?: Array<{ title?: string; content?: string }>;
  /** A booked slot or an event: ISO timestamps. */
  serviceProperties?: { scheduledDate?: string; endDate?: string; numberOfParticipants?: number };
  subscriptionOptionInfo?: SubscriptionOptionInfo;
}

export type BillingFrequency = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

/** A plan's terms; frequency UNDEFINED is a single payment. */
export interface SubscriptionOptionInfo {
  subscriptionSettings?: {
    frequency?: BillingFrequency | 'UNDEFINED';
    interval?: number;
    autoRenewal?: boolean;
    /** Absent: billed until canceled. */
    billingCycles?: number;
    enableCustomerCancellation?: boolean;
    freeTrialPeriod?: { frequency?: BillingFrequency; interval?: number };
    startDate?: string;
  };
  title?: Text;
  description?: Text;
}

export interface Address {
  country?: string;
  subdivision?: string;
  subdivisionFullname?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
}

export interface ShippingOption {
  code: string;
  title: string;
  logistics?: {
    deliveryTime?: string;
    instructions?: string;
    pickupDetails?: { pickupMethod?: string; address?: Address };
  };
  cost: { price: Money };
}

export interface AppliedDiscount {
  discountType?: string;
  coupon?: { code: string; name?: string; amount?: Money };
  merchantDiscount?: { amount?: Money };
}

export interface Checkout {
  id: string;
  completed: boolean;
  orderId?: string;
  currency: string;
  buyerInfo?: { email?: string };
  billingInfo?: { address?: Address };
  lineItems: LineItem[];
  priceSummary: { subtotal: Money; shipping: Money; tax: Money; discount: Money; total: Money };
  appliedDiscounts?: AppliedDiscount[];
  calculatedLineItems?: Array<{
    lineItemId: string;
    pricesBreakdown?: { taxDetails?: { taxRate?: string } };
  }>;
  taxSummary?: { calculationDetails?: { rateType?: string } };
  taxIncludedInPrices?: boolean;
  shippingInfo?: {
    shippingDestination?: { address?: Address; contactDetails?: ContactDetails };
    selectedCarrierServiceOption?: { code: string; title?: string; carrierId?: string };
    carrierServiceOptions?: Array<{ carrierId: string; shippingOptions: ShippingOption[] }>;
  };
  violations?: Array<{ severity: string; description?: string; target?: { lineItem?: { id?: string } } }>;
}

export type PaymentMethod = 'test' | 'offline';

export interface HostedCheckout {
  checkout: Checkout;
  paymentMethods: string[];
  postFlowUrl?: string;
  thankYouPageUrl?: string;
}

export interface ThankYouData {
  orderId: string;
  orderNumber: string;
  total: Money;
  paymentStatus: string;
  /** What was bought: name, "Color: Sage" options, quantity and the formatted price of one. */
  items?: { name: string; options: string[]; quantity: number; price: string; imageUrl?: string }[];
  /** How it comes; the address (one line) is left out once the session is over. */
  delivery?: { method: string; pickup: boolean; address?: string; deliveryTime?: string };
  card?: { brand: string; last4: string };
  buyerEmail?: string;
  postFlowUrl?: string;
  thankYouPageUrl?: string;
}

export interface PayAnswer {
  order: {
    id: string;
    number: string;
    paymentStatus: string;
    priceSummary: { total: Money };
    buyerInfo?: { email?: string };
  };
  transaction: { provider: string; status: string };
}

/** The parts of the API's answers the dashboard reads (the wire shapes of packages/contracts). */

export interface Price {
  amount: string;
  formattedAmount: string;
}

export interface Address {
  addressLine?: string;
  addressLine2?: string;
  city?: string;
  subdivision?: string;
  postalCode?: string;
  country?: string;
}

export interface Contact {
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
}

export interface OrderLine {
  id: string;
  productName: { original: string };
  catalogReference?: { appId: string; catalogItemId?: string };
  quantity: number;
  price: Price;
  totalPriceAfterTax: Price;
  descriptionLines: Array<{
    name?: { original: string };
    plainText?: { original: string };
    colorInfo?: { original: string };
  }>;
}

export interface OrderPayment {
  id: string;
  provider: string;
  status: string;
  amount: Price;
  card?: { brand: string; last4: string };
  createdDate: string;
}

export interface Order {
  id: string;
  number: string;
  status: 'APPROVED' | 'CANCELED';
  paymentStatus: string;
  currency: string;
  buyerInfo: { email?: string; memberId?: string; visitorId?: string };
  lineItems: OrderLine[];
  priceSummary: { subtotal: Price; shipping: Price; tax: Price; discount: Price; total: Price };
  recipientInfo?: { address?: Address; contactDetails?: Contact };
  billingInfo?: { address?: Address; contactDetails?: Contact };
  shippingInfo?: { title: string };
  payments: OrderPayment[];
  activities: Array<{ type: string; createdDate: string }>;
  createdDate: string;
}

export interface PagingMetadata {
  count: number;
  offset?: number;
  total?: number;
  cursors?: { next?: string | null; prev?: string | null };
}

export interface Product {
  id: string;
  name: string;
  sku?: string;
  visible: boolean;
  stock: { trackInventory: boolean; quantity?: number; inStock: boolean; inventoryStatus: string };
  priceData: { currency: string; formatted: { price: string } };
  media: { mainMedia?: { thumbnail?: { url: string } } };
}

export interface Site {
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  installedApps?: string[];
}

/**
 * eCommerce answers (API map 9) as the server sends them: cart line items, carts, totals (estimates
 * and checkouts), orders. Objects stay open (`additionalProperties`) so that nothing the server adds
 * later is filtered out; a field is optional here when some answers leave it out.
 */
import { type TLiteral, type TUnion, Type } from '@sinclair/typebox';
import { Id, Timestamp } from './common.ts';
import {
  Address,
  AddressWithContact,
  CatalogOptions,
  MultiCurrencyPrice,
  open,
  opt,
  Price,
} from './ecom-schemas.ts';

type Literals<V extends string[]> = TUnion<{ [K in keyof V]: TLiteral<V[K]> }>;

/** One of `values` (every value the server sends there). */
const literals = <const V extends string[]>(values: [...V], description?: string): Literals<V> =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    description ? { description } : {},
  ) as Literals<V>;

const Translated = Type.Object({ original: Type.String(), translated: opt(Type.String()) });

/** What a site's rules decide of every line and total. */
const PaymentOption = literals(['FULL_PAYMENT_ONLINE', 'FULL_PAYMENT_OFFLINE']);
const TaxableAddress = open({ addressType: literals(['SHIPPING', 'BILLING', 'BUSINESS']) });
const WeightUnit = literals(['KG', 'LB']);
const ItemType = open({ preset: literals(['PHYSICAL', 'DIGITAL', 'UNRECOGNISED']), custom: Type.String() });
const PhysicalProperties = open({
  shippable: Type.Boolean(),
  weight: opt(Type.Number()),
  sku: opt(Type.String()),
});

/** A chosen option of the item: a colour, or a plain text (`Size: M`). */
export const DescriptionLine = open({
  name: Translated,
  lineType: literals(['PLAIN_TEXT', 'COLOR']),
  plainText: opt(Translated),
  colorInfo: opt(open({ original: Type.String(), translated: opt(Type.String()), code: Type.String() })),
});

const LineImage = open({
  id: Type.String(),
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  altText: Type.String(),
  filename: Type.String(),
});

/** `options` as added: a variant's choices (`options.options`) or its id (`options.variantId`). */
const LineCatalogReference = open({
  appId: Type.String(),
  catalogItemId: Type.String(),
  options: opt(CatalogOptions),
});

export const LineItem = open({
  id: Id,
  quantity: Type.Integer(),
  catalogReference: LineCatalogReference,
  productName: Translated,
  price: MultiCurrencyPrice,
  fullPrice: MultiCurrencyPrice,
  priceBeforeDiscounts: MultiCurrencyPrice,
  lineItemPrice: MultiCurrencyPrice,
  descriptionLines: Type.Array(DescriptionLine),
  image: opt(LineImage),
  availability: open({
    status: literals(['AVAILABLE', 'NOT_FOUND', 'NOT_AVAILABLE', 'PARTIALLY_AVAILABLE']),
    quantityAvailable: opt(Type.Integer()),
  }),
  physicalProperties: PhysicalProperties,
  itemType: ItemType,
  paymentOption: PaymentOption,
  priceDescription: Translated,
  rootCatalogItemId: Type.String(),
  customLineItem: Type.Boolean(),
  priceUndetermined: Type.Boolean(),
  fixedQuantity: Type.Boolean(),
  savePaymentMethod: Type.Boolean(),
  membersOnly: Type.Boolean(),
  taxableAddress: TaxableAddress,
});

const DiscountType = literals(['GLOBAL', 'SPECIFIC_ITEMS', 'SHIPPING']);

/** A coupon or merchant discount and what it took off; amounts as MultiCurrencyPrice. */
export const AppliedDiscount = open({
  discountType: DiscountType,
  coupon: opt(
    open({ id: Type.String(), code: Type.String(), name: opt(Type.String()), amount: MultiCurrencyPrice }),
  ),
  merchantDiscount: opt(open({ amount: MultiCurrencyPrice })),
  lineItemIds: Type.Array(Type.String()),
});

const SelectedShippingOption = open({ code: Type.String(), carrierId: opt(Type.String()) });

export const Cart = open({
  id: Id,
  lineItems: Type.Array(LineItem),
  buyerInfo: open({
    visitorId: Type.String(),
    memberId: Type.String(),
    userId: Type.String(),
    email: opt(Type.String()),
  }),
  currency: Type.String(),
  conversionCurrency: Type.String(),
  paymentCurrency: Type.String(),
  buyerLanguage: Type.String(),
  siteLanguage: Type.String(),
  taxIncludedInPrices: Type.Boolean(),
  weightUnit: WeightUnit,
  appliedDiscounts: Type.Array(AppliedDiscount),
  subtotal: MultiCurrencyPrice,
  buyerNote: opt(Type.String()),
  contactInfo: opt(AddressWithContact),
  selectedShippingOption: opt(SelectedShippingOption),
  businessLocationId: opt(Type.String()),
  checkoutId: opt(Type.String({ description: 'The checkout last made from this cart.' })),
  purchaseFlowId: opt(
    Type.String({ description: 'Names the purchase from cart to order; checkouts and orders carry it.' }),
  ),
  overrideCheckoutUrl: opt(Type.String()),
  createdDate: Timestamp,
  updatedDate: Timestamp,
  revision: Type.String(),
});

// --- totals (estimate-totals and checkouts) ------------------------------------------------------

export const PriceSummary = open({
  subtotal: MultiCurrencyPrice,
  shipping: MultiCurrencyPrice,
  tax: MultiCurrencyPrice,
  discount: MultiCurrencyPrice,
  total: MultiCurrencyPrice,
  additionalFees: MultiCurrencyPrice,
});

const TaxDetails = open({
  taxableAmount: MultiCurrencyPrice,
  taxRate: Type.String({ description: 'Decimal fraction, e.g. "0.0725".' }),
  totalTax: MultiCurrencyPrice,
  rateBreakdown: opt(
    Type.Array(open({ name: Type.String(), rate: Type.String(), tax: MultiCurrencyPrice }), {
      description: 'The rate that taxed the line; absent when none applies.',
    }),
  ),
});

/** Where a rate applies: a subdivision (STATE), a country (COUNTRY), or everywhere (`*`, UNDEFINED). */
const Jurisdiction = {
  taxName: Type.String(),
  jurisdiction: Type.String(),
  jurisdictionType: literals(['STATE', 'COUNTRY', 'UNDEFINED']),
  rate: Type.String({ description: 'Decimal fraction, e.g. "0.0725".' }),
};

const TaxBreakdown = Type.Array(
  open({
    ...Jurisdiction,
    itemType: opt(literals(['PHYSICAL', 'DIGITAL', 'SERVICE', 'SHIPPING'])),
    taxableAmount: MultiCurrencyPrice,
    taxAmount: MultiCurrencyPrice,
  }),
  {
    description:
      'Each rate applied: where it applies, what it taxes (every line when no itemType), what it took.',
  },
);

export const CalculatedLineItem = open({
  lineItemId: Type.String(),
  pricesBreakdown: open({
    price: MultiCurrencyPrice,
    fullPrice: MultiCurrencyPrice,
    priceBeforeDiscounts: MultiCurrencyPrice,
    lineItemPrice: MultiCurrencyPrice,
    totalDiscount: MultiCurrencyPrice,
    totalPriceBeforeTax: MultiCurrencyPrice,
    totalPriceAfterTax: MultiCurrencyPrice,
    taxDetails: TaxDetails,
  }),
  paymentOption: PaymentOption,
  taxableAddress: TaxableAddress,
});

const Logistics = open({
  deliveryTime: opt(Type.String()),
  instructions: opt(Type.String()),
  pickupDetails: opt(open({ pickupMethod: Type.Literal('STORE_PICKUP'), address: opt(Address) })),
});

/** `otherCharges` are always empty: no option carries other charges. */
const OtherCharges = Type.Array(open({}));

export const ShippingOption = open({
  code: Type.String(),
  title: Type.String(),
  logistics: Logistics,
  cost: open({ price: MultiCurrencyPrice, otherCharges: OtherCharges }),
});

export const SelectedCarrierServiceOption = open({
  code: Type.String(),
  title: Type.String(),
  carrierId: Type.String(),
  logistics: Logistics,
  cost: open({
    price: MultiCurrencyPrice,
    totalDiscount: MultiCurrencyPrice,
    totalPriceBeforeTax: MultiCurrencyPrice,
    totalPriceAfterTax: MultiCurrencyPrice,
    taxDetails: open({ taxRate: Type.String(), totalTax: MultiCurrencyPrice }),
  }),
  requestedShippingOption: Type.Boolean({
    description: 'Whether the buyer chose it (else the first option).',
  }),
  otherCharges: OtherCharges,
});

const shippingFields = {
  carrierServiceOptions: Type.Array(
    open({ carrierId: Type.String(), shippingOptions: Type.Array(ShippingOption) }),
  ),
  selectedCarrierServiceOption: opt(SelectedCarrierServiceOption),
};

export const Violation = open({
  severity: literals(['WARNING', 'ERROR']),
  target: open({
    other: opt(open({ name: Type.Literal('OTHER_DEFAULT') })),
    lineItem: opt(open({ name: Type.Literal('LINE_ITEM_DEFAULT'), id: Type.String() })),
  }),
  description: Type.String(),
  suggestedFix: opt(Type.Literal('REMOVE_LINE_ITEM')),
});

/** Fields every totals answer has (estimate-totals, checkouts); `shippingInfo` differs between them. */
const totalsFields = {
  calculatedLineItems: Type.Array(CalculatedLineItem),
  priceSummary: PriceSummary,
  taxSummary: open({
    taxableAmount: MultiCurrencyPrice,
    totalTax: MultiCurrencyPrice,
    calculationDetails: open({
      rateType: literals(['NO_TAX_COLLECTED', 'MANUAL_RATE']),
      manualRateReason: opt(literals(['GLOBAL_SETTING_TO_MANUAL', 'REGION_SETTING_TO_MANUAL'])),
    }),
    taxBreakdown: opt(TaxBreakdown),
  }),
  appliedDiscounts: Type.Array(AppliedDiscount),
  calculationErrors: open({}, 'Always empty: totals are computed locally.'),
  weightUnit: WeightUnit,
  currency: Type.String(),
  payNow: PriceSummary,
  payLater: PriceSummary,
  membershipOptions: open({}, 'Memberships are not supported: empty lists.'),
  additionalFees: Type.Array(open({}), { description: 'Always empty.' }),
  violations: Type.Array(Violation),
};

export const EstimateTotals = open({
  cart: Cart,
  ...totalsFields,
  shippingInfo: open(shippingFields),
});

export const Checkout = open({
  id: Id,
  cartId: opt(Type.String()),
  purchaseFlowId: opt(Type.String()),
  completed: Type.Boolean(),
  orderId: opt(Type.String()),
  channelType: Type.String(),
  buyerInfo: open({
    visitorId: Type.String(),
    memberId: Type.String(),
    userId: Type.String(),
    email: opt(Type.String()),
  }),
  lineItems: Type.Array(LineItem),
  ...totalsFields,
  billingInfo: AddressWithContact,
  shippingInfo: open({ shippingDestination: opt(AddressWithContact), ...shippingFields }),
  conversionCurrency: Type.String(),
  taxIncludedInPrices: Type.Boolean(),
  paymentMethods: Type.Array(literals(['test', 'offline'])),
  createdDate: Timestamp,
  updatedDate: Timestamp,
  revision: Type.String(),
});

// --- orders --------------------------------------------------------------------------------------

export const OrderStatus = literals(['APPROVED', 'CANCELED']);
export const PaymentStatus = literals(
  ['NOT_PAID', 'AUTHORIZED', 'PAID', 'FULLY_REFUNDED', 'VOIDED'],
  'NOT_PAID: offline, awaiting payment.',
);

export const OrderLineItem = open({
  id: Type.String(),
  productName: Translated,
  catalogReference: LineCatalogReference,
  variantId: opt(Type.String()),
  quantity: Type.Integer(),
  price: Price,
  fullPrice: Price,
  priceBeforeDiscounts: Price,
  totalDiscount: Price,
  totalPriceBeforeTax: Price,
  totalPriceAfterTax: Price,
  taxDetails: open({ taxRate: Type.String(), totalTax: Price }),
  descriptionLines: Type.Array(DescriptionLine),
  image: opt(LineImage),
  physicalProperties: PhysicalProperties,
  itemType: ItemType,
  paymentOption: PaymentOption,
});

export const OrderPayment = open({
  id: Type.String(),
  provider: literals(['test', 'offline']),
  status: literals(['CAPTURED', 'AUTHORIZED', 'PENDING', 'REFUNDED', 'VOIDED']),
  transactionId: opt(Type.String()),
  card: opt(open({ brand: Type.String(), last4: Type.String() })),
  amount: Price,
  createdDate: Timestamp,
});

export const Order = open({
  id: Id,
  number: Type.String({ description: 'Per-site order number, 10001 upwards.' }),
  checkoutId: Type.String(),
  cartId: opt(Type.String()),
  purchaseFlowId: opt(Type.String()),
  status: OrderStatus,
  paymentStatus: PaymentStatus,
  fulfillmentStatus: Type.Literal('NOT_FULFILLED', {
    description: 'Orders are not fulfilled through the API yet.',
  }),
  archived: Type.Boolean(),
  currency: Type.String(),
  weightUnit: WeightUnit,
  taxIncludedInPrices: Type.Boolean(),
  channelInfo: open({ type: Type.String() }),
  buyerInfo: open({ visitorId: opt(Type.String()), memberId: opt(Type.String()), email: opt(Type.String()) }),
  lineItems: Type.Array(OrderLineItem),
  priceSummary: open({ subtotal: Price, shipping: Price, tax: Price, discount: Price, total: Price }),
  taxInfo: opt(
    open({
      totalTax: Price,
      taxBreakdown: Type.Array(open({ ...Jurisdiction, aggregatedTaxAmount: Price }), {
        description: 'Each rate applied and the tax it took.',
      }),
    }),
  ),
  shippingInfo: opt(
    open({
      carrierId: Type.String(),
      code: Type.String(),
      title: Type.String(),
      logistics: opt(Logistics),
      cost: open({ price: Price, totalDiscount: Price }),
    }),
  ),
  recipientInfo: opt(AddressWithContact),
  billingInfo: opt(AddressWithContact),
  appliedDiscounts: Type.Array(
    open({
      discountType: DiscountType,
      coupon: opt(open({ id: Type.String(), code: Type.String(), amount: Price })),
      merchantDiscount: opt(open({ amount: Price })),
      lineItemIds: Type.Array(Type.String()),
    }),
  ),
  paymentMethod: literals(['test', 'offline']),
  payments: Type.Array(OrderPayment),
  activities: Type.Array(
    open({ type: literals(['ORDER_PLACED', 'ORDER_PAID', 'ORDER_CANCELED']), createdDate: Timestamp }),
  ),
  purchasedDate: Timestamp,
  createdDate: Timestamp,
  updatedDate: Timestamp,
  revision: Type.String(),
});

export const PaymentResult = Type.Object({
  order: Order,
  transaction: Type.Object({ provider: Type.String(), status: Type.String() }),
});

/**
 * eCommerce wire shapes (API map 9): money, addresses, what the cart and checkout calls take,
 * coupons and the store's checkout settings (the answers about carts, totals, checkouts and orders
 * are in ecom-views.ts). Money is sent as decimal strings ("19.99") with a formatted twin; entity
 * objects stay open (`additionalProperties`) so fields added later are not filtered out.
 */
import { type TProperties, type TSchema, Type } from '@sinclair/typebox';
import { Id, Timestamp } from './common.ts';

export const open = <P extends TProperties>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: true, ...(description ? { description } : {}) });
export const opt = <S extends TSchema>(schema: S) => Type.Optional(schema);

/** A money amount in requests: decimal string ("5.00") or JSON number. */
export const MoneyInput = Type.Union([
  Type.String({ pattern: '^[0-9]{1,12}(\\.[0-9]{1,4})?$', description: 'Decimal string, e.g. "5.00".' }),
  Type.Number({ minimum: 0, maximum: 1e12 }),
]);

export const MultiCurrencyPrice = Type.Object({
  amount: Type.String({ description: 'Decimal string in the site currency.' }),
  convertedAmount: Type.String(),
  formattedAmount: Type.String(),
  formattedConvertedAmount: Type.String(),
});

/** Orders use the shorter Price `{amount, formattedAmount}`. */
export const Price = Type.Object({ amount: Type.String(), formattedAmount: Type.String() });

export const Address = open({
  country: opt(Type.String({ format: 'country-code', description: 'ISO-3166 alpha-2.' })),
  subdivision: opt(Type.String({ maxLength: 20, description: 'ISO-3166-2, e.g. US-CA (or CA).' })),
  city: opt(Type.String({ maxLength: 200 })),
  postalCode: opt(Type.String({ maxLength: 50 })),
  addressLine: opt(Type.String({ maxLength: 500 })),
  addressLine2: opt(Type.String({ maxLength: 500 })),
  streetAddress: opt(
    Type.Object({
      number: opt(Type.String({ maxLength: 50 })),
      name: opt(Type.String({ maxLength: 200 })),
      apt: opt(Type.String({ maxLength: 50 })),
    }),
  ),
});

export const SelectedShippingOption = Type.Object({
  carrierId: opt(Type.String({ maxLength: 100 })),
  code: Type.String({ minLength: 1, maxLength: 100 }),
});

/** A catalog item's options: the variant's choices (`{Size: 'M'}`) or its id; other keys are kept. */
export const CatalogOptions = open({
  options: opt(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 200 }))),
  variantId: opt(Type.String({ minLength: 1, maxLength: 100 })),
});

export const CatalogReference = Type.Object({
  appId: Type.String({ minLength: 1, maxLength: 100 }),
  catalogItemId: Type.String({ minLength: 1, maxLength: 100 }),
  options: opt(CatalogOptions),
});

export const Quantity = Type.Integer({ minimum: 1, maximum: 1000 });

export const LineItemInput = Type.Object({
  catalogReference: CatalogReference,
  quantity: opt(Quantity),
  catalogOverrideFields: opt(open({})),
});

export const CouponType = Type.Union([
  Type.Literal('PERCENTAGE'),
  Type.Literal('FIXED_AMOUNT'),
  Type.Literal('FREE_SHIPPING'),
]);

const couponFields = {
  name: opt(Type.String({ minLength: 1, maxLength: 200 })),
  percentage: opt(Type.Number({ exclusiveMinimum: 0, maximum: 100 })),
  amount: opt(MoneyInput),
  minimumSubtotal: opt(MoneyInput),
  startDate: opt(Timestamp),
  expirationDate: opt(Timestamp),
  usageLimit: opt(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  scope: opt(
    Type.Object({
      catalogItemIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 500 }),
    }),
  ),
  active: opt(Type.Boolean()),
};
const CouponCode = Type.String({ pattern: '^[A-Za-z0-9_-]{3,40}$', description: 'Case-insensitive.' });

export const CouponInput = Type.Object({ code: CouponCode, type: CouponType, ...couponFields });
export const CouponPatch = Type.Object({
  id: Id,
  code: opt(CouponCode),
  type: opt(CouponType),
  revision: opt(Type.Union([Type.String({ pattern: '^[0-9]+$' }), Type.Integer({ minimum: 0 })])),
  ...couponFields,
});

export const Coupon = open({
  id: Id,
  code: Type.String(),
  type: Type.String(),
  active: Type.Boolean(),
  numberOfUsages: Type.Integer(),
  createdDate: Timestamp,
  updatedDate: Timestamp,
  revision: Type.String(),
});

export const TaxRate = Type.Object({
  country: Type.String({
    format: 'country-code-or-anywhere',
    description: 'ISO alpha-2, or * for everywhere.',
  }),
  subdivision: opt(Type.String({ maxLength: 20 })),
  rate: Type.Number({ minimum: 0, maximum: 100, description: 'Percentage, e.g. 8.25.' }),
  name: opt(Type.String({ maxLength: 100 })),
  itemType: opt(
    Type.Union(
      [Type.Literal('PHYSICAL'), Type.Literal('DIGITAL'), Type.Literal('SERVICE'), Type.Literal('SHIPPING')],
      {
        description:
          'What the rate taxes: lines of this item type, or shipping. Without it, every line of the place (and shipping, with taxShipping) where no rate of the item type is set.',
      },
    ),
  ),
});

export const ShippingOptionSetting = Type.Object({
  code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
  title: Type.String({ minLength: 1, maxLength: 200 }),
  type: Type.Union([Type.Literal('FLAT_RATE'), Type.Literal('STORE_PICKUP')]),
  carrierId: opt(Type.String({ maxLength: 100 })),
  price: opt(MoneyInput),
  regions: opt(
    Type.Array(
      Type.Object({
        country: Type.String({ format: 'country-code', description: 'ISO-3166 alpha-2.' }),
        subdivision: opt(Type.String({ maxLength: 20 })),
        price: MoneyInput,
      }),
      { maxItems: 300 },
    ),
  ),
  freeOver: opt(MoneyInput),
  deliveryTime: opt(Type.String({ maxLength: 200 })),
  instructions: opt(Type.String({ maxLength: 1000 })),
  pickupAddress: opt(Address),
});

export const EcomSettings = Type.Object(
  {
    taxIncludedInPrices: opt(Type.Boolean()),
    taxableAddressType: opt(
      Type.Union([Type.Literal('SHIPPING'), Type.Literal('BILLING'), Type.Literal('BUSINESS')]),
    ),
    taxShipping: opt(
      Type.Boolean({
        description: "Shipping is taxed at the place's rate for every line where no SHIPPING rate is set.",
      }),
    ),
    businessAddress: opt(Address),
    taxRates: opt(Type.Array(TaxRate, { maxItems: 500 })),
    shippingOptions: opt(Type.Array(ShippingOptionSetting, { maxItems: 50 })),
    weightUnit: opt(Type.Union([Type.Literal('KG'), Type.Literal('LB')])),
    payments: opt(
      Type.Object(
        { test: opt(Type.Boolean()), offline: opt(Type.Boolean()) },
        { additionalProperties: false },
      ),
    ),
    // Closed: settings are kept as sent, and a misspelt key would otherwise be stored and do nothing.
  },
  { additionalProperties: false },
);

export const PaymentInput = {
  paymentMethod: Type.Union([Type.Literal('test'), Type.Literal('offline')]),
  card: opt(
    Type.Object({
      number: Type.String({ pattern: '^[0-9 ]{12,23}$' }),
      expiry: Type.String({ pattern: '^(0[1-9]|1[0-2])/([0-9]{2}|[0-9]{4})$', description: 'MM/YY.' }),
      cvc: Type.String({ pattern: '^[0-9]{3,4}$' }),
    }),
  ),
  idempotencyKey: opt(Type.String({ minLength: 1, maxLength: 200 })),
};

/** Who receives a shipment or pays a bill (the platform's `FullAddressContactDetails`). */
export const ContactDetails = open({
  firstName: opt(Type.String({ maxLength: 200 })),
  lastName: opt(Type.String({ maxLength: 200 })),
  phone: opt(Type.String({ maxLength: 50 })),
  company: opt(Type.String({ maxLength: 200 })),
});

/** An address and who is there: a checkout's shipping destination or billing info. */
export const AddressWithContact = open({ address: opt(Address), contactDetails: opt(ContactDetails) });

/**
 * updateCheckout's `checkout`, as the platform's Checkout API takes it: the buyer's e-mail, the
 * shipping destination and option, the billing info. Other fields (a checkout read earlier, sent
 * back whole) are accepted and left alone.
 */
export const CheckoutUpdate = open({
  id: Id,
  buyerInfo: opt(open({ email: opt(Type.String({ format: 'email', maxLength: 320 })) })),
  shippingInfo: opt(
    open({
      shippingDestination: opt(AddressWithContact),
      selectedCarrierServiceOption: opt(
        open({ code: Type.String({ minLength: 1, maxLength: 100 }), carrierId: opt(Type.String()) }),
      ),
    }),
  ),
  billingInfo: opt(AddressWithContact),
});

export const CheckoutDetailsInput = {
  email: opt(Type.String({ format: 'email', maxLength: 320 })),
  shippingAddress: opt(Address),
  billingAddress: opt(Address),
  selectedShippingOption: opt(SelectedShippingOption),
};

/**
 * A cart's `contactInfo` (map 9: `{address, contactDetails{firstName, lastName, phone, company,
 * vatId{id, type}}}`): a cart keeps it as sent and answers it back, so every key is one the platform
 * knows and every text is bounded, as the address schema bounds it.
 */
import { Type } from '@sinclair/typebox';
import { Address, ContactDetails, opt } from './ecom-schemas.ts';

const closed = { additionalProperties: false } as const;
const text = (maxLength: number) => opt(Type.String({ maxLength }));

/** The wire address of map 3.2 (the SDK's `addressLine1`, `formatted`, `location` renamed). */
const ContactAddress = Type.Object(
  {
    ...Address.properties,
    streetAddress: opt(
      Type.Object(
        { ...Address.properties.streetAddress.properties, formattedAddressLine: text(500) },
        closed,
      ),
    ),
    formattedAddress: text(1000),
    geocode: opt(
      Type.Object(
        {
          latitude: opt(Type.Number({ minimum: -90, maximum: 90 })),
          longitude: opt(Type.Number({ minimum: -180, maximum: 180 })),
        },
        closed,
      ),
    ),
    hint: text(500),
    countryFullname: text(100),
    subdivisionFullname: text(100),
  },
  closed,
);

const ContactPerson = Type.Object(
  {
    ...ContactDetails.properties,
    vatId: opt(
      Type.Object(
        {
          id: text(100),
          type: opt(Type.Union([Type.Literal('UNSPECIFIED'), Type.Literal('CPF'), Type.Literal('CNPJ')])),
        },
        closed,
      ),
    ),
  },
  closed,
);

export const CartContactInfo = Type.Object(
  { address: opt(ContactAddress), contactDetails: opt(ContactPerson) },
  closed,
);

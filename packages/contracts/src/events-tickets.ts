/**
 * Ticket definitions of events, modelled on the platform's ticket-definitions API as the
 * `@wix/events` `ticketDefinitionsV2` module sends it: `/v3/ticket-definitions` under
 * `/events-ticket-definitions` (what the module sends to the official hosts), `/_api/events-ticket-definitions`
 * (custom host) and `/events/v3/ticket-definitions` (the documented path). Owners manage them;
 * anyone reads the ones on show (`queryAvailableTicketDefinitions`).
 */
import { Type } from '@sinclair/typebox';
import { Empty, Id, PagingMetadata, Query, Timestamp } from './common.ts';
import { defineCall } from './define.ts';
import { input, literals, opt, Text } from './events-common.ts';
import { DateAndTimeSettingsView, EventStatus, LocationView } from './events-schemas.ts';

export const FeeType = literals(['FEE_ADDED', 'FEE_INCLUDED', 'FEE_ADDED_AT_CHECKOUT', 'NO_FEE']);
export const SaleStatus = literals(['SALE_SCHEDULED', 'SALE_STARTED', 'SALE_ENDED']);

/** Money of ticket definitions: `{value, currency}`; inputs may leave the currency to the event's. */
const MoneyInput = Type.Object({
  value: Type.String({
    pattern: '^[0-9]{1,9}(\\.[0-9]{1,4})?$',
    description: 'Decimal string, e.g. "25.00".',
  }),
  currency: opt(Type.String({ pattern: '^[A-Z]{3}$' })),
});
const MoneyView = Type.Object({ value: Type.String(), currency: Type.String() });
const PricingOptionInput = Type.Object({
  optionId: opt(Type.Union([Id, Type.Null()])),
  name: Text(200, 1),
  price: MoneyInput,
});
const PricingMethodInput = input({
  fixedPrice: opt(MoneyInput),
  guestPrice: opt(MoneyInput),
  pricingOptions: opt(
    Type.Object({ optionDetails: Type.Array(PricingOptionInput, { minItems: 1, maxItems: 100 }) }),
  ),
});
const salePeriodFields = {
  startDate: opt(Type.Union([Timestamp, Type.Null()])),
  endDate: opt(Type.Union([Timestamp, Type.Null()])),
  displayNotOnSale: opt(Type.Boolean()),
};
export const TicketDefinitionFields = literals(['SALES_DETAILS', 'EVENT_DETAILS', 'SEATING_DETAILS']);

export const TicketDefinitionInput = input({
  id: opt(Id),
  eventId: opt(Id),
  revision: opt(Type.Union([Type.String({ pattern: '^[0-9]{1,18}$' }), Type.Integer({ minimum: 0 })])),
  name: opt(Text(30, 1)),
  description: opt(Type.Union([Text(500), Type.Null()])),
  policyText: opt(Type.Union([Text(1000), Type.Null()])),
  hidden: opt(Type.Boolean()),
  initialLimit: opt(Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()])),
  pricingMethod: opt(PricingMethodInput),
  feeType: opt(FeeType),
  salePeriod: opt(input(salePeriodFields)),
  limitPerCheckout: opt(Type.Union([Type.Integer({ minimum: 0, maximum: 50 }), Type.Null()])),
});

export const TicketDefinition = Type.Object({
  id: Type.String(),
  eventId: Type.String(),
  revision: Type.String(),
  createdDate: Timestamp,
  updatedDate: Timestamp,
  name: Type.String(),
  description: opt(Type.Union([Type.String(), Type.Null()])),
  policyText: opt(Type.Union([Type.String(), Type.Null()])),
  hidden: Type.Boolean(),
  limited: Type.Boolean(),
  initialLimit: opt(Type.Union([Type.Integer(), Type.Null()])),
  actualLimit: opt(Type.Union([Type.Integer(), Type.Null()])),
  pricingMethod: Type.Object({
    fixedPrice: opt(MoneyView),
    guestPrice: opt(MoneyView),
    pricingOptions: opt(
      Type.Object({
        optionDetails: Type.Array(
          Type.Object({ optionId: Type.String(), name: Type.String(), price: MoneyView }),
        ),
      }),
    ),
    pricingType: literals(['STANDARD', 'DONATION']),
    free: Type.Boolean(),
  }),
  feeType: FeeType,
  salePeriod: opt(Type.Object(salePeriodFields)),
  saleStatus: SaleStatus,
  salesDetails: opt(
    Type.Object({
      unsoldCount: Type.Union([Type.Integer(), Type.Null()]),
      soldCount: Type.Integer(),
      reservedCount: Type.Integer(),
      soldOut: Type.Boolean(),
    }),
  ),
  limitPerCheckout: Type.Integer(),
  eventDetails: opt(
    Type.Object({
      title: Type.String(),
      shortDescription: opt(Type.Union([Type.String(), Type.Null()])),
      location: LocationView,
      dateAndTimeSettings: DateAndTimeSettingsView,
      slug: Type.String(),
      status: EventStatus,
    }),
  ),
});

const paths = (path: string) =>
  [
    `/events-ticket-definitions/v3${path}`,
    `/_api/events-ticket-definitions/v3${path}`,
    `/events/v3${path}`,
  ] as const;
const app = 'events' as const;
const fields = Type.Optional(Type.Array(TicketDefinitionFields, { maxItems: 10 }));
const Answer = Type.Object({ ticketDefinition: TicketDefinition });
const Page = Type.Object({ ticketDefinitions: Type.Array(TicketDefinition), metadata: PagingMetadata });

export const createTicketDefinition = defineCall({
  name: 'createTicketDefinition',
  method: 'POST',
  paths: paths('/ticket-definitions'),
  access: 'admin',
  app,
  summary:
    'Creates a ticket type of an event: fixed price (free at "0"), guest price (donation) or pricing options; sale period, quantity limit (`initialLimit`), limit per checkout, fee type, hidden.',
  request: Type.Object({ ticketDefinition: TicketDefinitionInput, fields }),
  response: Answer,
});

export const updateTicketDefinition = defineCall({
  name: 'updateTicketDefinition',
  method: 'PATCH',
  paths: paths('/ticket-definitions/{ticketDefinition.id}'),
  access: 'admin',
  app,
  summary:
    'Changes the fields sent (send `revision` to refuse concurrent edits); the limit cannot go below the tickets sold and reserved.',
  request: Type.Object({ ticketDefinition: TicketDefinitionInput, fields }),
  response: Answer,
});

export const getTicketDefinition = defineCall({
  name: 'getTicketDefinition',
  method: 'GET',
  paths: paths('/ticket-definitions/{ticketDefinitionId}'),
  access: 'admin',
  app,
  summary: 'One ticket definition.',
  request: Type.Object({ ticketDefinitionId: Id, fields }),
  response: Answer,
});

export const deleteTicketDefinition = defineCall({
  name: 'deleteTicketDefinition',
  method: 'DELETE',
  paths: paths('/ticket-definitions/{ticketDefinitionId}'),
  access: 'admin',
  app,
  summary: 'Deletes a ticket definition none of whose tickets are sold or reserved.',
  request: Type.Object({ ticketDefinitionId: Id }),
  response: Empty,
});

export const queryTicketDefinitions = defineCall({
  name: 'queryTicketDefinitions',
  method: 'POST',
  paths: paths('/ticket-definitions/query'),
  access: 'admin',
  app,
  summary:
    'Filters, sorts and pages the ticket definitions of the site (fields: eventId, name, hidden, createdDate…).',
  request: Type.Object({ query: Type.Optional(Query), fields }),
  response: Page,
});

export const queryAvailableTicketDefinitions = defineCall({
  name: 'queryAvailableTicketDefinitions',
  method: 'POST',
  paths: paths('/ticket-definitions/available/query'),
  access: 'anyone',
  app,
  summary:
    'The ticket definitions visitors see: not hidden, of published events, and on sale unless shown while not on sale (`salePeriod.displayNotOnSale`).',
  request: Type.Object({ query: Type.Optional(Query), fields }),
  response: Page,
});

export const ticketDefinitionCalls = [
  createTicketDefinition,
  updateTicketDefinition,
  getTicketDefinition,
  deleteTicketDefinition,
  queryTicketDefinitions,
  queryAvailableTicketDefinitions,
] as const;

/**
 * A ticket definition's settings checked and completed (prices in the event's currency, read as
 * integer minor units and written back as decimal strings), and a definition as answered, with its
 * sale status at the time of asking and its sales from its capacity resource.
 */
import type { EventTicketDefinition } from '@plaza/contracts';
import type { Static } from '@sinclair/typebox';
import { invalidField, ValidationError } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { currencyDigits, toDecimalString } from '../../../lib/money.ts';
import { saleStatus } from '../status.ts';
import type { TicketCounts } from '../store.ts';
import type { Money, Raw, StoredDefinition, StoredEvent } from './context.ts';
import { type RenderContext, renderEvent, statusOf } from './render.ts';

export type DefinitionSettings = Omit<
  StoredDefinition,
  'id' | 'revision' | 'createdDate' | 'updatedDate' | 'eventId'
>;

/** "25.5" in USD → 2550; refuses more decimals than the currency has. */
export function minorUnits(value: string, currency: string, field: string): number {
  const digits = currencyDigits(currency);
  const [whole, fraction = ''] = value.split('.') as [string, string | undefined];
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > digits)
    throw invalidField(field, `must have at most ${digits} decimals in ${currency}`, 'DECIMAL_MAX_SCALE');
  return Number(whole) * 10 ** digits + Number(significant.padEnd(digits, '0') || '0');
}

function price(raw: Raw, currency: string, field: string): Money {
  if (raw.currency !== undefined && raw.currency !== currency)
    throw invalidField(`${field}.currency`, `must be the event's currency, ${currency}`);
  return {
    value: toDecimalString(minorUnits(raw.value, currency, `${field}.value`), currencyDigits(currency)),
    currency,
  };
}

const utc = (value: unknown, field: string) => {
  if (value === undefined || value === null) return value as null | undefined;
  const time = Date.parse(value as string);
  if (Number.isNaN(time)) throw invalidField(field, 'is not a date and time a calendar holds', 'FORMAT');
  return new Date(time).toISOString();
};

function pricing(raw: Raw | undefined, currency: string): StoredDefinition['pricingMethod'] {
  const at = 'ticketDefinition.pricingMethod';
  const given = ['fixedPrice', 'guestPrice', 'pricingOptions'].filter((key) => raw?.[key] !== undefined);
  if (given.length !== 1)
    throw new ValidationError([
      {
        field: at,
        description: 'takes exactly one of fixedPrice, guestPrice (donation) and pricingOptions',
        violatedRule: given.length === 0 ? 'REQUIRED_ONE_OF_FIELD' : 'ONE_OF_ALIGNMENT',
      },
    ]);
  if (raw!.fixedPrice) return { fixedPrice: price(raw!.fixedPrice, currency, `${at}.fixedPrice`) };
  if (raw!.guestPrice) return { guestPrice: price(raw!.guestPrice, currency, `${at}.guestPrice`) };
  const options: Raw[] = raw!.pricingOptions.optionDetails;
  return {
    pricingOptions: {
      optionDetails: options.map((option, i) => ({
        optionId: option.optionId ?? newId(),
        name: option.name,
        price: price(option.price, currency, `${at}.pricingOptions.optionDetails.${i}.price`),
      })),
    },
  };
}

/** A price of the definition in minor units: its fixed price, its least option, or a donation's minimum. */
export function pricesOf(definition: Pick<StoredDefinition, 'pricingMethod'>): number[] {
  const { fixedPrice, guestPrice, pricingOptions } = definition.pricingMethod;
  const money = fixedPrice ?? guestPrice;
  if (money) return [minorUnits(money.value, money.currency, 'price')];
  return (pricingOptions?.optionDetails ?? []).map((o) =>
    minorUnits(o.price.value, o.price.currency, 'price'),
  );
}

const isFree = (definition: Pick<StoredDefinition, 'pricingMethod'>) =>
  definition.pricingMethod.guestPrice === undefined && pricesOf(definition).every((minor) => minor === 0);

/** The settings of `raw` (as sent, or stored with a change laid over it) for a definition of `event`. */
export function definitionSettings(raw: Raw, event: StoredEvent): DefinitionSettings {
  const at = 'ticketDefinition';
  if (!raw.name) throw invalidField(`${at}.name`, 'is required', 'REQUIRED_FIELD');
  const pricingMethod = pricing(raw.pricingMethod, event.registration.tickets.currency);
  const free = isFree({ pricingMethod });
  const feeType = raw.feeType ?? (free ? 'NO_FEE' : 'FEE_ADDED_AT_CHECKOUT');
  if (feeType === 'NO_FEE' && !free)
    throw invalidField(`${at}.feeType`, 'NO_FEE is for free tickets only', 'INVALID_ENUM_VALUE');
  const period: Raw | undefined = raw.salePeriod;
  const startDate = utc(period?.startDate, `${at}.salePeriod.startDate`);
  const endDate = utc(period?.endDate, `${at}.salePeriod.endDate`);
  if (startDate && endDate && Date.parse(endDate) <= Date.parse(startDate))
    throw invalidField(`${at}.salePeriod.endDate`, 'must be after the start of the sale');
  return {
    name: raw.name,
    ...(raw.description === undefined ? {} : { description: raw.description }),
    ...(raw.policyText === undefined ? {} : { policyText: raw.policyText }),
    hidden: raw.hidden === true,
    initialLimit: raw.initialLimit ?? null,
    pricingMethod,
    feeType,
    ...(period
      ? {
          salePeriod: {
            ...(startDate === undefined ? {} : { startDate }),
            ...(endDate === undefined ? {} : { endDate }),
            displayNotOnSale: period.displayNotOnSale === true,
          },
        }
      : {}),
    limitPerCheckout: raw.limitPerCheckout ?? null,
  };
}

/** What visitors may buy of it now, and whether it has any left. */
export function onSale(definition: StoredDefinition, event: StoredEvent, counts: TicketCounts, now: number) {
  const status = statusOf(event, now);
  return {
    saleStatus: saleStatus(definition.salePeriod, now, status === 'ENDED' || status === 'CANCELED'),
    soldOut: counts.unsold === 0,
  };
}

/** The definition as answered; `fields` may ask for SALES_DETAILS and EVENT_DETAILS. */
export function renderDefinition(
  definition: StoredDefinition,
  event: StoredEvent,
  counts: TicketCounts,
  context: RenderContext,
): Static<typeof EventTicketDefinition> {
  const { saleStatus: sale, soldOut } = onSale(definition, event, counts, context.now);
  const perOrder = definition.limitPerCheckout ?? event.registration.tickets.ticketLimitPerOrder;
  const rendered = context.fields.has('EVENT_DETAILS') ? renderEvent(event, undefined, context) : undefined;
  return {
    id: definition.id,
    eventId: definition.eventId,
    revision: definition.revision,
    createdDate: definition.createdDate,
    updatedDate: definition.updatedDate,
    name: definition.name,
    ...(definition.description === undefined ? {} : { description: definition.description }),
    ...(definition.policyText === undefined ? {} : { policyText: definition.policyText }),
    hidden: definition.hidden,
    limited: definition.initialLimit !== null,
    initialLimit: definition.initialLimit,
    actualLimit: definition.initialLimit,
    pricingMethod: {
      ...definition.pricingMethod,
      pricingType: definition.pricingMethod.guestPrice ? ('DONATION' as const) : ('STANDARD' as const),
      free: isFree(definition),
    },
    feeType: definition.feeType,
    ...(definition.salePeriod ? { salePeriod: definition.salePeriod } : {}),
    saleStatus: sale,
    ...(context.fields.has('SALES_DETAILS')
      ? {
          salesDetails: {
            unsoldCount: counts.unsold,
            soldCount: counts.sold,
            reservedCount: counts.reserved,
            soldOut,
          },
        }
      : {}),
    // Never more than are left: a checkout cannot take what is not there.
    limitPerCheckout: Math.min(perOrder, counts.unsold ?? perOrder),
    ...(rendered
      ? {
          eventDetails: {
            title: rendered.title,
            ...(event.shortDescription === undefined ? {} : { shortDescription: event.shortDescription }),
            location: rendered.location,
            dateAndTimeSettings: rendered.dateAndTimeSettings,
            slug: rendered.slug,
            status: rendered.status,
          },
        }
      : {}),
  } as Static<typeof EventTicketDefinition>;
}

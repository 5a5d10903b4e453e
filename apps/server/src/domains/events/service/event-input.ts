/**
 * An event's settings as the owner sends them (create, clone, update) checked together and completed
 * with their defaults. The request schema has checked each field; what is checked here is what spans
 * fields: dates in order, a known time zone, a form whose choice inputs have choices.
 */
import { IANAZone } from 'luxon';
import { invalidField, ValidationError } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { seriesSpan } from '../status.ts';
import type { Occurrence, Raw, SiteInfo, StoredEvent } from './context.ts';

export type EventSettings = Omit<
  StoredEvent,
  | 'id'
  | 'revision'
  | 'createdDate'
  | 'updatedDate'
  | 'slug'
  | 'lifecycle'
  | 'publishedDate'
  | 'cancellation'
  | 'feedToken'
  | 'userId'
>;

const isObject = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `base` with `patch` laid over it: objects merged field by field, anything else (arrays too) replaced. */
export function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isObject(base) || !isObject(patch)) return patch === undefined ? base : patch;
  const out: Raw = { ...base };
  for (const [key, value] of Object.entries(patch)) out[key] = deepMerge(base[key], value);
  return out;
}

const utc = (value: string, field: string) => {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw invalidField(field, 'is not a date and time a calendar holds', 'FORMAT');
  return new Date(time).toISOString();
};
const optionalUtc = (value: unknown, field: string) =>
  typeof value === 'string' ? utc(value, field) : value === null ? null : undefined;

function inOrder(start: string | null | undefined, end: string | null | undefined, field: string) {
  if (start && end && Date.parse(end) <= Date.parse(start))
    throw invalidField(field, 'must be after the start');
}

function zone(value: unknown, fallback: string, field: string): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string' || !IANAZone.isValidZone(value))
    throw invalidField(field, 'must be an IANA time zone such as "Europe/Paris"', 'FORMAT');
  return value;
}

function dates(raw: Raw | undefined, site: SiteInfo): EventSettings['dateAndTimeSettings'] {
  const at = 'event.dateAndTimeSettings';
  if (!raw) throw invalidField(at, 'is required', 'REQUIRED_FIELD');
  const timeZoneId = zone(raw.timeZoneId, site.timeZone, `${at}.timeZoneId`);
  const given: Raw[] = raw.recurringEvents?.individualEventDates ?? [];
  const individualEventDates: Occurrence[] = given.map((date, i) => {
    const field = `${at}.recurringEvents.individualEventDates.${i}`;
    if (!date.startDate || !date.endDate)
      throw invalidField(field, 'needs a startDate and an endDate', 'REQUIRED_FIELD');
    const occurrence: Occurrence = {
      startDate: utc(date.startDate, `${field}.startDate`),
      endDate: utc(date.endDate, `${field}.endDate`),
      timeZoneId: zone(date.timeZoneId, timeZoneId, `${field}.timeZoneId`),
      showTimeZone: date.showTimeZone === true,
    };
    inOrder(occurrence.startDate, occurrence.endDate, `${field}.endDate`);
    return occurrence;
  });
  individualEventDates.sort((a, b) => Date.parse(a.startDate!) - Date.parse(b.startDate!));
  const tbd = raw.dateAndTimeTbd === true;
  let startDate = optionalUtc(raw.startDate, `${at}.startDate`) ?? null;
  let endDate = optionalUtc(raw.endDate, `${at}.endDate`) ?? null;
  const span = seriesSpan(individualEventDates);
  if (span) ({ startDate, endDate } = span);
  else if (tbd) [startDate, endDate] = [null, null];
  else {
    const missing = [!startDate && `${at}.startDate`, !endDate && `${at}.endDate`].filter(
      (field): field is string => !!field,
    );
    if (missing.length > 0)
      throw new ValidationError(
        missing.map((field) => ({
          field,
          description: 'is required unless dateAndTimeTbd is true',
          violatedRule: 'REQUIRED_FIELD' as const,
        })),
      );
    inOrder(startDate, endDate, `${at}.endDate`);
  }
  return {
    ...(tbd ? { dateAndTimeTbd: true } : {}),
    ...(typeof raw.dateAndTimeTbdMessage === 'string'
      ? { dateAndTimeTbdMessage: raw.dateAndTimeTbdMessage }
      : {}),
    startDate,
    endDate,
    timeZoneId,
    ...(typeof raw.hideEndDate === 'boolean' ? { hideEndDate: raw.hideEndDate } : {}),
    ...(typeof raw.showTimeZone === 'boolean' ? { showTimeZone: raw.showTimeZone } : {}),
    recurringEvents: { individualEventDates },
  };
}

function registration(raw: Raw | undefined, site: SiteInfo): EventSettings['registration'] {
  const at = 'event.registration';
  const initialType = raw?.initialType;
  if (initialType !== 'RSVP' && initialType !== 'TICKETING')
    throw invalidField(`${at}.initialType`, 'is required: RSVP or TICKETING', 'REQUIRED_FIELD');
  const rsvp: Raw = raw?.rsvp ?? {};
  const rsvpStart = optionalUtc(rsvp.startDate, `${at}.rsvp.startDate`);
  const rsvpEnd = optionalUtc(rsvp.endDate, `${at}.rsvp.endDate`);
  inOrder(rsvpStart, rsvpEnd, `${at}.rsvp.endDate`);
  const tickets: Raw = raw?.tickets ?? {};
  const tax: Raw | undefined = tickets.taxSettings;
  if (tax && tax.rate === undefined)
    throw invalidField(`${at}.tickets.taxSettings.rate`, 'is required', 'REQUIRED_FIELD');
  return {
    initialType,
    rsvp: {
      responseType: rsvp.responseType ?? 'YES_ONLY',
      ...(rsvp.limit === undefined ? {} : { limit: rsvp.limit }),
      waitlistEnabled: rsvp.waitlistEnabled === true,
      ...(rsvpStart === undefined ? {} : { startDate: rsvpStart }),
      ...(rsvpEnd === undefined ? {} : { endDate: rsvpEnd }),
    },
    tickets: {
      guestsAssignedSeparately: tickets.guestsAssignedSeparately === true,
      ticketLimitPerOrder: tickets.ticketLimitPerOrder ?? 20,
      currency: tickets.currency ?? site.currency,
      ...(tax
        ? {
            taxSettings: {
              type: tax.type ?? 'INCLUDED_IN_PRICE',
              ...(tax.name ? { name: tax.name } : {}),
              rate: String(Number(tax.rate)),
              appliedToDonations: tax.appliedToDonations === true,
            },
          }
        : {}),
      reservationDurationInMinutes: tickets.reservationDurationInMinutes ?? 20,
    },
    ...(raw?.external?.url ? { external: { url: raw.external.url } } : {}),
    allowedGuestTypes: raw?.allowedGuestTypes ?? 'VISITOR_OR_MEMBER',
    registrationPaused: raw?.registrationPaused === true,
    registrationDisabled: raw?.registrationDisabled === true,
  };
}

/** The form every event starts with: the guest's name and e-mail, which registration always asks. */
const defaultControls = () => [
  {
    id: newId(),
    type: 'NAME',
    system: true,
    name: 'name',
    label: 'Name',
    orderIndex: 0,
    inputs: [
      { name: 'firstName', label: 'First Name', mandatory: true, maxLength: 100, type: 'TEXT', array: false },
      { name: 'lastName', label: 'Last Name', mandatory: true, maxLength: 100, type: 'TEXT', array: false },
    ],
  },
  {
    id: newId(),
    type: 'INPUT',
    system: true,
    name: 'email',
    label: 'Email',
    orderIndex: 1,
    inputs: [{ name: 'email', label: 'Email', mandatory: true, maxLength: 255, type: 'TEXT', array: false }],
  },
];

const defaultMessages = {
  rsvp: {
    rsvpYesOption: "Yes, I'll attend",
    rsvpNoOption: "No, I can't make it",
    positiveMessages: {
      title: 'See you there!',
      confirmation: {
        title: "You're going",
        message: 'We sent you a confirmation e-mail.',
        addToCalendarActionLabel: 'Add to calendar',
        shareActionLabel: 'Share event',
      },
    },
    waitlistMessages: {
      title: "You're on the waitlist",
      confirmation: {
        title: "You're on the waitlist",
        message: "We'll let you know if a spot opens up.",
        addToCalendarActionLabel: 'Add to calendar',
        shareActionLabel: 'Share event',
      },
    },
    negativeMessages: {
      title: 'Sorry you can’t make it',
      confirmation: { title: 'Thanks for letting us know', shareActionLabel: 'Share event' },
    },
    submitActionLabel: 'RSVP',
  },
  checkout: {
    title: 'Add your details',
    submitActionLabel: 'Continue',
    confirmation: {
      title: 'You’re going!',
      message: 'We sent your tickets by e-mail.',
      downloadTicketsLabel: 'Download tickets',
      addToCalendarLabel: 'Add to calendar',
      shareEventLabel: 'Share event',
    },
  },
  registrationClosed: { message: 'Registration is closed', exploreEventsActionLabel: 'Explore other events' },
  ticketsUnavailable: {
    message: 'Tickets are not on sale',
    exploreEventsActionLabel: 'Explore other events',
  },
};

/** Value types each control takes; choice controls need choices. */
const VALUE_TYPES: Record<string, readonly string[]> = {
  INPUT: ['TEXT', 'NUMBER'],
  TEXTAREA: ['TEXT'],
  DROPDOWN: ['TEXT'],
  RADIO: ['TEXT'],
  CHECKBOX: ['TEXT_ARRAY'],
  NAME: ['TEXT'],
  GUEST_CONTROL: ['NUMBER'],
  ADDRESS_SHORT: ['TEXT', 'ADDRESS'],
  ADDRESS_FULL: ['ADDRESS', 'TEXT'],
  DATE: ['DATE_TIME'],
};
const CHOICES = new Set(['DROPDOWN', 'RADIO', 'CHECKBOX']);

function form(raw: Raw | undefined): EventSettings['form'] {
  const at = 'event.form';
  const given: Raw[] | undefined = raw?.controls;
  const names = new Set<string>();
  const controls = (given ?? defaultControls()).map((control, i) => {
    const field = `${at}.controls.${i}`;
    const type: string = control.type ?? 'INPUT';
    const inputs = ((control.inputs as Raw[] | undefined) ?? []).map((input, j) => {
      const inputField = `${field}.inputs.${j}`;
      if (!input.name) throw invalidField(`${inputField}.name`, 'is required', 'REQUIRED_FIELD');
      if (names.has(input.name))
        throw invalidField(`${inputField}.name`, 'is used by another input of the form');
      names.add(input.name);
      const valueType = input.type ?? VALUE_TYPES[type]![0];
      if (!VALUE_TYPES[type]!.includes(valueType))
        throw invalidField(
          `${inputField}.type`,
          `a ${type} control takes ${VALUE_TYPES[type]!.join(' or ')}`,
        );
      if (CHOICES.has(type) && !(input.options?.length > 0))
        throw invalidField(`${inputField}.options`, `a ${type} control needs its choices`, 'REQUIRED_FIELD');
      return {
        ...input,
        type: valueType,
        mandatory: input.mandatory === true,
        array: valueType === 'TEXT_ARRAY',
      } as Raw;
    });
    if (inputs.length === 0) throw invalidField(`${field}.inputs`, 'needs at least one input', 'MIN_SIZE');
    return {
      ...control,
      id: control.id ?? newId(),
      type,
      system: control.system === true,
      name: control.name ?? inputs[0]!.name,
      label: control.label ?? inputs[0]!.label ?? '',
      orderIndex: control.orderIndex ?? i,
      inputs,
    };
  });
  return {
    controls,
    messages: deepMerge(defaultMessages, raw?.messages ?? {}) as Raw,
  } as EventSettings['form'];
}

function conferencing(raw: Raw | undefined, eventId: string, publicUrl: string) {
  const enabled = raw?.enabled === true;
  const type = raw?.type ?? 'MEETING';
  // A session is made when conferencing is turned on, kept while it stays on.
  const session = enabled
    ? (raw?.session ?? {
        sessionId: newId(),
        hostLink: `${publicUrl}/online/${eventId}/host`,
        guestLink: `${publicUrl}/online/${eventId}`,
        sessionCreated: true,
      })
    : undefined;
  return {
    enabled,
    ...(raw?.providerId ? { providerId: raw.providerId } : {}),
    type,
    ...(session ? { session } : {}),
  } as EventSettings['onlineConferencing'];
}

function categories(raw: Raw | undefined, kept: StoredEvent['categories'], now: string) {
  const given: Raw[] = raw?.categories ?? [];
  return given.map((category) => {
    const same = kept.find((k) => k.id === category.id || k.name === category.name);
    return same && same.name === category.name
      ? same
      : { id: newId(), name: category.name as string, createdDate: now, type: 'MANUAL' as const };
  });
}

/**
 * The settings of `raw` (an event as sent, or a stored one with a change laid over it) checked and
 * completed. `eventId` names the links of its online session.
 */
export function eventSettings(
  raw: Raw,
  context: {
    site: SiteInfo;
    now: string;
    eventId: string;
    publicUrl: string;
    kept?: StoredEvent['categories'];
  },
): EventSettings {
  if (!raw.title) throw invalidField('event.title', 'is required', 'REQUIRED_FIELD');
  if (!raw.location) throw invalidField('event.location', 'is required', 'REQUIRED_FIELD');
  const location = { ...raw.location, type: raw.location.type ?? 'VENUE' } as EventSettings['location'];
  const pick = (key: string) => (raw[key] === undefined ? {} : { [key]: raw[key] });
  return {
    title: raw.title,
    ...pick('shortDescription'),
    ...pick('detailedDescription'),
    ...pick('description'),
    ...pick('mainImage'),
    location,
    dateAndTimeSettings: dates(raw.dateAndTimeSettings, context.site),
    registration: registration(raw.registration, context.site),
    form: form(raw.form),
    guestListSettings: { displayedPublicly: raw.guestListSettings?.displayedPublicly === true },
    onlineConferencing: conferencing(raw.onlineConferencing, context.eventId, context.publicUrl),
    seoSettings: {
      ...(raw.seoSettings?.slug ? { slug: raw.seoSettings.slug } : {}),
      advancedSeoData: raw.seoSettings?.advancedSeoData ?? {},
    },
    agendaSettings: { enabled: raw.agendaSettings?.enabled === true },
    eventDisplaySettings: { ...(raw.eventDisplaySettings ?? {}) },
    categories: categories(raw.categories, context.kept ?? [], context.now),
  };
}

import { DateTime } from 'luxon';
import type { EditableEvent, EventInput } from '../api/event-edit.ts';

/** Dates of the event and ticket forms: `datetime-local` values read in the event's time zone. */

/** "2026-12-01T19:30" for an instant, as a clock in `zone` shows it; empty for none. */
export function toLocalInput(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const at = DateTime.fromISO(iso, { zone });
  return at.isValid ? at.toFormat("yyyy-MM-dd'T'HH:mm") : '';
}

/**
 * The instant (UTC ISO) a `datetime-local` value names in `zone`; undefined when empty, and the text
 * itself when it is not a date, so the server names the field it refuses.
 */
export function fromLocalInput(local: string, zone: string): string | undefined {
  const text = local.trim();
  if (!text) return undefined;
  const at = DateTime.fromISO(text, { zone });
  return at.isValid ? at.toUTC().toISO({ suppressMilliseconds: true })! : text;
}

/** The IANA zones this browser knows, the given one first when it is not among them. */
export function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  const zones = known.includes('UTC') ? known : ['UTC', ...known];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** The event form's fields, as typed. */
export interface EventDraft {
  title: string;
  shortDescription: string;
  start: string;
  end: string;
  timeZoneId: string;
  tbd: boolean;
  locationType: 'VENUE' | 'ONLINE';
  locationName: string;
  address: string;
  registration: 'RSVP' | 'TICKETING';
}

/** The form's fields for an event (a new one when `event` is undefined), its times in its own zone. */
export function eventDraftOf(event: EditableEvent | undefined, siteZone: string): EventDraft {
  const zone = event?.dateAndTimeSettings.timeZoneId ?? siteZone;
  return {
    title: event?.title ?? '',
    shortDescription: event?.shortDescription ?? '',
    start: toLocalInput(event?.dateAndTimeSettings.startDate, zone),
    end: toLocalInput(event?.dateAndTimeSettings.endDate, zone),
    timeZoneId: zone,
    tbd: event?.dateAndTimeSettings.dateAndTimeTbd === true,
    locationType: event?.location.type ?? 'VENUE',
    locationName: event?.location.name ?? '',
    address: event?.location.address?.formattedAddress ?? '',
    registration: event?.registration.initialType ?? 'TICKETING',
  };
}

/** What the create or update call takes; the times are read in the chosen zone. */
export function eventInputOf(draft: EventDraft, creating: boolean): EventInput {
  const address = draft.address.trim();
  return {
    title: draft.title.trim(),
    shortDescription: draft.shortDescription.trim() || null,
    dateAndTimeSettings: {
      dateAndTimeTbd: draft.tbd,
      timeZoneId: draft.timeZoneId,
      ...(draft.tbd
        ? {}
        : {
            startDate: fromLocalInput(draft.start, draft.timeZoneId),
            endDate: fromLocalInput(draft.end, draft.timeZoneId),
          }),
    },
    location: {
      name: draft.locationName.trim(),
      type: draft.locationType,
      ...(draft.locationType === 'VENUE' && address ? { address: { formattedAddress: address } } : {}),
    },
    // The kind of registration is chosen once, when the event is made.
    ...(creating ? { registration: { initialType: draft.registration } } : {}),
  };
}

/**
 * Events v3 (API map 11) under `/events/v3` (custom host `/_api/events-events-v3-adapter/v3`), and
 * ticket definitions (events-tickets.ts). Reads of published events are for anyone; drafts, and
 * every write, for the site's owner.
 */
import { Type } from '@sinclair/typebox';
import { Empty, Id, PagingMetadata, Query } from './common.ts';
import { defineCall } from './define.ts';
import { eventsCheckInCalls } from './events-check-in.ts';
import { eventsCheckoutCalls } from './events-checkout.ts';
import { eventsHostedCalls } from './events-hosted.ts';
import { eventsOrdersCalls } from './events-orders.ts';
import { Event, EventInput, Fields } from './events-schemas.ts';
import { ticketDefinitionCalls } from './events-tickets.ts';

const v3 = (path: string) => [`/events/v3${path}`, `/_api/events-events-v3-adapter/v3${path}`] as const;
const app = 'events' as const;
const EventAnswer = Type.Object({ event: Event });
const fields = Type.Optional(Fields);
/**
 * The bulk calls' `filter` is a query object whose own `filter` holds the conditions (the package
 * types it so); a bare filter is taken too.
 */
const BulkFilter = Type.Optional(
  Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
    description: '`{filter: {...}}` (a query object) or the conditions themselves.',
  }),
);

export const createEvent = defineCall({
  name: 'createEvent',
  method: 'POST',
  paths: v3('/events'),
  access: 'admin',
  app,
  summary:
    'Creates an event, published unless `draft`; needs `title`, `dateAndTimeSettings`, `location` and `registration.initialType`. The slug comes from the title (or `seoSettings.slug`), unique per site.',
  request: Type.Object({ event: EventInput, draft: Type.Optional(Type.Boolean()), fields }),
  response: EventAnswer,
});

export const cloneEvent = defineCall({
  name: 'cloneEvent',
  method: 'POST',
  paths: v3('/events/{eventId}/clone'),
  access: 'admin',
  app,
  summary:
    'Copies an event and its ticket definitions, with the fields of `event` changed; published unless `draft`.',
  request: Type.Object({
    eventId: Id,
    event: Type.Optional(EventInput),
    draft: Type.Optional(Type.Boolean()),
    fields,
  }),
  response: EventAnswer,
});

export const updateEvent = defineCall({
  name: 'updateEvent',
  method: 'PATCH',
  paths: v3('/events/{event.id}'),
  access: 'admin',
  app,
  summary:
    'Changes the fields `event` names (nested objects are merged, arrays replaced); `registration.initialType` cannot change.',
  request: Type.Object({
    event: EventInput,
    fields,
    fieldmask: Type.Optional(
      Type.String({ maxLength: 2000, description: 'Accepted; the fields sent decide.' }),
    ),
  }),
  response: EventAnswer,
});

export const publishDraftEvent = defineCall({
  name: 'publishDraftEvent',
  method: 'POST',
  paths: v3('/events/{eventId}/publish'),
  access: 'admin',
  app,
  summary: 'Publishes a draft: its status follows its dates from then on.',
  request: Type.Object({ eventId: Id, fields }),
  response: EventAnswer,
});

export const cancelEvent = defineCall({
  name: 'cancelEvent',
  method: 'POST',
  paths: v3('/events/{eventId}/cancel'),
  access: 'admin',
  app,
  summary: 'Cancels an upcoming or started event; registration closes.',
  request: Type.Object({ eventId: Id, fields }),
  response: EventAnswer,
});

export const bulkCancelEventsByFilter = defineCall({
  name: 'bulkCancelEventsByFilter',
  method: 'POST',
  paths: v3('/bulk/events/cancel-by-filter'),
  access: 'admin',
  app,
  summary: 'Cancels every upcoming or started event the filter matches.',
  request: Type.Object({ filter: BulkFilter }),
  response: Empty,
});

export const bulkDeleteEventsByFilter = defineCall({
  name: 'bulkDeleteEventsByFilter',
  method: 'POST',
  paths: v3('/bulk/events/delete-by-filter'),
  access: 'admin',
  app,
  summary: 'Deletes every event the filter matches (drafts included), with their ticket definitions.',
  request: Type.Object({ filter: BulkFilter }),
  response: Empty,
});

export const deleteEvent = defineCall({
  name: 'deleteEvent',
  method: 'DELETE',
  paths: v3('/events/{eventId}'),
  access: 'admin',
  app,
  summary: 'Deletes an event with its ticket definitions.',
  request: Type.Object({ eventId: Id }),
  response: Type.Object({ eventId: Type.String() }),
});

export const countEventsByStatus = defineCall({
  name: 'countEventsByStatus',
  method: 'POST',
  paths: v3('/events/count-by-status'),
  access: 'anyone',
  app,
  summary:
    'Counts the events the filter matches by status (`facets.status.counts`); drafts only for owners asking with `includeDrafts`.',
  request: Type.Object({
    filter: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
    facet: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 20 })),
    includeDrafts: Type.Optional(Type.Boolean()),
  }),
  response: Type.Object({
    pagingMetadata: PagingMetadata,
    facets: Type.Record(Type.String(), Type.Object({ counts: Type.Record(Type.String(), Type.Integer()) })),
  }),
});

export const getEvent = defineCall({
  name: 'getEvent',
  method: 'GET',
  paths: v3('/events/{eventId}'),
  access: 'anyone',
  app,
  summary: 'One event; a draft only for owners.',
  request: Type.Object({ eventId: Id, fields }),
  response: EventAnswer,
});

export const getEventBySlug = defineCall({
  name: 'getEventBySlug',
  method: 'GET',
  paths: v3('/events/slug/{slug}'),
  access: 'anyone',
  app,
  summary: 'One event by its slug; a draft only for owners.',
  request: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 130 }), fields }),
  response: EventAnswer,
});

export const queryEvents = defineCall({
  name: 'queryEvents',
  method: 'POST',
  paths: v3('/events/query'),
  access: 'anyone',
  app,
  summary:
    'Filters, sorts and pages events (offset paging). `status` is derived from the dates at the time of the query; drafts only for owners asking with `includeDrafts`. Default order: start date, soonest first.',
  request: Type.Object({
    query: Type.Optional(Query),
    fields,
    includeDrafts: Type.Optional(Type.Boolean()),
  }),
  response: Type.Object({ events: Type.Array(Event), pagingMetadata: PagingMetadata }),
});

export const eventsCalls = [
  createEvent,
  cloneEvent,
  updateEvent,
  publishDraftEvent,
  cancelEvent,
  bulkCancelEventsByFilter,
  bulkDeleteEventsByFilter,
  deleteEvent,
  countEventsByStatus,
  getEvent,
  getEventBySlug,
  queryEvents,
  ...ticketDefinitionCalls,
  ...eventsCheckoutCalls,
  ...eventsOrdersCalls,
  ...eventsHostedCalls,
  ...eventsCheckInCalls,
] as const;

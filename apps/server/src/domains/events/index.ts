export { EVENTS_APP_ID, eventsCatalog } from './catalog-provider.ts';
export { eventsErrors } from './errors.ts';
export { eventsCheckoutIntent } from './intent.ts';
export { reservationsConsumer } from './reservations-consumer.ts';
export { eventsRoutes } from './routes.ts';
export type { EventsDeps, StoredDefinition, StoredEvent } from './service/context.ts';
export { createEvent } from './service/events.ts';
export { createTicketDefinition } from './service/tickets.ts';
export { type EventsStore, eventsStore, ticketResource, UNLIMITED } from './store.ts';

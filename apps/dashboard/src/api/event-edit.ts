/**
 * Writing events and their ticket definitions (packages/contracts/src/events.ts, events-tickets.ts),
 * and an event's sales (`getTicketSalesSummary`, events-orders.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import type { EventItem, TicketDefinition } from './events.ts';
import { queryString } from './plans.ts';

const V3 = '/events/v3';
const at = (id: string) => `${V3}/events/${encodeURIComponent(id)}`;
const definitionAt = (id: string) => `${V3}/ticket-definitions/${encodeURIComponent(id)}`;

/** The event as the form edits it: what `useEvent` reads plus its revision and registration. */
export interface EditableEvent extends EventItem {
  revision: string;
  shortDescription?: string | null;
  location: { name?: string; type: 'VENUE' | 'ONLINE'; address?: { formattedAddress?: string } };
  registration: EventItem['registration'] & {
    initialType: 'RSVP' | 'TICKETING';
    tickets?: { currency?: string };
  };
}

/** What the event form sends: the fields it shows. */
export interface EventInput {
  title: string;
  shortDescription: string | null;
  dateAndTimeSettings: { startDate?: string; endDate?: string; timeZoneId: string; dateAndTimeTbd: boolean };
  location: { name: string; type: 'VENUE' | 'ONLINE'; address?: { formattedAddress: string } };
  registration?: { initialType: 'RSVP' | 'TICKETING' };
}

export function useEditableEvent(id: string, enabled = true) {
  return useQuery({
    queryKey: ['event', id, 'editable'],
    enabled,
    queryFn: async () =>
      (
        await api<{ event: EditableEvent }>(
          'GET',
          `${at(id)}${queryString({ fields: ['DETAILS', 'REGISTRATION'] })}`,
        )
      ).event,
  });
}

function useEventWrite<T>(run: (input: T) => Promise<{ event: EditableEvent }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['events'] });
      void client.invalidateQueries({ queryKey: ['event'] });
    },
  });
}

/** A new event, kept as a draft until published. */
export const useCreateEvent = () =>
  useEventWrite((event: EventInput) =>
    api<{ event: EditableEvent }>('POST', `${V3}/events`, { event, draft: true }),
  );

export const useUpdateEvent = () =>
  useEventWrite(({ id, event }: { id: string; event: EventInput }) =>
    api<{ event: EditableEvent }>('PATCH', at(id), { event: { ...event, id } }),
  );

export interface Sales {
  total: { amount: string; currency: string };
  revenue: { amount: string; currency: string };
  totalOrders: number;
  totalTickets: number;
}

/** The event's sales, one entry per currency. */
export function useEventSales(eventId: string) {
  return useQuery({
    queryKey: ['ticket-orders', 'summary', eventId],
    queryFn: async () =>
      (await api<{ sales: Sales[] }>('GET', `/events/v1/orders/summary${queryString({ eventId })}`)).sales,
  });
}

/** What the ticket form sends. */
export interface TicketInput {
  name: string;
  price: string;
  /** Empty: no limit. */
  limit: string;
  saleStart?: string | null;
  saleEnd?: string | null;
  hidden: boolean;
  feeType?: string;
}

export function ticketDefinitionInput(ticket: TicketInput) {
  const limit = ticket.limit.trim();
  return {
    name: ticket.name,
    hidden: ticket.hidden,
    pricingMethod: { fixedPrice: { value: ticket.price.trim() || '0' } },
    initialLimit: limit === '' ? null : Number(limit),
    salePeriod: { startDate: ticket.saleStart ?? null, endDate: ticket.saleEnd ?? null },
    ...(ticket.feeType ? { feeType: ticket.feeType } : {}),
  };
}

function useDefinitionWrite<T>(eventId: string, run: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['ticket-definitions', eventId] });
      void client.invalidateQueries({ queryKey: ['event', eventId] });
    },
  });
}

export const useCreateTicketDefinition = (eventId: string) =>
  useDefinitionWrite(eventId, (ticket: TicketInput) =>
    api<{ ticketDefinition: TicketDefinition }>('POST', `${V3}/ticket-definitions`, {
      ticketDefinition: { eventId, ...ticketDefinitionInput(ticket) },
    }),
  );

export const useUpdateTicketDefinition = (eventId: string) =>
  useDefinitionWrite(
    eventId,
    ({ id, revision, ticket }: { id: string; revision: string; ticket: TicketInput }) =>
      api<{ ticketDefinition: TicketDefinition }>('PATCH', definitionAt(id), {
        ticketDefinition: { id, revision, ...ticketDefinitionInput(ticket) },
      }),
  );

export const useDeleteTicketDefinition = (eventId: string) =>
  useDefinitionWrite(eventId, (id: string) => api<object>('DELETE', definitionAt(id)));

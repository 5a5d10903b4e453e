/**
 * The routes an order's ticket links point to (service/order-links.ts): PDFs of the order or of one
 * ticket, and a ticket's check-in page, which shows whether the ticket is valid. Not calls of a
 * contract: they answer PDF, and are opened from an e-mail without a token. The link's secret, or the
 * site owner's `Authorization`, lets one in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../http/access.ts';
import { eventsErrors } from './errors.ts';
import type { StoredTicketOrder } from './service/checkout-model.ts';
import { type EventsDeps, isAdmin, type StoredEvent } from './service/context.ts';
import { LINKS_BASE, orderNumberOfTicket, sameSecret, ticketSecret } from './service/order-links.ts';
import { ticketsPdf } from './tickets-pdf.ts';

type Request = FastifyRequest<{
  Params: { siteId: string; orderNumber?: string; ticketNumber?: string };
  Querystring: { token?: string };
}>;

async function isOwner(authenticator: Authenticator, request: Request, siteId: string) {
  const header = request.headers.authorization;
  if (!header) return false;
  try {
    const caller = await authenticator.authenticate(header);
    return caller.siteId === siteId && isAdmin(caller);
  } catch {
    return false;
  }
}

export function installTicketRoutes(app: FastifyInstance, deps: EventsDeps, authenticator: Authenticator) {
  /** The order and event of a link, or not found: a wrong secret is told apart from nothing. */
  async function open(
    request: Request,
    orderNumber: string | undefined,
    secret: (o: StoredTicketOrder) => string,
  ) {
    const { siteId } = request.params;
    const notFound = eventsErrors.orderNotFound(orderNumber ?? '');
    if (!orderNumber) throw notFound;
    const site = await authenticator.site(siteId).catch(() => undefined);
    if (!site) throw notFound;
    const order = await deps.store.orders.forSite(siteId).get<StoredTicketOrder>(orderNumber);
    if (!order) throw notFound;
    const allowed =
      (order.accessToken !== undefined && sameSecret(request.query.token, secret(order))) ||
      (await isOwner(authenticator, request, siteId));
    if (!allowed) throw notFound;
    const event = await deps.store.events.forSite(siteId).get<StoredEvent>(order.eventId);
    if (!event) throw eventsErrors.eventNotFound(order.eventId);
    return { order, event };
  }

  const ticketOf = (order: StoredTicketOrder, ticketNumber: string) => {
    const ticket = order.tickets.find((t) => t.ticketNumber === ticketNumber);
    if (!ticket) throw eventsErrors.orderNotFound(order.orderNumber);
    return ticket;
  };

  const pdf = (bytes: Uint8Array, name: string) => ({
    'content-type': 'application/pdf',
    'content-disposition': `inline; filename="${name}.pdf"`,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    body: Buffer.from(bytes),
  });

  app.get(
    `${LINKS_BASE}/:siteId/orders/:orderNumber/tickets.pdf`,
    { schema: { hide: true } },
    async (req, reply) => {
      const request = req as Request;
      const { order, event } = await open(request, request.params.orderNumber, (o) => o.accessToken ?? '');
      const { body, ...headers } = pdf(
        await ticketsPdf(event, order, order.tickets),
        `tickets-${order.orderNumber}`,
      );
      return reply.headers(headers).send(body);
    },
  );

  app.get(
    `${LINKS_BASE}/:siteId/tickets/:ticketNumber/ticket.pdf`,
    { schema: { hide: true } },
    async (req, reply) => {
      const request = req as Request;
      const ticketNumber = request.params.ticketNumber ?? '';
      const { order, event } = await open(request, orderNumberOfTicket(ticketNumber), (o) =>
        ticketSecret(o.accessToken ?? '', ticketNumber),
      );
      const ticket = ticketOf(order, ticketNumber);
      const { body, ...headers } = pdf(await ticketsPdf(event, order, [ticket]), `ticket-${ticketNumber}`);
      return reply.headers(headers).send(body);
    },
  );

  app.get(
    `${LINKS_BASE}/:siteId/tickets/:ticketNumber/check-in`,
    { schema: { hide: true } },
    async (req, reply) => {
      const request = req as Request;
      const ticketNumber = request.params.ticketNumber ?? '';
      const { order, event } = await open(request, orderNumberOfTicket(ticketNumber), (o) =>
        ticketSecret(o.accessToken ?? '', ticketNumber),
      );
      const ticket = ticketOf(order, ticketNumber);
      const void_ = ticket.canceled || ['CANCELED', 'VOIDED', 'INITIATED'].includes(order.status);
      return reply.header('cache-control', 'private, no-store').send({
        ticket: {
          ticketNumber,
          orderNumber: order.orderNumber,
          name: ticket.name,
          eventId: event.id,
          eventTitle: event.title,
          valid: !void_,
          orderStatus: order.status,
          ...(ticket.checkIn ? { checkedIn: ticket.checkIn.created } : {}),
        },
      });
    },
  );
}

/**
 * The handlers of the jobs ticketing orders enqueue (service/order-jobs.ts): the buyer's confirmation
 * e-mail with the tickets (PDF links, calendar links), and the scheduled capture or void of an
 * authorised payment. Registered in deps.ts.
 */
import type { Jobs } from '../../jobs/loop.ts';
import type { Mailer } from '../../mail/index.ts';
import type { StoredTicketOrder } from './service/checkout-model.ts';
import type { EventsDeps, StoredEvent } from './service/context.ts';
import { CONFIRMATION_MAIL, type OrderJob, SCHEDULED_PAYMENT } from './service/order-jobs.ts';
import { orderLinks } from './service/order-links.ts';
import { runScheduledAction, type TicketPayments } from './service/order-payments.ts';
import { calendarUrls } from './service/render.ts';
import { eventDateText, venueText } from './tickets-pdf.ts';

const htmlText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function confirmationMail(
  deps: EventsDeps,
  siteId: string,
  order: StoredTicketOrder,
  event: StoredEvent,
) {
  const links = orderLinks(deps.publicUrl, siteId, order);
  const calendar = calendarUrls(event);
  const when = eventDateText(event);
  const venue = venueText(event);
  const pending = order.status === 'OFFLINE_PENDING' ? 'Payment: to be paid at the event.' : '';
  const tickets = order.tickets.map((t) => ({
    number: t.ticketNumber,
    name: t.name,
    pdf: links?.ticketPdf(t.ticketNumber),
  }));
  const text = [
    `Hi ${order.buyer.firstName || 'there'},`,
    '',
    `Your tickets for ${event.title} (order ${order.orderNumber}).`,
    when,
    ...(venue ? [venue] : []),
    ...(pending ? ['', pending] : []),
    '',
    ...tickets.map((t) => `${t.name}, ticket ${t.number}${t.pdf ? `: ${t.pdf}` : ''}`),
    ...(links ? ['', `All tickets (PDF): ${links.ticketsPdf}`] : []),
    '',
    `Add to Google Calendar: ${calendar.google}`,
  ].join('\n');
  const html = [
    `<p>Hi ${htmlText(order.buyer.firstName || 'there')},</p>`,
    `<p>Your tickets for <strong>${htmlText(event.title)}</strong> (order ${htmlText(order.orderNumber)}).<br>`,
    `${htmlText(when)}${venue ? `<br>${htmlText(venue)}` : ''}</p>`,
    ...(pending ? [`<p>${htmlText(pending)}</p>`] : []),
    '<ul>',
    ...tickets.map(
      (t) =>
        `<li>${htmlText(t.name)}, ticket ${htmlText(t.number)}${t.pdf ? ` — <a href="${htmlText(t.pdf)}">PDF</a>` : ''}</li>`,
    ),
    '</ul>',
    ...(links ? [`<p><a href="${htmlText(links.ticketsPdf)}">All tickets (PDF)</a></p>`] : []),
    `<p><a href="${htmlText(calendar.google)}">Add to Google Calendar</a> · `,
    `<a href="${htmlText(calendar.ics)}" download="event.ics">Add to calendar (.ics)</a></p>`,
  ].join('\n');
  return { siteId, to: order.buyer.email, subject: `Your tickets: ${event.title}`, text, html };
}

export function handleEventsJobs(
  jobs: Jobs,
  deps: EventsDeps,
  services: { mail: Mailer; payments?: TicketPayments | undefined },
) {
  jobs.handle<OrderJob>(
    CONFIRMATION_MAIL,
    async ({ siteId, payload }) => {
      if (!siteId) return;
      const order = await deps.store.orders.forSite(siteId).get<StoredTicketOrder>(payload.orderNumber);
      if (!order?.buyer.email || order.status === 'CANCELED' || order.status === 'VOIDED') return;
      const event = await deps.store.events.forSite(siteId).get<StoredEvent>(order.eventId);
      if (event) await services.mail.send(confirmationMail(deps, siteId, order, event));
    },
    { backoffMs: 30_000 },
  );
  jobs.handle<OrderJob>(
    SCHEDULED_PAYMENT,
    async ({ siteId, payload }) => {
      if (siteId) await runScheduledAction(deps, services.payments, siteId, payload.orderNumber);
    },
    { backoffMs: 60_000 },
  );
}

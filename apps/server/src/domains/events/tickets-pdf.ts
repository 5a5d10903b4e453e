/**
 * Tickets as PDF (pdf-lib), a page each: the event, its date in the event's time zone, the venue, the
 * ticket type, the ticket number (large: it is read out at the door) and who holds it. Text is drawn
 * with a standard font, whose WinAnsi encoding lacks many characters: those are replaced rather than
 * failing the document.
 */
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import type { StoredTicket, StoredTicketOrder } from './service/checkout-model.ts';
import type { StoredEvent } from './service/context.ts';

/** When the event is, as its guests read it: in its own time zone, which is named. */
export function eventDateText(event: StoredEvent): string {
  const { startDate, endDate, timeZoneId, dateAndTimeTbd, dateAndTimeTbdMessage } = event.dateAndTimeSettings;
  if (dateAndTimeTbd || !startDate) return dateAndTimeTbdMessage || 'Date to be announced';
  const zone = timeZoneId || 'UTC';
  const format = (iso: string, options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone }).format(new Date(iso));
    } catch {
      return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(new Date(iso));
    }
  };
  const day = format(startDate, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
  const time = (iso: string) => format(iso, { hour: 'numeric', minute: '2-digit' });
  return `${day}, ${time(startDate)}${endDate ? ` - ${time(endDate)}` : ''} (${zone})`;
}

export function venueText(event: StoredEvent): string {
  const address = event.location.address as
    | { formatted?: string; city?: string; country?: string }
    | undefined;
  const where = address?.formatted ?? [address?.city, address?.country].filter(Boolean).join(', ');
  return (
    [event.location.name, where].filter(Boolean).join(', ') ||
    (event.location.type === 'ONLINE' ? 'Online' : '')
  );
}

/** Keeps what the standard font can draw. */
function drawable(font: PDFFont, text: string) {
  let out = '';
  for (const char of text.normalize('NFC')) {
    try {
      font.encodeText(char);
      out += char;
    } catch {
      out += '?';
    }
  }
  return out;
}

const holderOf = (order: StoredTicketOrder, ticket: StoredTicket) => {
  const guest = `${ticket.guest?.firstName ?? ''} ${ticket.guest?.lastName ?? ''}`.trim();
  return guest || `${order.buyer.firstName} ${order.buyer.lastName}`.trim();
};

export async function ticketsPdf(
  event: StoredEvent,
  order: StoredTicketOrder,
  tickets: readonly StoredTicket[],
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${event.title}: tickets of order ${order.orderNumber}`);
  pdf.setProducer('Plaza');
  pdf.setCreator('Plaza');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.CourierBold);
  const when = eventDateText(event);
  const venue = venueText(event);
  for (const ticket of tickets) {
    const page = pdf.addPage([595, 842]);
    let y = 780;
    const line = (text: string, font: PDFFont, size: number, gap = 10) => {
      page.drawText(drawable(font, text), {
        x: 56,
        y,
        size,
        font,
        color: rgb(0.1, 0.1, 0.12),
        maxWidth: 483,
      });
      y -= size + gap;
    };
    line(event.title, bold, 24, 16);
    line(when, regular, 13);
    if (venue) line(venue, regular, 13);
    y -= 20;
    line('Ticket', regular, 11, 4);
    line(ticket.name, bold, 18, 16);
    line('Ticket number', regular, 11, 4);
    line(ticket.ticketNumber, mono, 26, 16);
    line('Name', regular, 11, 4);
    line(holderOf(order, ticket) || '-', bold, 16, 16);
    line(`Order ${order.orderNumber}`, regular, 11);
    if (ticket.canceled || order.status === 'CANCELED' || order.status === 'VOIDED')
      line('CANCELED: this ticket is not valid', bold, 16);
    if (ticket.policy) line(ticket.policy, regular, 9);
  }
  return pdf.save();
}

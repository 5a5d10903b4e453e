import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { ORDER_PAGE, useCheckIn, useTicketOrders } from '../api/events.ts';
import { describedBy, Field } from '../components/field.tsx';
import { Pager } from '../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { formatMoney } from '../lib/decimal.ts';
import { dateTime, label } from '../lib/labels.ts';

/**
 * The door: type a ticket number to check it in, or search a buyer's name (or an order or ticket
 * number) and check their tickets in one by one. Also the event's orders, newest first.
 */
export function EventOrders({ eventId, zone }: { eventId: string; zone?: string }) {
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState('');
  const [page, setPage] = useState(0);
  const [ticketNumber, setTicketNumber] = useState('');
  const orders = useTicketOrders(eventId, search, page);
  const checkIn = useCheckIn(eventId);
  const ticketError =
    checkIn.error instanceof ApiError
      ? (checkIn.error.fieldViolations[0]?.description ?? checkIn.error.message)
      : checkIn.error
        ? 'Could not check the ticket in.'
        : undefined;

  function submitTicket(event: FormEvent) {
    event.preventDefault();
    const number = ticketNumber.trim();
    if (!number) return;
    checkIn.mutate({ ticketNumber: number }, { onSuccess: () => setTicketNumber('') });
  }

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(0);
  }

  return (
    <>
      <section className="card" aria-labelledby="check-in-heading">
        <h2 id="check-in-heading">Check-in</h2>
        {checkIn.isSuccess ? (
          <p className="notice" role="status">
            {checkIn.variables.undo ? 'Check-in undone for' : 'Checked in:'} ticket{' '}
            {checkIn.variables.ticketNumber}
            {checkIn.data.tickets[0]
              ? ` (${checkIn.data.tickets[0].name}, ${checkIn.data.tickets[0].orderFullName})`
              : ''}
            .
          </p>
        ) : null}
        <form className="form-grid" onSubmit={submitTicket} noValidate>
          <Field id="ticket-number" label="Ticket number" error={ticketError}>
            <input
              {...describedBy('ticket-number', ticketError)}
              value={ticketNumber}
              autoComplete="off"
              onChange={(event) => setTicketNumber(event.target.value)}
            />
          </Field>
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={checkIn.isPending}>
              Check in
            </button>
          </div>
        </form>
      </section>

      <section className="card" aria-labelledby="orders-heading">
        <div className="page-head">
          <h2 id="orders-heading">Orders and tickets</h2>
          <search>
            <form className="search" onSubmit={submitSearch}>
              <label>
                <span className="visually-hidden">Search a name, order or ticket number</span>
                <input
                  type="search"
                  placeholder="Name, order or ticket"
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                />
              </label>
              <button type="submit" className="button">
                Search
              </button>
            </form>
          </search>
        </div>
        {orders.isPending ? (
          <Loading label="Loading orders…" />
        ) : orders.isError ? (
          <ErrorState error={orders.error} retry={() => void orders.refetch()} />
        ) : orders.data.orders.length === 0 ? (
          <Empty>{search ? `No order matches “${search}”.` : 'No tickets sold yet.'}</Empty>
        ) : (
          <>
            <div className="table-wrap" aria-busy={orders.isFetching}>
              <table className="table">
                <caption className="visually-hidden">Orders and their tickets, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Buyer</th>
                    <th scope="col">Status</th>
                    <th scope="col">Tickets</th>
                    <th scope="col" className="number">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {orders.data.orders.map((order) => (
                    <tr key={order.orderNumber}>
                      <td className="nowrap">
                        {order.orderNumber}
                        <span className="muted small"> {dateTime(order.created, zone)}</span>
                      </td>
                      <td className="break">
                        {order.fullName ?? '—'}
                        {order.email ? <span className="muted small"> {order.email}</span> : null}
                      </td>
                      <td>{label(order.status)}</td>
                      <td>
                        <ul className="tickets">
                          {(order.tickets ?? []).map((ticket) => (
                            <li key={ticket.ticketNumber}>
                              <span className="mono small">{ticket.ticketNumber}</span> {ticket.name}
                              {ticket.canceled ? (
                                <span className="badge badge-danger">Cancelled</span>
                              ) : ticket.checkIn ? (
                                <>
                                  <span className="badge badge-ok">
                                    In {dateTime(ticket.checkIn.created, zone)}
                                  </span>
                                  <button
                                    type="button"
                                    className="button button-small"
                                    aria-label={`Undo check-in of ${ticket.ticketNumber}`}
                                    disabled={checkIn.isPending}
                                    onClick={() =>
                                      checkIn.mutate({ ticketNumber: ticket.ticketNumber, undo: true })
                                    }
                                  >
                                    Undo
                                  </button>
                                </>
                              ) : (
                                <button
                                  type="button"
                                  className="button button-small"
                                  aria-label={`Check in ${ticket.ticketNumber}`}
                                  disabled={checkIn.isPending}
                                  onClick={() => checkIn.mutate({ ticketNumber: ticket.ticketNumber })}
                                >
                                  Check in
                                </button>
                              )}
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td className="number">
                        {formatMoney(order.totalPrice.amount, order.totalPrice.currency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={ORDER_PAGE}
              metadata={{ count: orders.data.orders.length, total: orders.data.total }}
              onPage={setPage}
              label="Ticket order pages"
            />
          </>
        )}
      </section>
    </>
  );
}

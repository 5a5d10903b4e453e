import styles from './account.module.css';
import {
  type AccountBooking,
  type AccountOrder,
  type AccountTicketOrder,
  dateText,
  type HostedAccount,
  statusText,
} from './types.ts';

/** The member's name and e-mail (ACCOUNT_INFO). */
export function ProfileSection({ member }: { member: HostedAccount['member'] }) {
  return (
    <dl className={styles.facts}>
      {member.name && (
        <>
          <dt>Name</dt>
          <dd>{member.name}</dd>
        </>
      )}
      <dt>E-mail</dt>
      <dd>{member.email}</dd>
    </dl>
  );
}

export function Empty({ children }: { children: string }) {
  return <p className={styles.empty}>{children}</p>;
}

/** The member's orders, newest first (ORDERS). */
export function OrdersSection({ orders }: { orders: AccountOrder[] }) {
  if (orders.length === 0) return <Empty>You have no orders yet.</Empty>;
  return (
    <ul className={styles.list}>
      {orders.map((order) => (
        <li key={order.id} className={styles.item}>
          <div className={styles.itemHead}>
            <h3 className={styles.itemTitle}>Order #{order.number}</h3>
            <span className={styles.amount}>{order.total}</span>
          </div>
          <p className={styles.meta}>
            {dateText(order.createdDate)} · {statusText(order.paymentStatus)}
            {order.status === 'CANCELED' ? ' · Canceled' : ''}
          </p>
          <ul className={styles.lines}>
            {order.items.map((item, index) => (
              // Lines have no id of their own here; their order is the order's.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={index}>
                {item.name}
                {item.quantity > 1 ? ` × ${item.quantity}` : ''}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** The member's bookings, latest first (BOOKINGS). */
export function BookingsSection({ bookings }: { bookings: AccountBooking[] }) {
  if (bookings.length === 0) return <Empty>You have no bookings yet.</Empty>;
  return (
    <ul className={styles.list}>
      {bookings.map((booking) => (
        <li key={booking.id} className={styles.item}>
          <div className={styles.itemHead}>
            <h3 className={styles.itemTitle}>{booking.title || 'Booking'}</h3>
            <span
              className={styles.badge}
              data-status={booking.status === 'CONFIRMED' ? 'ACTIVE' : undefined}
            >
              {statusText(booking.status)}
            </span>
          </div>
          <p className={styles.meta}>
            {dateText(booking.startDate, true)}
            {booking.participants > 1 ? ` · ${booking.participants} people` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The member's event tickets, by order (EVENTS). */
export function TicketsSection({ tickets }: { tickets: AccountTicketOrder[] }) {
  if (tickets.length === 0) return <Empty>You have no tickets yet.</Empty>;
  return (
    <ul className={styles.list}>
      {tickets.map((order) => (
        <li key={order.orderNumber} className={styles.item}>
          <div className={styles.itemHead}>
            <h3 className={styles.itemTitle}>{order.eventTitle}</h3>
            <span className={styles.badge}>{statusText(order.status)}</span>
          </div>
          <p className={styles.meta}>
            {order.eventDate ? `${dateText(order.eventDate, true)} · ` : ''}Order {order.orderNumber}
          </p>
          <ul className={styles.lines}>
            {order.tickets.map((ticket) => (
              <li key={ticket.ticketNumber}>
                {ticket.name} <span className={styles.muted}>({ticket.ticketNumber})</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

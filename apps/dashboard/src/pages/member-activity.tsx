import { DateTime } from 'luxon';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import {
  MEMBER_LIST_PAGE,
  useBenefitBalances,
  useMemberBookings,
  useMemberOrders,
  useMemberPlanOrders,
  useMemberTicketOrders,
} from '../api/member-page.ts';
import type { PagingMetadata } from '../api/types.ts';
import { Pager } from '../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { formatMoney } from '../lib/decimal.ts';
import { dateTime, label, tone } from '../lib/labels.ts';

type Listing<T> = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: T | undefined;
  refetch(): unknown;
};

/** A card of one kind of the member's activity, with its loading, empty and error states and paging. */
function ActivityCard<T>(props: {
  id: string;
  title: string;
  listing: Listing<T>;
  rows(data: T): ReactNode[];
  metadata(data: T): PagingMetadata;
  empty: string;
  head: string[];
  page: number;
  onPage(page: number): void;
}) {
  const { listing } = props;
  const rows = listing.data ? props.rows(listing.data) : [];
  return (
    <section className="card" aria-labelledby={props.id} aria-busy={listing.isFetching}>
      <h2 id={props.id}>{props.title}</h2>
      {listing.isPending ? (
        <Loading label={`Loading ${props.title.toLowerCase()}…`} />
      ) : listing.isError || !listing.data ? (
        <ErrorState error={listing.error} retry={() => void listing.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>{props.empty}</Empty>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{props.title}</caption>
              <thead>
                <tr>
                  {props.head.map((name) => (
                    <th key={name} scope="col">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>{rows}</tbody>
            </table>
          </div>
          {(props.metadata(listing.data).total ?? 0) > MEMBER_LIST_PAGE ? (
            <Pager
              page={props.page}
              pageSize={MEMBER_LIST_PAGE}
              metadata={props.metadata(listing.data)}
              onPage={props.onPage}
              label={`${props.title} pages`}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

/** Booking statuses the shared words do not name. */
const BOOKING_WORDS: Record<string, string> = {
  CREATED: 'Created',
  CONFIRMED: 'Confirmed',
  DECLINED: 'Declined',
  WAITING_LIST: 'Waiting list',
};

function Badge({ value }: { value: string }) {
  return <span className={`badge ${tone(value)}`}>{label(value)}</span>;
}

export function MemberOrders({ memberId, zone }: { memberId: string; zone?: string }) {
  const [page, setPage] = useState(0);
  return (
    <ActivityCard
      id="member-orders"
      title="Orders"
      listing={useMemberOrders(memberId, page)}
      head={['Order', 'Placed', 'Status', 'Payment', 'Total']}
      empty="No orders yet."
      metadata={(data) => data.metadata}
      page={page}
      onPage={setPage}
      rows={(data) =>
        data.orders.map((order) => (
          <tr key={order.id}>
            <td>
              <Link to={`/orders/${order.id}`}>#{order.number}</Link>
            </td>
            <td className="nowrap">{dateTime(order.createdDate, zone)}</td>
            <td>
              <Badge value={order.status} />
            </td>
            <td>
              <Badge value={order.paymentStatus} />
            </td>
            <td className="number">{order.priceSummary.total.formattedAmount}</td>
          </tr>
        ))
      }
    />
  );
}

export function MemberBookings({ memberId, zone }: { memberId: string; zone: string }) {
  const [page, setPage] = useState(0);
  return (
    <ActivityCard
      id="member-bookings"
      title="Bookings"
      listing={useMemberBookings(memberId, page)}
      head={['Service', 'When', 'Status', 'Payment']}
      empty="No bookings yet."
      metadata={(data) => data.pagingMetadata}
      page={page}
      onPage={setPage}
      rows={(data) =>
        data.extendedBookings.map(({ booking }) => {
          const week = DateTime.fromISO(booking.startDate, { zone }).toFormat('yyyy-MM-dd');
          return (
            <tr key={booking.id}>
              <td>{booking.bookedEntity.title ?? 'Booking'}</td>
              <td className="nowrap">
                <Link to={`/bookings/calendar?week=${week}`}>{dateTime(booking.startDate, zone)}</Link>
              </td>
              <td>
                <span
                  className={`badge ${booking.status === 'CONFIRMED' ? 'badge-ok' : tone(booking.status)}`}
                >
                  {BOOKING_WORDS[booking.status] ?? label(booking.status)}
                </span>
              </td>
              <td>{label(booking.paymentStatus)}</td>
            </tr>
          );
        })
      }
    />
  );
}

export function MemberTickets({ memberId, zone }: { memberId: string; zone?: string }) {
  const [page, setPage] = useState(0);
  return (
    <ActivityCard
      id="member-tickets"
      title="Tickets"
      listing={useMemberTicketOrders(memberId, page)}
      head={['Event', 'Order', 'Placed', 'Tickets', 'Status', 'Total']}
      empty="No tickets yet."
      metadata={(data) => ({ count: data.orders.length, total: data.total })}
      page={page}
      onPage={setPage}
      rows={(data) =>
        data.orders.map((order) => (
          <tr key={order.orderNumber}>
            <td>
              <Link to={`/events/${order.eventId}`}>{data.titles.get(order.eventId) ?? 'Event'}</Link>
            </td>
            <td className="mono">{order.orderNumber}</td>
            <td className="nowrap">{dateTime(order.created, zone)}</td>
            <td className="number">{order.ticketsQuantity}</td>
            <td>
              <Badge value={order.status} />
            </td>
            <td className="number">{formatMoney(order.totalPrice.amount, order.totalPrice.currency)}</td>
          </tr>
        ))
      }
    />
  );
}

export function MemberPlans({ memberId, zone }: { memberId: string; zone?: string }) {
  const [page, setPage] = useState(0);
  return (
    <ActivityCard
      id="member-plans"
      title="Plans"
      listing={useMemberPlanOrders(memberId, page)}
      head={['Plan', 'Status', 'Started', 'Next charge', 'Ends']}
      empty="No plans yet."
      metadata={(data) => data.pagingMetadata}
      page={page}
      onPage={setPage}
      rows={(data) =>
        data.orders.map((order) => (
          <tr key={order.id}>
            <td>{order.planName}</td>
            <td>
              <Badge value={order.status} />
            </td>
            <td className="nowrap">{dateTime(order.startDate, zone)}</td>
            <td className="nowrap">{order.nextChargeDate ? dateTime(order.nextChargeDate, zone) : '—'}</td>
            <td className="nowrap">{order.endDate ? dateTime(order.endDate, zone) : 'No end'}</td>
          </tr>
        ))
      }
    />
  );
}

const BENEFIT_APPS: Record<string, string> = {
  '13d21c63-b5ec-5912-8397-c3a5ddb27a97': 'Bookings',
  '140603ad-af8d-84a5-2c80-a0f60cb47351': 'Event tickets',
};

/** What the member's valid plans still give: credits left this cycle, or unlimited. */
export function MemberBenefits({ memberId, zone }: { memberId: string; zone?: string }) {
  const balances = useBenefitBalances(memberId);
  return (
    <section className="card" aria-labelledby="member-benefits" aria-busy={balances.isFetching}>
      <h2 id="member-benefits">Plan benefits</h2>
      {balances.isPending ? (
        <Loading label="Loading plan benefits…" />
      ) : balances.isError ? (
        <ErrorState error={balances.error} retry={() => void balances.refetch()} />
      ) : balances.data.length === 0 ? (
        <Empty>No valid plan gives them benefits.</Empty>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Plan benefits</caption>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">For</th>
                <th scope="col">Left this cycle</th>
                <th scope="col">Until</th>
              </tr>
            </thead>
            <tbody>
              {balances.data.map((balance) => (
                <tr key={`${balance.planOrderId}-${balance.benefit.id}`}>
                  <td>{balance.planName}</td>
                  <td>{BENEFIT_APPS[balance.benefit.appDefId] ?? balance.benefit.appDefId}</td>
                  <td>
                    {balance.credits
                      ? `${balance.credits.remaining} of ${balance.credits.total}`
                      : label(balance.benefit.benefitType)}
                  </td>
                  <td className="nowrap">
                    {balance.expirationDate ? dateTime(balance.expirationDate, zone) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

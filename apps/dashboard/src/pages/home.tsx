import { Link } from 'react-router';
import { usePendingApprovals, useUpcomingBookings, useUpcomingEvents } from '../api/home.ts';
import { type SalesPeriod, useSalesSummary } from '../api/orders.ts';
import { LOW_STOCK, useLowStock, useSite } from '../api/store.ts';
import { RevenueChart } from '../components/bar-chart.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { dateTime, label, tone } from '../lib/labels.ts';
import { verticalLabel } from '../lib/verticals.ts';

const TITLES: Record<number, string> = { 1: 'Today', 7: 'Last 7 days', 30: 'Last 30 days' };

function FigureCard({ title, period }: { title: string; period: SalesPeriod }) {
  return (
    <section className="card figure" aria-label={title}>
      <h2>{title}</h2>
      <dl>
        <div>
          <dt>Orders</dt>
          <dd data-testid={`${title}-orders`}>{period.orders}</dd>
        </div>
        <div>
          <dt>Revenue</dt>
          <dd data-testid={`${title}-revenue`}>{period.revenue.formattedAmount}</dd>
        </div>
        <div>
          <dt>Average order</dt>
          <dd data-testid={`${title}-average`}>{period.averageOrder.formattedAmount}</dd>
        </div>
      </dl>
      {period.byCatalog.length > 0 ? (
        <ul className="list small" aria-label={`${title} by vertical`}>
          {period.byCatalog.map((entry) => (
            <li key={entry.appId} data-testid={`${title}-${verticalLabel(entry.appId)}`}>
              <span>{verticalLabel(entry.appId)}</span>
              <span className="muted">
                {entry.orders} {entry.orders === 1 ? 'order' : 'orders'} · {entry.revenue.formattedAmount}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Sales of today, 7 and 30 days and revenue by day, as the server computes them in the site's time zone. */
function Sales() {
  const summary = useSalesSummary();
  if (summary.isPending) return <Loading label="Loading sales…" />;
  if (summary.isError) return <ErrorState error={summary.error} retry={() => void summary.refetch()} />;
  const { periods, days, currency } = summary.data;
  const month = periods.find((period) => period.days === 30);
  return (
    <>
      <div className="figures">
        {periods.map((period) => (
          <FigureCard
            key={period.days}
            title={TITLES[period.days] ?? `${period.days} days`}
            period={period}
          />
        ))}
      </div>
      <section className="card">
        <h2>Revenue by day</h2>
        {!month || month.orders === 0 ? (
          <Empty>No orders in the last 30 days.</Empty>
        ) : (
          <RevenueChart
            days={days.map((day) => ({ day: day.date, revenue: day.revenue.amount, orders: day.orders }))}
            currency={currency}
          />
        )}
      </section>
    </>
  );
}

function Agenda({ bookings, events }: { bookings: boolean; events: boolean }) {
  const zone = useSite().data?.timeZone;
  const upcomingBookings = useUpcomingBookings(bookings);
  const upcomingEvents = useUpcomingEvents(events);
  const approvals = usePendingApprovals(bookings);
  return (
    <div className="grid-2">
      <section className="card">
        <h2>Waiting for approval</h2>
        {approvals.isPending ? (
          <Loading />
        ) : approvals.isError ? (
          <ErrorState error={approvals.error} retry={() => void approvals.refetch()} />
        ) : (
          <ul className="list">
            <li>
              <Link to="/members?status=PENDING">Members</Link>
              <span
                className={`badge ${approvals.data.members > 0 ? 'badge-warn' : ''}`}
                data-testid="pending-members"
              >
                {approvals.data.members}
              </span>
            </li>
            {approvals.data.bookings === undefined ? null : (
              <li>
                <Link to="/bookings/approvals">Bookings</Link>
                <span
                  className={`badge ${approvals.data.bookings > 0 ? 'badge-warn' : ''}`}
                  data-testid="pending-bookings"
                >
                  {approvals.data.bookings}
                </span>
              </li>
            )}
          </ul>
        )}
      </section>
      {bookings ? (
        <section className="card">
          <h2>Upcoming bookings</h2>
          {upcomingBookings.isPending ? (
            <Loading />
          ) : upcomingBookings.isError ? (
            <ErrorState error={upcomingBookings.error} retry={() => void upcomingBookings.refetch()} />
          ) : upcomingBookings.data.length === 0 ? (
            <Empty>No bookings ahead.</Empty>
          ) : (
            <ul className="list">
              {upcomingBookings.data.map((booking) => (
                <li key={booking.id}>
                  <span>
                    {booking.bookedEntity?.title ?? 'Booking'}
                    <span className="muted small">
                      {' '}
                      {[booking.contactDetails?.firstName, booking.contactDetails?.lastName]
                        .filter(Boolean)
                        .join(' ')}
                    </span>
                  </span>
                  <span className="muted">{dateTime(booking.startDate, zone)}</span>
                  {booking.status === 'PENDING' ? (
                    <span className={`badge ${tone(booking.status)}`}>{label(booking.status)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {events ? (
        <section className="card">
          <h2>Upcoming events</h2>
          {upcomingEvents.isPending ? (
            <Loading />
          ) : upcomingEvents.isError ? (
            <ErrorState error={upcomingEvents.error} retry={() => void upcomingEvents.refetch()} />
          ) : upcomingEvents.data.length === 0 ? (
            <Empty>No events ahead.</Empty>
          ) : (
            <ul className="list">
              {upcomingEvents.data.map((event) => (
                <li key={event.id}>
                  <Link to={`/events/${event.id}`}>{event.title}</Link>
                  <span className="muted">
                    {event.dateAndTimeSettings.startDate
                      ? dateTime(event.dateAndTimeSettings.startDate, zone)
                      : 'Date to be announced'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

function LowStock() {
  const products = useLowStock();
  return (
    <section className="card">
      <h2>Low stock</h2>
      <p className="muted">Products with {LOW_STOCK} or fewer in stock.</p>
      {products.isPending ? (
        <Loading />
      ) : products.isError ? (
        <ErrorState error={products.error} retry={() => void products.refetch()} />
      ) : products.data.length === 0 ? (
        <Empty>Every counted product has more than {LOW_STOCK} in stock.</Empty>
      ) : (
        <ul className="list">
          {products.data.map((product) => (
            <li key={product.id}>
              <span>{product.name}</span>
              <span className={product.stock.quantity === 0 ? 'badge badge-danger' : 'badge badge-warn'}>
                {product.stock.quantity ?? 0} left
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The owner's morning: sales, approvals, the next bookings and events, low stock. */
export function Home() {
  const site = useSite();
  const apps = site.data?.installedApps ?? [];
  return (
    <>
      <div className="page-head">
        <h1>Home</h1>
        <Link to="/orders" className="button">
          All orders
        </Link>
      </div>
      <Sales />
      {site.data ? <Agenda bookings={apps.includes('bookings')} events={apps.includes('events')} /> : null}
      <LowStock />
    </>
  );
}

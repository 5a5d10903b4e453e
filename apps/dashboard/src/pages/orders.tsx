import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ORDERS_PAGE, useOrderSearch } from '../api/orders.ts';
import { useSite } from '../api/store.ts';
import { Pager } from '../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { dateTime, label, tone } from '../lib/labels.ts';
import {
  filtersFromParams,
  filtersToParams,
  hasFilters,
  type OrderFilters,
  orderFilter,
} from '../lib/order-filter.ts';
import { verticalLabel } from '../lib/verticals.ts';
import { ExportOrders } from './orders-export.tsx';
import { OrderFiltersForm } from './orders-filters.tsx';
import './orders.css';

/** An e-mail address that may wrap before its `@` on a narrow screen, never elsewhere. */
function Email({ address }: { address: string | undefined }) {
  if (!address) return <>—</>;
  const at = address.lastIndexOf('@');
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

/**
 * Orders, newest first, filtered and paged by the server (status, payment, what they sell, the days
 * they were placed, the buyer's e-mail or the number); filters and page live in the URL.
 */
export function Orders() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const site = useSite();
  const zone = site.data?.timeZone;
  const filter = useMemo(() => (zone ? orderFilter(filters, zone) : {}), [filters, zone]);
  // The dates are the site's days: the list waits for its time zone.
  const orders = useOrderSearch(filter, page, zone !== undefined);
  const go = (next: OrderFilters, nextPage = 0) =>
    setParams({ ...filtersToParams(next), ...(nextPage > 0 ? { page: String(nextPage) } : {}) });

  return (
    <>
      <div className="page-head">
        <h1>Orders</h1>
        {zone ? <ExportOrders filter={filter} /> : null}
      </div>
      <OrderFiltersForm filters={filters} onChange={(next) => go(next)} />
      <section className="card" aria-busy={orders.isFetching}>
        {site.isError ? (
          <ErrorState error={site.error} retry={() => void site.refetch()} />
        ) : orders.isPending ? (
          <Loading label="Loading orders…" />
        ) : orders.isError ? (
          <ErrorState error={orders.error} retry={() => void orders.refetch()} />
        ) : orders.data.orders.length === 0 ? (
          <Empty>{hasFilters(filters) ? 'No order matches these filters.' : 'No orders yet.'}</Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table orders-table">
                <caption className="visually-hidden">Orders, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Placed</th>
                    <th scope="col">Buyer</th>
                    <th scope="col">Sells</th>
                    <th scope="col">Payment</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="number">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {orders.data.orders.map((order) => (
                    <tr key={order.id}>
                      <td>
                        <Link to={`/orders/${order.id}`}>#{order.number}</Link>
                      </td>
                      <td className="nowrap">{dateTime(order.createdDate, zone)}</td>
                      <td>
                        <Email address={order.buyerInfo.email} />
                      </td>
                      <td>
                        {[
                          ...new Set(
                            order.lineItems.map((line) => verticalLabel(line.catalogReference?.appId ?? '')),
                          ),
                        ].join(', ')}
                      </td>
                      <td>
                        <span className={`badge ${tone(order.paymentStatus)}`}>
                          {label(order.paymentStatus)}
                        </span>
                      </td>
                      <td>
                        <span className={`badge ${tone(order.status)}`}>{label(order.status)}</span>
                      </td>
                      <td className="number">{order.priceSummary.total.formattedAmount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={ORDERS_PAGE}
              metadata={orders.data.metadata}
              onPage={(next) => go(filters, next)}
              label="Order pages"
            />
          </>
        )}
      </section>
    </>
  );
}

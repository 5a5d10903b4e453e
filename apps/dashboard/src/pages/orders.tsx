import { Link, useSearchParams } from 'react-router';
import { PAGE_SIZE, useOrders, useSite } from '../api/store.ts';
import { Pager } from '../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { dateTime, label, ORDER_STATUSES, tone } from '../lib/labels.ts';

/** Orders, newest first, filtered by status and paged by the server; filter and page live in the URL. */
export function Orders() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const orders = useOrders(status, page);
  const site = useSite();
  const go = (next: { status?: string; page?: number }) => {
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? page;
    setParams({
      ...(nextStatus ? { status: nextStatus } : {}),
      ...(nextPage > 0 ? { page: String(nextPage) } : {}),
    });
  };

  return (
    <>
      <div className="page-head">
        <h1>Orders</h1>
        <label className="inline-field">
          <span>Status</span>
          <select value={status} onChange={(event) => go({ status: event.target.value, page: 0 })}>
            {ORDER_STATUSES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <section className="card" aria-busy={orders.isFetching}>
        {orders.isPending ? (
          <Loading label="Loading orders…" />
        ) : orders.isError ? (
          <ErrorState error={orders.error} retry={() => void orders.refetch()} />
        ) : orders.data.orders.length === 0 ? (
          <Empty>{status ? 'No orders with this status.' : 'No orders yet.'}</Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Orders, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Placed</th>
                    <th scope="col">Buyer</th>
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
                      <td className="nowrap">{dateTime(order.createdDate, site.data?.timeZone)}</td>
                      <td>{order.buyerInfo.email ?? '—'}</td>
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
              pageSize={PAGE_SIZE}
              metadata={orders.data.metadata}
              onPage={(next) => go({ page: next })}
              label="Order pages"
            />
          </>
        )}
      </section>
    </>
  );
}

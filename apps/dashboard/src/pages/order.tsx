import { Link, useParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { useOrder, useSite } from '../api/store.ts';
import type { Address, Contact } from '../api/types.ts';
import { ErrorState, Loading } from '../components/states.tsx';
import { dateTime, label, tone } from '../lib/labels.ts';
import { verticalLabel } from '../lib/verticals.ts';
import { OrderActions } from './order-actions.tsx';
import './orders.css';

function AddressBlock({
  title,
  info,
}: {
  title: string;
  info?: { address?: Address; contactDetails?: Contact };
}) {
  const contact = info?.contactDetails;
  const address = info?.address;
  const lines = [
    [contact?.firstName, contact?.lastName].filter(Boolean).join(' '),
    contact?.company,
    address?.addressLine,
    address?.addressLine2,
    [address?.postalCode, address?.city].filter(Boolean).join(' '),
    [address?.subdivision, address?.country].filter(Boolean).join(', '),
    contact?.phone,
  ].filter((line): line is string => Boolean(line));
  return (
    <section className="card">
      <h2>{title}</h2>
      {lines.length === 0 ? (
        <p className="muted">None given.</p>
      ) : (
        <address>
          {lines.map((line) => (
            <span key={line} className="address-line">
              {line}
            </span>
          ))}
        </address>
      )}
    </section>
  );
}

/**
 * One order: lines, buyer, addresses, payments and history; mark paid or capture, resend the
 * confirmation e-mail, cancel with or without restock (order-actions.tsx).
 */
export function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const site = useSite();

  if (order.isPending) return <Loading label="Loading the order…" />;
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <>
        <h1>{missing ? 'Order not found' : 'Order'}</h1>
        {missing ? (
          <p>No order of this site has this id.</p>
        ) : (
          <ErrorState error={order.error} retry={() => void order.refetch()} />
        )}
        <Link to="/orders">Back to orders</Link>
      </>
    );
  }
  const o = order.data;
  const zone = site.data?.timeZone;
  return (
    <>
      <p>
        <Link to="/orders">← Orders</Link>
      </p>
      <div className="page-head">
        <h1>Order #{o.number}</h1>
        <span className={`badge ${tone(o.status)}`} data-testid="order-status">
          {label(o.status)}
        </span>
        <span className={`badge ${tone(o.paymentStatus)}`} data-testid="payment-status">
          {label(o.paymentStatus)}
        </span>
        <OrderActions order={o} />
      </div>
      <p className="muted">Placed {dateTime(o.createdDate, zone)}</p>

      <section className="card">
        <h2>Items</h2>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="number">
                  Price
                </th>
                <th scope="col" className="number">
                  Quantity
                </th>
                <th scope="col" className="number">
                  Total with tax
                </th>
              </tr>
            </thead>
            <tbody>
              {o.lineItems.map((line) => (
                <tr key={line.id}>
                  <td>
                    {line.productName.original}
                    <span className="muted small">
                      {' '}
                      · {verticalLabel(line.catalogReference?.appId ?? '')}
                    </span>
                    {line.descriptionLines.length > 0 ? (
                      <span className="muted small">
                        {' '}
                        {line.descriptionLines
                          .map(
                            (d) =>
                              `${d.name?.original ?? ''}: ${d.plainText?.original ?? d.colorInfo?.original ?? ''}`,
                          )
                          .join(', ')}
                      </span>
                    ) : null}
                  </td>
                  <td className="number">{line.price.formattedAmount}</td>
                  <td className="number">{line.quantity}</td>
                  <td className="number">{line.totalPriceAfterTax.formattedAmount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="summary">
          <div>
            <dt>Subtotal</dt>
            <dd>{o.priceSummary.subtotal.formattedAmount}</dd>
          </div>
          <div>
            <dt>Shipping{o.shippingInfo ? ` (${o.shippingInfo.title})` : ''}</dt>
            <dd>{o.priceSummary.shipping.formattedAmount}</dd>
          </div>
          <div>
            <dt>Tax</dt>
            <dd>{o.priceSummary.tax.formattedAmount}</dd>
          </div>
          <div>
            <dt>Discount</dt>
            <dd>{o.priceSummary.discount.formattedAmount}</dd>
          </div>
          <div className="summary-total">
            <dt>Total</dt>
            <dd>{o.priceSummary.total.formattedAmount}</dd>
          </div>
        </dl>
      </section>

      <div className="grid-2">
        <section className="card">
          <h2>Buyer</h2>
          <p>{o.buyerInfo.email ?? 'No e-mail given'}</p>
          <p className="muted small">{o.buyerInfo.memberId ? 'Site member' : 'Visitor'}</p>
        </section>
        <AddressBlock title="Shipping address" info={o.recipientInfo} />
        <AddressBlock title="Billing address" info={o.billingInfo} />
        <section className="card">
          <h2>Payments</h2>
          {o.payments.length === 0 ? (
            <p className="muted">No payment recorded.</p>
          ) : (
            <ul className="list">
              {o.payments.map((payment) => (
                <li key={payment.id}>
                  <span>
                    {payment.provider === 'offline' ? 'Offline' : 'Card'}
                    {payment.card ? ` ${payment.card.brand} •••• ${payment.card.last4}` : ''}
                  </span>
                  <span>{payment.amount.formattedAmount}</span>
                  <span className={`badge ${tone(payment.status)}`}>{label(payment.status)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section className="card">
        <h2>History</h2>
        <ol className="list">
          {o.activities.map((activity) => (
            <li key={`${activity.type}-${activity.createdDate}`}>
              <span>{label(activity.type)}</span>
              <span className="muted">{dateTime(activity.createdDate, zone)}</span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

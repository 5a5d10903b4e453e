import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { MEMBERSHIP_PAGE, type PlanOrder, useCancelPlanOrder, usePlanOrders } from '../api/plans.ts';
import { useSite } from '../api/store.ts';
import { ConfirmDialog } from '../components/confirm.tsx';
import { Pager } from '../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { formatMoney } from '../lib/decimal.ts';
import { dateTime, label, tone } from '../lib/labels.ts';

const STATUSES = [
  { value: '', label: 'All memberships' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'PAUSED', label: 'Paused' },
  { value: 'ENDED', label: 'Ended' },
  { value: 'CANCELED', label: 'Cancelled' },
];

const live = (order: PlanOrder) => ['ACTIVE', 'PENDING', 'PAUSED', 'DRAFT'].includes(order.status);

/** Plan orders (memberships) with their status and next charge; cancel now or at the end of the cycle. */
export function Memberships() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const orders = usePlanOrders(status, page);
  const zone = useSite().data?.timeZone;
  const cancel = useCancelPlanOrder();
  const [asking, setAsking] = useState<PlanOrder | undefined>();
  const [atCycleEnd, setAtCycleEnd] = useState(false);
  const go = (nextStatus: string, next: number) =>
    setParams({ ...(nextStatus ? { status: nextStatus } : {}), ...(next > 0 ? { page: String(next) } : {}) });

  return (
    <>
      <div className="page-head">
        <h1>Memberships</h1>
        <label className="inline-field">
          <span>Status</span>
          <select value={status} onChange={(event) => go(event.target.value, 0)}>
            {STATUSES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {cancel.isSuccess ? (
        <p className="notice" role="status">
          The membership is cancelled
          {cancel.variables?.effectiveAt === 'NEXT_PAYMENT_DATE' ? ' from its next payment date' : ''}.
        </p>
      ) : null}
      <section className="card" aria-busy={orders.isFetching}>
        {orders.isPending ? (
          <Loading label="Loading memberships…" />
        ) : orders.isError ? (
          <ErrorState error={orders.error} retry={() => void orders.refetch()} />
        ) : orders.data.orders.length === 0 ? (
          <Empty>{status ? 'No memberships with this status.' : 'Nobody has bought a plan yet.'}</Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Memberships, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Plan</th>
                    <th scope="col">Member id</th>
                    <th scope="col">Status</th>
                    <th scope="col">Payment</th>
                    <th scope="col">Started</th>
                    <th scope="col">Next charge</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {orders.data.orders.map((order) => {
                    const price = order.pricing.prices[0]?.price;
                    return (
                      <tr key={order.id}>
                        <td>
                          {order.planName}
                          {price ? (
                            <span className="muted small"> {formatMoney(price.total, price.currency)}</span>
                          ) : null}
                        </td>
                        <td className="mono small">{order.buyer.memberId.slice(0, 8)}</td>
                        <td>
                          <span className={`badge ${tone(order.status)}`}>{label(order.status)}</span>
                          {order.autoRenewCanceled && order.status === 'ACTIVE' ? (
                            <span className="muted small"> ends at cycle end</span>
                          ) : null}
                        </td>
                        <td>{label(order.lastPaymentStatus)}</td>
                        <td className="nowrap">{dateTime(order.startDate, zone)}</td>
                        <td className="nowrap">
                          {order.nextChargeDate ? dateTime(order.nextChargeDate, zone) : '—'}
                        </td>
                        <td className="actions">
                          {live(order) ? (
                            <button
                              type="button"
                              className="button button-danger"
                              aria-label={`Cancel ${order.planName} membership ${order.buyer.memberId.slice(0, 8)}`}
                              onClick={() => {
                                cancel.reset();
                                setAtCycleEnd(false);
                                setAsking(order);
                              }}
                            >
                              Cancel
                            </button>
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={MEMBERSHIP_PAGE}
              metadata={orders.data.pagingMetadata}
              onPage={(next) => go(status, next)}
              label="Membership pages"
            />
          </>
        )}
      </section>
      <ConfirmDialog
        open={asking !== undefined}
        title={`Cancel this ${asking?.planName ?? ''} membership?`}
        confirmLabel="Cancel membership"
        cancelLabel="Keep membership"
        busy={cancel.isPending}
        onCancel={() => setAsking(undefined)}
        onConfirm={() =>
          asking &&
          cancel.mutate(
            { id: asking.id, effectiveAt: atCycleEnd ? 'NEXT_PAYMENT_DATE' : 'IMMEDIATELY' },
            { onSuccess: () => setAsking(undefined) },
          )
        }
      >
        <p>The member loses what the plan gives. This cannot be undone.</p>
        {asking?.pricing.subscription ? (
          <label className="check">
            <input
              type="checkbox"
              checked={atCycleEnd}
              onChange={(event) => setAtCycleEnd(event.target.checked)}
            />
            Wait until the end of the paid cycle
          </label>
        ) : null}
        {cancel.isError ? (
          <p className="form-error" role="alert">
            {cancel.error instanceof ApiError ? cancel.error.message : 'Could not cancel the membership.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

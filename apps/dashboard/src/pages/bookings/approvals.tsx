import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { APPROVAL_PAGE, type Booking, useBookingAction, usePendingBookings } from '../../api/bookings.ts';
import { ApiError } from '../../api/client.ts';
import { useSite } from '../../api/store.ts';
import { ConfirmDialog } from '../../components/confirm.tsx';
import { Pager } from '../../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { customerOf, paymentOf, timeRange } from '../../lib/bookings.ts';

/** Bookings of services with manual approval, soonest first: approve, or decline after asking. */
export function Approvals() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const pending = usePendingBookings(page);
  const zone = useSite().data?.timeZone ?? 'UTC';
  const action = useBookingAction();
  const [declining, setDeclining] = useState<Booking | undefined>();
  const done = action.isSuccess && !declining ? action.variables : undefined;

  return (
    <>
      <div className="page-head">
        <h1>Approvals</h1>
      </div>
      {done ? (
        <p className="notice" role="status">
          {done.booking.bookedEntity.title} at {timeRange(done.booking.startDate, done.booking.endDate, zone)}{' '}
          is {done.action === 'confirm' ? 'approved' : 'declined'}.
        </p>
      ) : null}
      {action.isError && !declining ? (
        <p className="form-error" role="alert">
          {action.error instanceof ApiError ? action.error.message : 'Could not change the booking.'}
        </p>
      ) : null}
      <section className="card" aria-busy={pending.isFetching}>
        {pending.isPending ? (
          <Loading label="Loading bookings waiting for approval…" />
        ) : pending.isError ? (
          <ErrorState error={pending.error} retry={() => void pending.refetch()} />
        ) : pending.data.extendedBookings.length === 0 ? (
          <Empty>No booking is waiting for your approval.</Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Bookings waiting for approval, soonest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Service</th>
                    <th scope="col">Staff</th>
                    <th scope="col">Customer</th>
                    <th scope="col">Payment</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {pending.data.extendedBookings.map(({ booking }) => {
                    const what = `${booking.bookedEntity.title} at ${timeRange(booking.startDate, booking.endDate, zone)}`;
                    return (
                      <tr key={booking.id} data-testid={`pending-${booking.id}`}>
                        <td>{timeRange(booking.startDate, booking.endDate, zone)}</td>
                        <td>{booking.bookedEntity.title}</td>
                        <td>{booking.bookedEntity.slot.resource?.name ?? '—'}</td>
                        <td className="break">{customerOf(booking)}</td>
                        <td>{paymentOf(booking)}</td>
                        <td className="actions">
                          <button
                            type="button"
                            className="button button-primary"
                            aria-label={`Approve ${what}`}
                            disabled={action.isPending}
                            onClick={() => action.mutate({ action: 'confirm', booking })}
                          >
                            Approve
                          </button>
                          <button
                            type="button"
                            className="button button-danger"
                            aria-label={`Decline ${what}`}
                            disabled={action.isPending}
                            onClick={() => {
                              action.reset();
                              setDeclining(booking);
                            }}
                          >
                            Decline
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={APPROVAL_PAGE}
              metadata={pending.data.pagingMetadata}
              onPage={(next) => setParams(next > 0 ? { page: String(next) } : {})}
              label="Approval pages"
            />
          </>
        )}
      </section>
      <ConfirmDialog
        open={declining !== undefined}
        title="Decline this booking?"
        confirmLabel="Decline booking"
        cancelLabel="Keep it waiting"
        busy={action.isPending}
        onCancel={() => setDeclining(undefined)}
        onConfirm={() =>
          declining &&
          action.mutate(
            { action: 'decline', booking: declining },
            { onSuccess: () => setDeclining(undefined) },
          )
        }
      >
        <p>
          {declining
            ? `${declining.bookedEntity.title} at ${timeRange(declining.startDate, declining.endDate, zone)} for ${customerOf(declining)}. `
            : ''}
          The slot is freed for others. This cannot be undone.
        </p>
        {action.isError ? (
          <p className="form-error" role="alert">
            {action.error instanceof ApiError ? action.error.message : 'Could not decline the booking.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

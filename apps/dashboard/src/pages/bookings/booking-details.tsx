import { DateTime } from 'luxon';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type Booking, useAvailability, useBookingAction } from '../../api/bookings.ts';
import { ApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/confirm.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { BOOKING_STATUS, customerOf, paymentOf, timeRange } from '../../lib/bookings.ts';

const message = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** Free slots of the booking's service on one day, to move it to. */
function Reschedule({
  booking,
  zone,
  onMoved,
}: {
  booking: Booking;
  zone: string;
  onMoved(b: Booking): void;
}) {
  const [date, setDate] = useState(() => DateTime.fromISO(booking.startDate, { zone }).toISODate()!);
  const [picked, setPicked] = useState<number | undefined>();
  const move = useBookingAction();
  const day = DateTime.fromISO(date, { zone });
  const from = day.isValid ? day.toUTC().toISO()! : '';
  const to = day.isValid ? day.plus({ days: 1 }).toUTC().toISO()! : '';
  const slots = useAvailability(booking.bookedEntity.slot.serviceId, from, to, zone, day.isValid);
  const entries = slots.data ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    const entry = picked === undefined ? undefined : entries[picked];
    if (!entry) return;
    move.mutate(
      { action: 'reschedule', booking, slot: entry.slot },
      { onSuccess: ({ booking: b }) => onMoved(b) },
    );
  }

  return (
    <form onSubmit={submit} aria-labelledby="reschedule-title" noValidate>
      <h3 id="reschedule-title">Reschedule</h3>
      <div className="field">
        <label htmlFor="reschedule-day">Day</label>
        <input
          id="reschedule-day"
          type="date"
          value={date}
          onChange={(event) => {
            setDate(event.target.value);
            setPicked(undefined);
            move.reset();
          }}
        />
      </div>
      {!day.isValid ? (
        <p className="field-error">Pick a day.</p>
      ) : slots.isPending ? (
        <Loading label="Looking for free slots…" />
      ) : slots.isError ? (
        <ErrorState error={slots.error} retry={() => void slots.refetch()} />
      ) : entries.length === 0 ? (
        <Empty>No free slot that day.</Empty>
      ) : (
        <fieldset className="slots">
          <legend className="visually-hidden">Free slots on {day.toFormat('ccc d LLL')}</legend>
          {entries.map((entry, i) => {
            const start = entry.slot.startDate.slice(11, 16);
            const who = entry.slot.resource?.name;
            return (
              <label key={`${entry.slot.startDate}-${entry.slot.resource?.id ?? ''}`}>
                <input
                  type="radio"
                  name="slot"
                  checked={picked === i}
                  onChange={() => {
                    setPicked(i);
                    move.reset();
                  }}
                />
                {start}
                {who ? ` · ${who}` : ''}
              </label>
            );
          })}
        </fieldset>
      )}
      {move.isError ? (
        <p className="form-error" role="alert">
          {message(move.error, 'Could not move the booking.')}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button-primary"
        disabled={picked === undefined || move.isPending}
      >
        {move.isPending ? 'Moving…' : 'Move booking'}
      </button>
    </form>
  );
}

/** One booking of the calendar: who, what, when, status and payment; cancel (after asking) or move it. */
export function BookingDetails(props: {
  booking: Booking;
  zone: string;
  onClose(): void;
  onChanged(booking: Booking): void;
}) {
  const { booking, zone } = props;
  const cancel = useBookingAction();
  const [asking, setAsking] = useState(false);
  const [moved, setMoved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a booking takes keyboard and screen-reader users to it.
  useEffect(() => heading.current?.focus(), []);
  const live = booking.status === 'CONFIRMED' || booking.status === 'PENDING';
  const slot = booking.bookedEntity.slot;

  return (
    <section className="card" aria-labelledby="booking-title" data-testid="booking-details">
      <div className="page-head">
        <h2 id="booking-title" tabIndex={-1} ref={heading}>
          {booking.bookedEntity.title ?? 'Booking'}
        </h2>
        <span className={`badge ${BOOKING_STATUS[booking.status].tone}`}>
          {BOOKING_STATUS[booking.status].word}
        </span>
        <button type="button" className="button push-right" onClick={props.onClose}>
          Close
        </button>
      </div>
      {booking.status === 'CANCELED' ? (
        <p className="notice" role="status">
          The booking is cancelled and its slot is free again.
        </p>
      ) : moved ? (
        <p className="notice" role="status">
          The booking is moved to {timeRange(booking.startDate, booking.endDate, zone)}.
        </p>
      ) : null}
      <dl className="facts">
        <div>
          <dt>Customer</dt>
          <dd>{customerOf(booking)}</dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>{timeRange(booking.startDate, booking.endDate, zone)}</dd>
        </div>
        <div>
          <dt>Staff</dt>
          <dd>{slot.resource?.name ?? '—'}</dd>
        </div>
        <div>
          <dt>Participants</dt>
          <dd>{booking.totalParticipants}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{paymentOf(booking)}</dd>
        </div>
      </dl>
      {live ? (
        <>
          <div className="spaced">
            <button
              type="button"
              className="button button-danger"
              onClick={() => {
                cancel.reset();
                setAsking(true);
              }}
            >
              Cancel booking
            </button>
          </div>
          <div className="spaced">
            <Reschedule
              booking={booking}
              zone={zone}
              onMoved={(b) => {
                setMoved(true);
                props.onChanged(b);
              }}
            />
          </div>
        </>
      ) : null}
      <ConfirmDialog
        open={asking}
        title="Cancel this booking?"
        confirmLabel="Cancel booking"
        cancelLabel="Keep booking"
        busy={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          cancel.mutate(
            { action: 'cancel', booking },
            {
              onSuccess: ({ booking: b }) => {
                setAsking(false);
                props.onChanged(b);
              },
            },
          )
        }
      >
        <p>
          {booking.bookedEntity.title} at {timeRange(booking.startDate, booking.endDate, zone)} for{' '}
          {customerOf(booking)}. The slot is freed for others; a payment is not refunded here.
        </p>
        {cancel.isError ? (
          <p className="form-error" role="alert">
            {message(cancel.error, 'Could not cancel the booking.')}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api.ts';
import { SecondaryButton } from '../../components/form.tsx';
import { withSession } from '../../hooks/use-flow.ts';
import { buyerZone, dayText, groupByStaff, type HostedSlot, timeText } from '../../lib/bookings.ts';
import styles from './book.module.css';
import { bookSlot, type DaySlots, loadSlots } from './types.ts';

type Slots =
  | { status: 'loading'; shown?: DaySlots | undefined }
  | { status: 'ready'; shown: DaySlots }
  | { status: 'error'; message: string };

const slotKey = (slot: HostedSlot) => `${slot.startDate}|${slot.resource?.id ?? ''}`;

/**
 * The next 14 days and the chosen day's open slots in the buyer's zone, grouped per staff member when
 * several give them. Picking one holds it and opens the session's checkout; one taken meanwhile is
 * said so, with the next free ones.
 */
export function SlotPicker({ sessionId }: { sessionId: string }) {
  const zone = useMemo(buyerZone, []);
  const navigate = useNavigate();
  const [date, setDate] = useState<string | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const [slots, setSlots] = useState<Slots>({ status: 'loading' });
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const [taken, setTaken] = useState<HostedSlot[] | undefined>(undefined);
  const [bookError, setBookError] = useState<string | undefined>(undefined);
  const notice = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (a retry, a slot taken) loads the day again
  useEffect(() => {
    let live = true;
    setSlots((now) => ({ status: 'loading', shown: now.status === 'error' ? undefined : now.shown }));
    loadSlots(sessionId, zone, date).then(
      (shown) => live && setSlots({ status: 'ready', shown }),
      (error: unknown) =>
        live &&
        setSlots({
          status: 'error',
          message: error instanceof ApiError ? error.description : 'The open times could not be loaded.',
        }),
    );
    return () => {
      live = false;
    };
  }, [sessionId, zone, date, attempt]);

  useEffect(() => {
    if (taken || bookError) notice.current?.focus();
  }, [taken, bookError]);

  async function pick(slot: HostedSlot) {
    setBusy(slotKey(slot));
    setTaken(undefined);
    setBookError(undefined);
    try {
      await bookSlot(sessionId, {
        startDate: slot.startDate,
        timezone: zone,
        ...(slot.resource ? { resourceId: slot.resource.id } : {}),
      });
      navigate(withSession('/checkout', sessionId));
    } catch (error) {
      setBusy(undefined);
      if (error instanceof ApiError && error.code === 'SLOT_NOT_AVAILABLE') {
        const next = Array.isArray(error.data.nextSlots) ? (error.data.nextSlots as HostedSlot[]) : [];
        setTaken(next);
        setAttempt((n) => n + 1);
      } else setBookError(error instanceof ApiError ? error.description : 'The time could not be booked.');
    }
  }

  if (slots.status === 'error')
    return (
      <section className={styles.card} aria-labelledby="times-title">
        <h2 id="times-title" className={styles.sectionTitle}>
          Open times
        </h2>
        <p role="alert">{slots.message}</p>
        <SecondaryButton
          busy={false}
          label="Try again"
          busyLabel=""
          onClick={() => setAttempt((n) => n + 1)}
        />
      </section>
    );
  const shown = slots.shown;
  if (!shown)
    return (
      <p className={styles.status} role="status" aria-busy="true">
        Loading open times…
      </p>
    );
  // While another day loads, its button and heading show it already.
  const current = slots.status === 'loading' && date ? date : shown.date;
  const chosen = dayText(current);
  const groups = groupByStaff(shown.slots);
  const slotButton = (slot: HostedSlot, withDay = false) => (
    <button
      key={slotKey(slot)}
      type="button"
      className={styles.slot}
      disabled={busy !== undefined}
      aria-busy={busy === slotKey(slot) || undefined}
      onClick={() => pick(slot)}
    >
      {withDay && `${dayText(slot.startDate.slice(0, 10)).weekday} `}
      {timeText(slot.startDate)}
      {withDay && slot.resource?.name && <span className={styles.slotStaff}> · {slot.resource.name}</span>}
    </button>
  );

  return (
    <section className={styles.card} aria-labelledby="times-title" aria-busy={slots.status === 'loading'}>
      <h2 id="times-title" className={styles.sectionTitle}>
        Choose a day and time
      </h2>
      <fieldset className={styles.days}>
        <legend className={styles.hidden}>Days</legend>
        {shown.days.map((day) => {
          const words = dayText(day.date);
          return (
            <button
              key={day.date}
              type="button"
              className={styles.day}
              aria-pressed={day.date === current}
              data-empty={day.openSlots === 0 || undefined}
              onClick={() => setDate(day.date)}
            >
              <span className={styles.weekday}>{words.weekday}</span>
              <span>{words.day}</span>
              <span className={styles.hidden}>
                , {day.openSlots ? `${day.openSlots} open times` : 'no open times'}
              </span>
            </button>
          );
        })}
      </fieldset>
      {(taken || bookError) && (
        <div className={styles.notice} role="alert" tabIndex={-1} ref={notice}>
          {bookError ?? (
            <>
              <p>That time was just taken by someone else.</p>
              {taken && taken.length > 0 ? (
                <>
                  <p>The next free times:</p>
                  <div className={styles.slots}>{taken.map((slot) => slotButton(slot, true))}</div>
                </>
              ) : (
                <p>Choose another time below.</p>
              )}
            </>
          )}
        </div>
      )}
      <h3 className={styles.dayTitle}>
        {chosen.long} <span className={styles.zone}>({shown.timezone.replace(/_/g, ' ')} time)</span>
      </h3>
      {slots.status === 'loading' && (
        <p className={styles.status} role="status">
          Loading open times…
        </p>
      )}
      {slots.status === 'ready' && groups.length === 0 && (
        <div className={styles.empty}>
          <p>No open times on this day.</p>
          {shown.nextDateWithSlots ? (
            <SecondaryButton
              busy={false}
              label={`See ${dayText(shown.nextDateWithSlots).long}`}
              busyLabel=""
              onClick={() => setDate(shown.nextDateWithSlots)}
            />
          ) : (
            <p>Nothing is open in the next two weeks.</p>
          )}
        </div>
      )}
      {slots.status === 'ready' &&
        groups.map((group) => (
          <div key={group.staff?.id ?? 'all'} className={styles.group}>
            {group.staff && <h4 className={styles.staff}>{group.staff.name}</h4>}
            <div className={styles.slots}>{group.slots.map((slot) => slotButton(slot))}</div>
          </div>
        ))}
    </section>
  );
}

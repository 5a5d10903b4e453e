import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type Booking, type StaffMember, useStaff, useWeekBookings, WEEK_CAP } from '../../api/bookings.ts';
import { useSite } from '../../api/store.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { hourMinute, weekDays, weekdayIndex, weekOf } from '../../lib/bookings.ts';
import { BookingDetails } from './booking-details.tsx';

const NO_STAFF = '';

/** One row of the week: a staff member's bookings by day. */
function StaffRow(props: {
  name: string;
  cells: Booking[][];
  zone: string;
  todayIndex: number;
  selected: string | undefined;
  onSelect(booking: Booking): void;
}) {
  return (
    <tr>
      <th scope="row">{props.name}</th>
      {props.cells.map((bookings, day) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the seven days of a week are fixed columns.
        <td key={day} className={day === props.todayIndex ? 'today' : undefined}>
          <div className="calendar-cell">
            {bookings.map((booking) => (
              <button
                key={booking.id}
                type="button"
                className={`booking-chip${booking.status === 'PENDING' ? ' pending' : ''}`}
                aria-pressed={props.selected === booking.id}
                aria-label={`${hourMinute(booking.startDate, props.zone)} ${booking.bookedEntity.title}${
                  booking.status === 'PENDING' ? ', waiting for approval' : ''
                }, with ${props.name}`}
                title={booking.bookedEntity.title}
                onClick={() => props.onSelect(booking)}
              >
                <strong>{hourMinute(booking.startDate, props.zone)}</strong>{' '}
                <span className="chip-title">{booking.bookedEntity.title}</span>
                {booking.status === 'PENDING' ? <span className="visually-hidden"> (pending)</span> : null}
              </button>
            ))}
          </div>
        </td>
      ))}
    </tr>
  );
}

/** Each staff member's bookings of the week, by day; staff members without bookings show empty rows. */
function rowsOf(bookings: Booking[], staff: StaffMember[], staffId: string, zone: string) {
  const names = new Map(staff.map((s) => [s.id, s.name]));
  const rows = new Map<string, Booking[][]>();
  const shown = staffId ? staff.filter((s) => s.id === staffId) : staff;
  for (const member of shown)
    rows.set(
      member.id,
      Array.from({ length: 7 }, () => []),
    );
  for (const booking of bookings) {
    const key = booking.bookedEntity.slot.resource?.id ?? NO_STAFF;
    if (!rows.has(key))
      rows.set(
        key,
        Array.from({ length: 7 }, () => []),
      );
    rows.get(key)![weekdayIndex(booking.startDate, zone)]?.push(booking);
    const name = booking.bookedEntity.slot.resource?.name;
    if (name && !names.has(key)) names.set(key, name);
  }
  return [...rows.entries()].map(([id, cells]) => ({ id, name: names.get(id) ?? 'No staff member', cells }));
}

/** The week's bookings per staff member: previous / next week, today, a staff filter (in the URL). */
export function Calendar() {
  const [params, setParams] = useSearchParams();
  const site = useSite();
  const zone = site.data?.timeZone ?? 'UTC';
  const staffId = params.get('staff') ?? '';
  const monday = weekOf(params.get('week'), zone);
  const { days, from, to } = weekDays(monday);
  const staff = useStaff(0, 100);
  const week = useWeekBookings(from, to, staffId);
  const [selected, setSelected] = useState<Booking | undefined>();
  const today = weekOf(null, zone);
  const todayIndex = today.equals(monday) ? weekdayIndex(new Date().toISOString(), zone) : -1;

  const go = (next: { week?: string; staff?: string }) => {
    const merged = { week: params.get('week') ?? '', staff: staffId, ...next };
    setParams({
      ...(merged.week ? { week: merged.week } : {}),
      ...(merged.staff ? { staff: merged.staff } : {}),
    });
    setSelected(undefined);
  };

  const rows = useMemo(
    () => (week.data && staff.data ? rowsOf(week.data.bookings, staff.data.staffMembers, staffId, zone) : []),
    [week.data, staff.data, staffId, zone],
  );
  // The open booking at its latest revision: the week's answer, or the answer of a change made to it.
  const listed = selected && week.data?.bookings.find((b) => b.id === selected.id);
  const current = listed && Number(listed.revision) > Number(selected.revision) ? listed : selected;
  const title = `${days[0]!.toFormat('d LLL')} – ${days[6]!.toFormat('d LLL yyyy')}`;

  return (
    <>
      <div className="page-head">
        <h1>Calendar</h1>
      </div>
      <section className="card" aria-busy={week.isFetching}>
        <div className="filters">
          <nav className="week-nav" aria-label="Weeks">
            <button
              type="button"
              className="button"
              onClick={() => go({ week: monday.minus({ weeks: 1 }).toISODate()! })}
            >
              Previous week
            </button>
            <button type="button" className="button" onClick={() => go({ week: '' })}>
              Today
            </button>
            <button
              type="button"
              className="button"
              onClick={() => go({ week: monday.plus({ weeks: 1 }).toISODate()! })}
            >
              Next week
            </button>
            <strong aria-live="polite">Week of {title}</strong>
          </nav>
          <div className="field push-right">
            <label htmlFor="calendar-staff">Staff member</label>
            <select
              id="calendar-staff"
              value={staffId}
              onChange={(event) => go({ staff: event.target.value })}
            >
              <option value="">Everyone</option>
              {staff.data?.staffMembers.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="muted small">
          Times in {zone}. Confirmed bookings and those waiting for approval (amber).
        </p>
        {week.isPending || staff.isPending ? (
          <Loading label="Loading the week…" />
        ) : week.isError ? (
          <ErrorState error={week.error} retry={() => void week.refetch()} />
        ) : staff.isError ? (
          <ErrorState error={staff.error} retry={() => void staff.refetch()} />
        ) : (
          <>
            {week.data.complete ? null : (
              <p className="notice">
                More than {WEEK_CAP} bookings this week: pick a staff member to see them all.
              </p>
            )}
            {week.data.bookings.length === 0 ? (
              <p className="state state-empty">No bookings this week.</p>
            ) : null}
            <div className="table-wrap">
              <table className="table calendar">
                <caption className="visually-hidden">
                  Bookings of the week of {title}, by staff member and day
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Staff</th>
                    {days.map((day, i) => (
                      <th
                        key={day.toISODate()}
                        scope="col"
                        className={i === todayIndex ? 'today' : undefined}
                      >
                        {day.toFormat('ccc d')}
                        {i === todayIndex ? <span className="visually-hidden"> (today)</span> : null}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <StaffRow
                      key={row.id}
                      name={row.name}
                      cells={row.cells}
                      zone={zone}
                      todayIndex={todayIndex}
                      selected={current?.id}
                      onSelect={setSelected}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
      {current ? (
        <BookingDetails
          key={current.id}
          booking={current}
          zone={zone}
          onClose={() => setSelected(undefined)}
          onChanged={(booking) => setSelected(booking)}
        />
      ) : null}
    </>
  );
}

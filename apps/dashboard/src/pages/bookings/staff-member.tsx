import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type StaffMember, useStaffMember, useUpdateStaffMember } from '../../api/bookings.ts';
import { ApiError } from '../../api/client.ts';
import { useSite } from '../../api/store.ts';
import { FormError, violationsOf } from '../../components/field.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { dayName, hoursByDay, periodsOf, WEEKDAYS, type WeekHours } from '../../lib/bookings.ts';
import { DeleteStaffMember, StaffServicesChooser } from './staff-manage.tsx';
import { TimeOffCard } from './time-off.tsx';

/** The weekly hours, a row of periods per weekday, saved whole. */
function WorkingHours({ member, zone }: { member: StaffMember; zone: string }) {
  const update = useUpdateStaffMember();
  const [week, setWeek] = useState<WeekHours>(() => hoursByDay(member.workingHours?.periods ?? []));
  const [tried, setTried] = useState(false);
  const { periods, problems } = periodsOf(week);
  const edit = (next: WeekHours) => {
    update.reset();
    setWeek(next);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    update.mutate({ id: member.id, revision: member.revision, workingHours: { periods } });
  }

  const serverError = violationsOf(update.error, 'staffMember.workingHours');
  return (
    <section className="card" aria-labelledby="hours">
      <h2 id="hours">Working hours</h2>
      <p className="muted">
        Times are in the site’s time zone ({zone}). A period ending at midnight ends at 00:00 (12:00 AM).
        {member.workingHours ? '' : ' Until they are saved, the business location’s hours apply.'}
      </p>
      <form onSubmit={submit} noValidate>
        <FormError error={update.error} shown={['staffMember.workingHours']} />
        {update.isSuccess ? (
          <p className="notice hours-saved" role="status">
            Working hours saved.
          </p>
        ) : null}
        <div className="hours">
          {WEEKDAYS.map((day) => {
            const problem = tried ? problems[day] : undefined;
            return (
              <fieldset
                key={day}
                className="hours-day"
                aria-describedby={problem ? `hours-${day}-error` : undefined}
                data-day={day}
              >
                <legend className="visually-hidden">{dayName(day)}</legend>
                <strong aria-hidden="true">{dayName(day)}</strong>
                <div className="hours-periods">
                  {week[day].length === 0 ? <span className="muted">Not working</span> : null}
                  {week[day].map((period, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: periods have no id; their place is who they are.
                    <div className="hours-period" key={i}>
                      <label>
                        <span className="visually-hidden">
                          {dayName(day)} period {i + 1} starts
                        </span>
                        <input
                          type="time"
                          value={period.open}
                          aria-invalid={problem ? true : undefined}
                          onChange={(event) =>
                            edit({
                              ...week,
                              [day]: week[day].map((p, j) =>
                                j === i ? { ...p, open: event.target.value } : p,
                              ),
                            })
                          }
                        />
                      </label>
                      <span aria-hidden="true">to</span>
                      <label>
                        <span className="visually-hidden">
                          {dayName(day)} period {i + 1} ends
                        </span>
                        <input
                          type="time"
                          value={period.close}
                          aria-invalid={problem ? true : undefined}
                          onChange={(event) =>
                            edit({
                              ...week,
                              [day]: week[day].map((p, j) =>
                                j === i ? { ...p, close: event.target.value } : p,
                              ),
                            })
                          }
                        />
                      </label>
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Remove ${dayName(day)} period ${i + 1}`}
                        onClick={() => edit({ ...week, [day]: week[day].filter((_, j) => j !== i) })}
                      >
                        Remove
                      </button>
                    </div>
                  ))}
                  <div>
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={`Add period on ${dayName(day)}`}
                      onClick={() => {
                        const last = week[day].at(-1);
                        const open = last ? last.close : '09:00';
                        edit({
                          ...week,
                          [day]: [...week[day], { open, close: open < '17:00' ? '17:00' : '00:00' }],
                        });
                      }}
                    >
                      Add period
                    </button>
                  </div>
                  {problem ? (
                    <span className="field-error" id={`hours-${day}-error`}>
                      {problem}
                    </span>
                  ) : null}
                </div>
              </fieldset>
            );
          })}
        </div>
        {serverError ? <p className="field-error">{serverError}</p> : null}
        <div className="form-actions spaced">
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save working hours'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** One staff member: weekly working hours, time off and the services they give. */
export function StaffPage() {
  const { id = '' } = useParams();
  const member = useStaffMember(id);
  const zone = useSite().data?.timeZone ?? 'UTC';
  if (member.isPending) return <Loading label="Loading the staff member…" />;
  if (member.isError) {
    const missing = member.error instanceof ApiError && member.error.status === 404;
    return (
      <>
        <h1>{missing ? 'Staff member not found' : 'Staff member'}</h1>
        {missing ? (
          <p>No staff member of this site has this id.</p>
        ) : (
          <ErrorState error={member.error} retry={() => void member.refetch()} />
        )}
        <Link to="/bookings/staff">Back to staff</Link>
      </>
    );
  }
  const m = member.data;
  return (
    <>
      <p>
        <Link to="/bookings/staff">← Staff</Link>
      </p>
      <div className="page-head">
        <h1>{m.name}</h1>
        <DeleteStaffMember member={m} />
      </div>
      {m.description ? <p className="muted">{m.description}</p> : null}
      <WorkingHours key={`hours-${m.id}`} member={m} zone={zone} />
      <TimeOffCard member={m} zone={zone} />
      <StaffServicesChooser staffId={m.id} />
    </>
  );
}

import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { StaffMember, Weekday } from '../../api/bookings.ts';
import { ApiError } from '../../api/client.ts';
import {
  useAllServices,
  useCreateStaffMember,
  useDeleteStaffMember,
  useSetStaffServices,
} from '../../api/staff-manage.ts';
import { useSite } from '../../api/store.ts';
import { ConfirmDialog } from '../../components/confirm.tsx';
import { describedBy, Field, FormError, violationsOf } from '../../components/field.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { dayName, WEEKDAYS } from '../../lib/bookings.ts';
import { sameHoursOn } from '../../lib/staff-hours.ts';
import '../console-forms.css';

const WORKDAYS: Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];

/** Under the staff list: who was just deleted, and the form for a new staff member. */
export function StaffListExtras() {
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted;
  const zone = useSite().data?.timeZone ?? 'UTC';
  return (
    <>
      {deleted ? (
        <p className="notice" role="status">
          {deleted} was deleted.
        </p>
      ) : null}
      <NewStaffMemberForm zone={zone} />
    </>
  );
}

/** A new staff member: name, e-mail and the same working hours on the days chosen. */
function NewStaffMemberForm({ zone }: { zone: string }) {
  const create = useCreateStaffMember();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [days, setDays] = useState<Weekday[]>(WORKDAYS);
  const [open, setOpen] = useState('09:00');
  const [close, setClose] = useState('17:00');
  const [problem, setProblem] = useState<string | undefined>();
  const nameError = violationsOf(create.error, 'staffMember.name');
  const emailError = violationsOf(create.error, 'staffMember.email');
  const hoursError = problem ?? violationsOf(create.error, 'staffMember.workingHours');
  // A refusal stays beside its field until that form is changed.
  const changed = <T,>(set: (value: T) => void, value: T) => {
    create.reset();
    setProblem(undefined);
    set(value);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const hours = sameHoursOn(days, open, close);
    setProblem(hours.problem);
    if (hours.problem) return;
    create.mutate(
      { name: name.trim(), ...(email.trim() ? { email: email.trim() } : {}), workingHours: hours },
      {
        onSuccess: () => {
          setName('');
          setEmail('');
        },
      },
    );
  }

  return (
    <section className="card" aria-labelledby="new-staff">
      <h2 id="new-staff">New staff member</h2>
      <form className="form-grid" onSubmit={submit} noValidate>
        <FormError
          error={create.error}
          shown={['staffMember.name', 'staffMember.email', 'staffMember.workingHours']}
        />
        {create.isSuccess ? (
          <p className="notice" role="status">
            {create.data.staffMember.name} added.{' '}
            <Link to={`/bookings/staff/${create.data.staffMember.id}`}>Open their page</Link>
          </p>
        ) : null}
        <Field id="staff-name" label="Name" error={nameError}>
          <input
            {...describedBy('staff-name', nameError)}
            value={name}
            maxLength={40}
            onChange={(e) => changed(setName, e.target.value)}
          />
        </Field>
        <Field id="staff-email" label="E-mail" error={emailError}>
          <input
            {...describedBy('staff-email', emailError)}
            type="email"
            value={email}
            onChange={(e) => changed(setEmail, e.target.value)}
          />
        </Field>
        <Field id="staff-open" label="Working from" hint={`In ${zone}.`}>
          <input
            {...describedBy('staff-open', undefined, 'hint')}
            type="time"
            value={open}
            onChange={(e) => changed(setOpen, e.target.value)}
          />
        </Field>
        <Field id="staff-close" label="Working until" error={hoursError} hint="00:00 is midnight.">
          <input
            {...describedBy('staff-close', hoursError, 'hint')}
            type="time"
            value={close}
            onChange={(e) => changed(setClose, e.target.value)}
          />
        </Field>
        <fieldset className="fieldset">
          <legend>Working days</legend>
          {WEEKDAYS.map((day) => (
            <label className="check" key={day}>
              <input
                type="checkbox"
                checked={days.includes(day)}
                onChange={(e) => setDays(e.target.checked ? [...days, day] : days.filter((d) => d !== day))}
              />
              {dayName(day)}
            </label>
          ))}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Adding…' : 'Add staff member'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Removes the staff member after asking; the server takes them off every service. */
export function DeleteStaffMember({ member }: { member: StaffMember }) {
  const remove = useDeleteStaffMember();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-danger push-right"
        onClick={() => {
          remove.reset();
          setAsking(true);
        }}
      >
        Delete staff member
      </button>
      <ConfirmDialog
        open={asking}
        title={`Delete ${member.name}?`}
        confirmLabel="Delete staff member"
        cancelLabel="Keep staff member"
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(member.id, {
            onSuccess: () => navigate('/bookings/staff', { state: { deleted: member.name } }),
          })
        }
      >
        <p>They leave every service and are offered for no new booking. Their bookings stay as they are.</p>
        {remove.isError ? (
          <p className="form-error" role="alert">
            {remove.error instanceof ApiError ? remove.error.message : 'Could not delete the staff member.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** The services a staff member gives, chosen by ticking them; saved service by service. */
export function StaffServicesChooser({ staffId }: { staffId: string }) {
  const services = useAllServices();
  const save = useSetStaffServices(staffId);
  const [chosen, setChosen] = useState<Set<string> | undefined>();
  const given = new Set(
    (services.data ?? []).filter((s) => s.staffMemberIds?.includes(staffId)).map((s) => s.id),
  );
  const current = chosen ?? given;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!services.data) return;
    save.mutate({ services: services.data, chosen: current }, { onSuccess: () => setChosen(undefined) });
  }

  return (
    <section className="card" aria-labelledby="staff-services" aria-busy={services.isFetching}>
      <h2 id="staff-services">Services they give</h2>
      {services.isPending ? (
        <Loading label="Loading services…" />
      ) : services.isError ? (
        <ErrorState error={services.error} retry={() => void services.refetch()} />
      ) : services.data.length === 0 ? (
        <Empty>
          No services yet. <Link to="/bookings/services">Create one</Link>.
        </Empty>
      ) : (
        <form onSubmit={submit}>
          <FormError error={save.error} shown={[]} />
          {save.isSuccess && !chosen ? (
            <p className="notice" role="status">
              Services saved.
            </p>
          ) : null}
          <fieldset className="fieldset">
            <legend className="visually-hidden">Services they give</legend>
            {services.data.map((service) => (
              <label className="check" key={service.id}>
                <input
                  type="checkbox"
                  checked={current.has(service.id)}
                  onChange={(e) => {
                    save.reset();
                    const next = new Set(current);
                    if (e.target.checked) next.add(service.id);
                    else next.delete(service.id);
                    setChosen(next);
                  }}
                />
                {service.name}
              </label>
            ))}
          </fieldset>
          <div className="form-actions spaced button-row">
            <button type="submit" className="button button-primary" disabled={save.isPending || !chosen}>
              {save.isPending ? 'Saving…' : 'Save services'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

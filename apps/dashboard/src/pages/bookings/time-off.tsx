import { type FormEvent, useState } from 'react';
import { type StaffMember, type TimeOff, useUpdateStaffMember } from '../../api/bookings.ts';
import { ApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/confirm.tsx';
import { describedBy, Field, FormError, violationsOf } from '../../components/field.tsx';
import { Empty } from '../../components/states.tsx';
import { instantOf, timeRange } from '../../lib/bookings.ts';

const EMPTY = { start: '', end: '', comment: '' };

/** A staff member's absences: no slot is offered during them. Adding saves at once; removing asks first. */
export function TimeOffCard({ member, zone }: { member: StaffMember; zone: string }) {
  const update = useUpdateStaffMember();
  const [draft, setDraft] = useState(EMPTY);
  const [problem, setProblem] = useState<{ start?: string; end?: string }>({});
  const [removing, setRemoving] = useState<TimeOff | undefined>();
  const ranges = member.timeOff ?? [];
  // The API keeps the order it was given; read them soonest first.
  const sorted = [...ranges].sort((a, b) => a.startDate.localeCompare(b.startDate));

  function add(event: FormEvent) {
    event.preventDefault();
    const startDate = instantOf(draft.start, zone);
    const endDate = instantOf(draft.end, zone);
    const found = {
      ...(startDate ? {} : { start: 'Give the first moment of the time off.' }),
      ...(endDate ? {} : { end: 'Give the moment it ends.' }),
      ...(startDate && endDate && endDate <= startDate ? { end: 'It must end after it starts.' } : {}),
    };
    setProblem(found);
    if (!startDate || !endDate || found.end) return;
    const comment = draft.comment.trim();
    update.mutate(
      {
        id: member.id,
        revision: member.revision,
        timeOff: [...ranges, { startDate, endDate, ...(comment ? { comment } : {}) }],
      },
      { onSuccess: () => setDraft(EMPTY) },
    );
  }

  const startError = problem.start ?? violationsOf(update.error, 'staffMember.timeOff');
  const endError = problem.end;
  return (
    <section className="card" aria-labelledby="time-off">
      <h2 id="time-off">Time off</h2>
      {sorted.length === 0 ? (
        <Empty>No time off planned.</Empty>
      ) : (
        <ul className="list">
          {sorted.map((range) => (
            <li key={range.id ?? `${range.startDate}-${range.endDate}`}>
              <span>
                {timeRange(range.startDate, range.endDate, zone)}
                {range.comment ? <span className="muted"> · {range.comment}</span> : null}
              </span>
              <button
                type="button"
                className="button button-small"
                aria-label={`Remove time off from ${timeRange(range.startDate, range.endDate, zone)}`}
                onClick={() => {
                  update.reset();
                  setRemoving(range);
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="form-grid spaced" onSubmit={add} noValidate aria-label="Add time off">
        <FormError error={removing ? undefined : update.error} shown={['staffMember.timeOff']} />
        <Field id="off-start" label="From" error={startError}>
          <input
            {...describedBy('off-start', startError)}
            type="datetime-local"
            value={draft.start}
            onChange={(event) => setDraft({ ...draft, start: event.target.value })}
          />
        </Field>
        <Field id="off-end" label="Until" error={endError}>
          <input
            {...describedBy('off-end', endError)}
            type="datetime-local"
            value={draft.end}
            onChange={(event) => setDraft({ ...draft, end: event.target.value })}
          />
        </Field>
        <Field id="off-comment" label="Note (optional)">
          <input
            id="off-comment"
            maxLength={500}
            value={draft.comment}
            onChange={(event) => setDraft({ ...draft, comment: event.target.value })}
          />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            Add time off
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={removing !== undefined}
        title="Remove this time off?"
        confirmLabel="Remove time off"
        cancelLabel="Keep it"
        busy={update.isPending}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() =>
          removing &&
          update.mutate(
            { id: member.id, revision: member.revision, timeOff: ranges.filter((r) => r !== removing) },
            { onSuccess: () => setRemoving(undefined) },
          )
        }
      >
        <p>
          {removing ? timeRange(removing.startDate, removing.endDate, zone) : ''}: customers can book{' '}
          {member.name} then again.
        </p>
        {update.isError ? (
          <p className="form-error" role="alert">
            {update.error instanceof ApiError ? update.error.message : 'Could not remove the time off.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

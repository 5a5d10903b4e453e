import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { useMember } from '../api/member-page.ts';
import { type Member, useMemberAction } from '../api/members.ts';
import { useSite } from '../api/store.ts';
import { ConfirmDialog } from '../components/confirm.tsx';
import { ErrorState, Loading } from '../components/states.tsx';
import { dateTime, label, tone } from '../lib/labels.ts';
import {
  MemberBenefits,
  MemberBookings,
  MemberOrders,
  MemberPlans,
  MemberTickets,
} from './member-activity.tsx';
import './console-forms.css';

const fullName = (member: Member) =>
  [member.profile.firstName, member.profile.lastName].filter(Boolean).join(' ') ||
  member.profile.nickname ||
  member.loginEmail;

/** Approve (or unblock) and block, as the members list does. */
function StatusActions({ member }: { member: Member }) {
  const action = useMemberAction();
  const [asking, setAsking] = useState(false);
  return (
    <>
      {action.isSuccess ? (
        <p className="notice" role="status">
          {member.loginEmail} is {action.variables.action === 'block' ? 'blocked' : 'approved'}.
        </p>
      ) : null}
      {action.isError && !asking ? (
        <p className="form-error" role="alert">
          {action.error instanceof ApiError ? action.error.message : 'Could not change the member.'}
        </p>
      ) : null}
      <div className="form-actions spaced button-row">
        {member.status === 'PENDING' || member.status === 'BLOCKED' ? (
          <button
            type="button"
            className="button button-primary"
            disabled={action.isPending}
            onClick={() => action.mutate({ id: member.id, action: 'approve', email: member.loginEmail })}
          >
            {member.status === 'BLOCKED' ? 'Unblock' : 'Approve'}
          </button>
        ) : null}
        {member.status === 'BLOCKED' ? null : (
          <button
            type="button"
            className="button button-danger"
            onClick={() => {
              action.reset();
              setAsking(true);
            }}
          >
            Block
          </button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={`Block ${member.loginEmail}?`}
        confirmLabel="Block member"
        cancelLabel="Keep member"
        busy={action.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          action.mutate(
            { id: member.id, action: 'block', email: member.loginEmail },
            { onSuccess: () => setAsking(false) },
          )
        }
      >
        <p>They are signed out everywhere and cannot sign in until you unblock them.</p>
        {action.isError ? (
          <p className="form-error" role="alert">
            {action.error instanceof ApiError ? action.error.message : 'Could not block the member.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** One member: profile and status, and their orders, bookings, tickets, plans and plan benefits. */
export function MemberPage() {
  const { id = '' } = useParams();
  const member = useMember(id);
  const zone = useSite().data?.timeZone;
  if (member.isPending) return <Loading label="Loading the member…" />;
  if (member.isError) {
    const missing = member.error instanceof ApiError && member.error.status === 404;
    return (
      <>
        <h1>{missing ? 'Member not found' : 'Member'}</h1>
        {missing ? (
          <p>No member of this site has this id.</p>
        ) : (
          <ErrorState error={member.error} retry={() => void member.refetch()} />
        )}
        <Link to="/members">Back to members</Link>
      </>
    );
  }
  const m = member.data;
  return (
    <>
      <p>
        <Link to="/members">← Members</Link>
      </p>
      <div className="page-head">
        <h1>{fullName(m)}</h1>
        <span className={`badge ${tone(m.status)}`}>{label(m.status)}</span>
      </div>
      <section className="card" aria-labelledby="member-profile">
        <h2 id="member-profile">Profile</h2>
        <dl className="facts">
          <div>
            <dt>E-mail</dt>
            <dd className="break">
              {m.loginEmail} {m.loginEmailVerified ? null : <span className="muted small">not verified</span>}
            </dd>
          </div>
          <div>
            <dt>Nickname</dt>
            <dd>{m.profile.nickname ?? '—'}</dd>
          </div>
          <div>
            <dt>Joined</dt>
            <dd>{dateTime(m.createdDate, zone)}</dd>
          </div>
        </dl>
        <StatusActions key={m.id} member={m} />
      </section>
      <MemberOrders memberId={m.id} zone={zone} />
      <MemberBookings memberId={m.id} zone={zone ?? 'UTC'} />
      <MemberTickets memberId={m.id} zone={zone} />
      <MemberPlans memberId={m.id} zone={zone} />
      <MemberBenefits memberId={m.id} zone={zone} />
    </>
  );
}

import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { MEMBER_PAGE, type Member, useMemberAction, useMembers } from '../api/members.ts';
import { useSite } from '../api/store.ts';
import { ConfirmDialog } from '../components/confirm.tsx';
import { Pager } from '../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { dateTime, label, tone } from '../lib/labels.ts';

const STATUSES = [
  { value: '', label: 'All members' },
  { value: 'PENDING', label: 'Waiting for approval' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'BLOCKED', label: 'Blocked' },
];

/** The site's members, newest first: approve the waiting ones, block (after asking) or unblock. */
export function Members() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const search = params.get('q') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const [draft, setDraft] = useState(search);
  const members = useMembers(status, search, page);
  const zone = useSite().data?.timeZone;
  const action = useMemberAction();
  const [asking, setAsking] = useState<Member | undefined>();
  const go = (next: { status?: string; q?: string; page?: number }) => {
    const s = next.status ?? status;
    const q = next.q ?? search;
    const p = next.page ?? 0;
    setParams({ ...(s ? { status: s } : {}), ...(q ? { q } : {}), ...(p > 0 ? { page: String(p) } : {}) });
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    go({ q: draft.trim() });
  }

  return (
    <>
      <div className="page-head">
        <h1>Members</h1>
        <search>
          <form className="search" onSubmit={submit}>
            <label>
              <span className="visually-hidden">Search members by e-mail</span>
              <input
                type="search"
                placeholder="Search by e-mail"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
              />
            </label>
            <button type="submit" className="button">
              Search
            </button>
          </form>
        </search>
        <label className="inline-field">
          <span>Status</span>
          <select value={status} onChange={(event) => go({ status: event.target.value })}>
            {STATUSES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {action.isSuccess ? (
        <p className="notice" role="status">
          {action.variables.email} is {action.variables.action === 'block' ? 'blocked' : 'approved'}.
        </p>
      ) : null}
      {action.isError && !asking ? (
        <p className="form-error" role="alert">
          {action.error instanceof ApiError ? action.error.message : 'Could not change the member.'}
        </p>
      ) : null}
      <section className="card" aria-busy={members.isFetching}>
        {members.isPending ? (
          <Loading label="Loading members…" />
        ) : members.isError ? (
          <ErrorState error={members.error} retry={() => void members.refetch()} />
        ) : members.data.members.length === 0 ? (
          <Empty>{status || search ? 'No member matches.' : 'Nobody has signed up yet.'}</Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Members, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Member</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Status</th>
                    <th scope="col">Joined</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {members.data.members.map((member) => (
                    <tr key={member.id}>
                      <td>{member.profile.nickname ?? '—'}</td>
                      <td className="break">
                        <Link to={`/members/${member.id}`}>{member.loginEmail}</Link>
                        {member.loginEmailVerified ? null : (
                          <span className="muted small"> not verified</span>
                        )}
                      </td>
                      <td>
                        <span className={`badge ${tone(member.status)}`}>{label(member.status)}</span>
                      </td>
                      <td className="nowrap">{dateTime(member.createdDate, zone)}</td>
                      <td className="actions">
                        {member.status === 'PENDING' || member.status === 'BLOCKED' ? (
                          <button
                            type="button"
                            className="button"
                            aria-label={`${member.status === 'BLOCKED' ? 'Unblock' : 'Approve'} ${member.loginEmail}`}
                            disabled={action.isPending}
                            onClick={() =>
                              action.mutate({ id: member.id, action: 'approve', email: member.loginEmail })
                            }
                          >
                            {member.status === 'BLOCKED' ? 'Unblock' : 'Approve'}
                          </button>
                        ) : null}
                        {member.status === 'BLOCKED' ? null : (
                          <button
                            type="button"
                            className="button button-danger"
                            aria-label={`Block ${member.loginEmail}`}
                            onClick={() => {
                              action.reset();
                              setAsking(member);
                            }}
                          >
                            Block
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={MEMBER_PAGE}
              metadata={members.data.metadata}
              onPage={(next) => go({ page: next })}
              label="Member pages"
            />
          </>
        )}
      </section>
      <ConfirmDialog
        open={asking !== undefined}
        title={`Block ${asking?.loginEmail ?? 'member'}?`}
        confirmLabel="Block member"
        cancelLabel="Keep member"
        busy={action.isPending}
        onCancel={() => setAsking(undefined)}
        onConfirm={() =>
          asking &&
          action.mutate(
            { id: asking.id, action: 'block', email: asking.loginEmail },
            { onSuccess: () => setAsking(undefined) },
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

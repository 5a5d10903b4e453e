import { Link, useSearchParams } from 'react-router';
import { STAFF_PAGE, useStaff } from '../../api/bookings.ts';
import { Pager } from '../../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { hoursSummary } from '../../lib/bookings.ts';
import { StaffListExtras } from './staff-manage.tsx';

/** Staff members by name, paged by the server. */
export function Staff() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const staff = useStaff(page);
  return (
    <>
      <div className="page-head">
        <h1>Staff</h1>
      </div>
      <section className="card" aria-busy={staff.isFetching}>
        {staff.isPending ? (
          <Loading label="Loading staff…" />
        ) : staff.isError ? (
          <ErrorState error={staff.error} retry={() => void staff.refetch()} />
        ) : staff.data.staffMembers.length === 0 ? (
          <Empty>No staff members yet.</Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Staff members by name</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Working hours</th>
                    <th scope="col">E-mail</th>
                    <th scope="col" className="number">
                      Time off
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {staff.data.staffMembers.map((member) => (
                    <tr key={member.id}>
                      <td>
                        <Link to={`/bookings/staff/${member.id}`}>{member.name}</Link>
                      </td>
                      <td>{hoursSummary(member.workingHours?.periods)}</td>
                      <td className="break">{member.email || '—'}</td>
                      <td className="number">{member.timeOff?.length ?? 0}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={STAFF_PAGE}
              metadata={staff.data.pagingMetadata}
              onPage={(next) => setParams(next > 0 ? { page: String(next) } : {})}
              label="Staff pages"
            />
          </>
        )}
      </section>
      <StaffListExtras />
    </>
  );
}

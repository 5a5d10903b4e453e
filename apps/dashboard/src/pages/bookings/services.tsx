import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { SERVICE_PAGE, useServices } from '../../api/bookings.ts';
import { useSite } from '../../api/store.ts';
import { Pager } from '../../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { durationOf, priceOf } from '../../lib/bookings.ts';
import { NewService } from './service-form.tsx';

const TYPES = [
  { value: '', label: 'All types' },
  { value: 'APPOINTMENT', label: 'Appointments' },
  { value: 'CLASS', label: 'Classes' },
  { value: 'COURSE', label: 'Courses' },
];
const TYPE_WORD: Record<string, string> = { APPOINTMENT: 'Appointment', CLASS: 'Class', COURSE: 'Course' };

/** Services by name, searched, filtered by type and paged by the server; the filters live in the URL. */
export function Services() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const type = params.get('type') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const [draft, setDraft] = useState(search);
  const [created, setCreated] = useState<string | undefined>();
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted;
  const services = useServices(search, type, page);
  const currency = useSite().data?.currency ?? 'USD';
  const go = (q: string, t: string, next: number) =>
    setParams({
      ...(q ? { q } : {}),
      ...(t ? { type: t } : {}),
      ...(next > 0 ? { page: String(next) } : {}),
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    go(draft.trim(), type, 0);
  }

  return (
    <>
      <div className="page-head">
        <h1>Services</h1>
      </div>
      {created || deleted ? (
        <p className="notice" role="status">
          {created ? `“${created}” was created.` : `“${deleted}” was deleted.`}
        </p>
      ) : null}
      <section className="card" aria-busy={services.isFetching}>
        <search>
          <form className="filters" onSubmit={submit}>
            <div className="field">
              <label htmlFor="services-search">Name contains</label>
              <input
                id="services-search"
                type="search"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="services-type">Type</label>
              <select id="services-type" value={type} onChange={(event) => go(search, event.target.value, 0)}>
                {TYPES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button">
              Search
            </button>
          </form>
        </search>
        {services.isPending ? (
          <Loading label="Loading services…" />
        ) : services.isError ? (
          <ErrorState error={services.error} retry={() => void services.refetch()} />
        ) : services.data.services.length === 0 ? (
          <Empty>{search || type ? 'No service matches these filters.' : 'No services yet.'}</Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Services by name</caption>
                <thead>
                  <tr>
                    <th scope="col">Service</th>
                    <th scope="col">Type</th>
                    <th scope="col">Price</th>
                    <th scope="col">Staff</th>
                    <th scope="col">Online booking</th>
                  </tr>
                </thead>
                <tbody>
                  {services.data.services.map((service) => (
                    <tr key={service.id} data-testid={`service-${service.name}`}>
                      <td>
                        <Link to={`/bookings/services/${service.id}`}>{service.name}</Link>
                        {service.hidden ? <span className="badge badge-info">Hidden</span> : null}
                        {service.type === 'APPOINTMENT' && durationOf(service) ? (
                          <span className="muted small"> · {durationOf(service)} min</span>
                        ) : null}
                      </td>
                      <td>{TYPE_WORD[service.type]}</td>
                      <td className="nowrap">{priceOf(service, currency)}</td>
                      <td>{service.staffMemberDetails?.staffMembers.map((s) => s.name).join(', ') || '—'}</td>
                      <td>
                        {service.onlineBooking?.enabled === false ? (
                          <span className="badge">Off</span>
                        ) : (
                          <span className="badge badge-ok">On</span>
                        )}
                        {service.onlineBooking?.requireManualApproval ? (
                          <span className="badge badge-warn">Needs approval</span>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={SERVICE_PAGE}
              metadata={services.data.pagingMetadata}
              onPage={(next) => go(search, type, next)}
              label="Service pages"
            />
          </>
        )}
      </section>
      <NewService currency={currency} onCreated={setCreated} />
    </>
  );
}

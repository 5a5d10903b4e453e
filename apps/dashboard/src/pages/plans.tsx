import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import {
  type ArchiveFilter,
  PLAN_PAGE,
  type Plan,
  useArchivePlan,
  useMakePrimary,
  usePlans,
  useSetVisibility,
} from '../api/plans.ts';
import { useSite } from '../api/store.ts';
import { ConfirmDialog } from '../components/confirm.tsx';
import { Pager } from '../components/pager.tsx';
import { Empty, ErrorState, Loading, Notice } from '../components/states.tsx';
import { planPrice } from '../lib/plans.ts';
import { PlanForm } from './plan-form.tsx';

const FILTERS: Array<{ value: ArchiveFilter; label: string }> = [
  { value: 'ACTIVE', label: 'Active plans' },
  { value: 'ARCHIVED', label: 'Archived plans' },
  { value: 'ARCHIVED_AND_ACTIVE', label: 'All plans' },
];

function PlanState({ plan }: { plan: Plan }) {
  if (plan.archived) return <span className="badge badge-danger">Archived</span>;
  return plan.public ? <span className="badge badge-ok">Public</span> : <span className="badge">Hidden</span>;
}

/** Pricing plans: create, show or hide, make primary, archive (after asking). */
export function Plans() {
  const [params, setParams] = useSearchParams();
  const archived = (FILTERS.find((f) => f.value === params.get('show'))?.value ?? 'ACTIVE') as ArchiveFilter;
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const plans = usePlans(archived, page);
  const site = useSite();
  const visibility = useSetVisibility();
  const primary = useMakePrimary();
  const archive = useArchivePlan();
  const [asking, setAsking] = useState<Plan | undefined>();
  const [notice, setNotice] = useState('');
  const go = (show: ArchiveFilter, next: number) =>
    setParams({ ...(show !== 'ACTIVE' ? { show } : {}), ...(next > 0 ? { page: String(next) } : {}) });
  const failure = visibility.error ?? primary.error;

  return (
    <>
      <div className="page-head">
        <h1>Plans</h1>
        <label className="inline-field">
          <span>Plans shown</span>
          <select value={archived} onChange={(event) => go(event.target.value as ArchiveFilter, 0)}>
            {FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Notice message={notice} />
      {failure ? (
        <p className="form-error" role="alert">
          {failure instanceof ApiError ? failure.message : 'The plan could not be changed.'}
        </p>
      ) : null}
      <section className="card" aria-busy={plans.isFetching}>
        {plans.isPending ? (
          <Loading label="Loading plans…" />
        ) : plans.isError ? (
          <ErrorState error={plans.error} retry={() => void plans.refetch()} />
        ) : plans.data.plans.length === 0 ? (
          <Empty>{archived === 'ARCHIVED' ? 'No archived plans.' : 'No plans yet: create one below.'}</Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Plans</caption>
                <thead>
                  <tr>
                    <th scope="col">Plan</th>
                    <th scope="col">Price</th>
                    <th scope="col">State</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {plans.data.plans.map((plan) => (
                    <tr key={plan.id} data-testid={`plan-${plan.name}`}>
                      <td>
                        {plan.name} {plan.primary ? <span className="badge badge-info">Primary</span> : null}
                      </td>
                      <td>{planPrice(plan)}</td>
                      <td>
                        <PlanState plan={plan} />
                      </td>
                      <td className="actions">
                        {plan.archived ? null : (
                          <>
                            <button
                              type="button"
                              className="button"
                              aria-label={`${plan.public ? 'Hide' : 'Show'} ${plan.name}`}
                              disabled={visibility.isPending}
                              onClick={() => visibility.mutate({ id: plan.id, visible: !plan.public })}
                            >
                              {plan.public ? 'Hide' : 'Show'}
                            </button>
                            {plan.primary ? null : (
                              <button
                                type="button"
                                className="button"
                                aria-label={`Make primary: ${plan.name}`}
                                disabled={primary.isPending}
                                onClick={() => primary.mutate(plan.id)}
                              >
                                Make primary
                              </button>
                            )}
                            <button
                              type="button"
                              className="button button-danger"
                              aria-label={`Archive ${plan.name}`}
                              onClick={() => {
                                archive.reset();
                                setAsking(plan);
                              }}
                            >
                              Archive
                            </button>
                          </>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={PLAN_PAGE}
              metadata={plans.data.pagingMetadata}
              onPage={(next) => go(archived, next)}
              label="Plan pages"
            />
          </>
        )}
      </section>
      {site.data ? (
        <PlanForm currency={site.data.currency} onCreated={(name) => setNotice(`Plan “${name}” created.`)} />
      ) : null}
      <ConfirmDialog
        open={asking !== undefined}
        title={`Archive ${asking?.name ?? 'plan'}?`}
        confirmLabel="Archive plan"
        cancelLabel="Keep plan"
        busy={archive.isPending}
        onCancel={() => setAsking(undefined)}
        onConfirm={() =>
          asking &&
          archive.mutate(asking.id, {
            onSuccess: () => {
              setNotice(`Plan “${asking.name}” archived.`);
              setAsking(undefined);
            },
          })
        }
      >
        <p>
          Nobody can buy an archived plan again, and it cannot be shown again. Members who bought it keep it.
        </p>
        {archive.isError ? (
          <p className="form-error" role="alert">
            {archive.error instanceof ApiError ? archive.error.message : 'Could not archive the plan.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

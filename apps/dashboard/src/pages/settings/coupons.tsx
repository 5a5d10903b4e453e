import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import {
  COUPON_PAGE,
  type Coupon,
  type CouponFilter,
  type CouponType,
  useCoupons,
  useDeleteCoupon,
} from '../../api/settings-ecom.ts';
import { useSite } from '../../api/store.ts';
import { ConfirmDialog } from '../../components/confirm.tsx';
import { Pager } from '../../components/pager.tsx';
import { Empty, ErrorState, Loading, Notice } from '../../components/states.tsx';
import { formatMoney } from '../../lib/decimal.ts';
import { dateTime } from '../../lib/labels.ts';
import { COUPON_TYPES, CouponForm } from './coupon-form.tsx';
import { SettingsHead } from './nav.tsx';

function discount(coupon: Coupon, currency: string) {
  if (coupon.type === 'PERCENTAGE') return `${coupon.percentage} % off`;
  if (coupon.type === 'FIXED_AMOUNT') return `${formatMoney(coupon.amount ?? '0', currency)} off`;
  return 'Free shipping';
}

function validity(coupon: Coupon, zone: string | undefined) {
  if (!coupon.startDate && !coupon.expirationDate) return 'Always';
  const from = coupon.startDate ? `from ${dateTime(coupon.startDate, zone)}` : '';
  const until = coupon.expirationDate ? `until ${dateTime(coupon.expirationDate, zone)}` : '';
  return [from, until].filter(Boolean).join(' ');
}

/** The site's coupons, filtered and paged by the server (filters in the URL); create, edit, delete. */
export function Coupons() {
  const [params, setParams] = useSearchParams();
  const filter: CouponFilter = {
    code: params.get('code') ?? '',
    type: (COUPON_TYPES.find((t) => t.value === params.get('type'))?.value ?? '') as CouponType | '',
    active: (['true', 'false'].includes(params.get('active') ?? '')
      ? params.get('active')
      : '') as CouponFilter['active'],
  };
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const coupons = useCoupons(filter, page);
  const site = useSite();
  const zone = site.data?.timeZone ?? 'UTC';
  const currency = site.data?.currency ?? 'USD';
  const remove = useDeleteCoupon();
  const [code, setCode] = useState(filter.code);
  const [editing, setEditing] = useState<Coupon | undefined>();
  const [asking, setAsking] = useState<Coupon | undefined>();
  const [notice, setNotice] = useState('');
  const [round, setRound] = useState(0);
  const filtered = Boolean(filter.code || filter.type || filter.active);

  const go = (next: CouponFilter, nextPage = 0) =>
    setParams({
      ...(next.code ? { code: next.code } : {}),
      ...(next.type ? { type: next.type } : {}),
      ...(next.active ? { active: next.active } : {}),
      ...(nextPage > 0 ? { page: String(nextPage) } : {}),
    });

  function search(event: FormEvent) {
    event.preventDefault();
    go({ ...filter, code: code.trim() });
  }

  function done(message: string) {
    setEditing(undefined);
    setNotice(message);
    setRound(round + 1);
  }

  return (
    <>
      <SettingsHead title="Coupons" />
      <Notice message={notice} />
      <section className="card" aria-labelledby="coupons-heading" aria-busy={coupons.isFetching}>
        <h2 id="coupons-heading">Coupons</h2>
        <div className="filters">
          <search>
            <form className="search" onSubmit={search}>
              <label>
                <span className="visually-hidden">Search coupons by code</span>
                <input
                  type="search"
                  placeholder="Code starts with"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
              </label>
              <button type="submit" className="button">
                Search
              </button>
            </form>
          </search>
          <label className="inline-field">
            <span>Kind of discount</span>
            <select
              value={filter.type}
              onChange={(e) => go({ ...filter, type: e.target.value as CouponType | '' })}
            >
              <option value="">All</option>
              {COUPON_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </label>
          <label className="inline-field">
            <span>State</span>
            <select
              value={filter.active}
              onChange={(e) => go({ ...filter, active: e.target.value as CouponFilter['active'] })}
            >
              <option value="">All</option>
              <option value="true">Active</option>
              <option value="false">Switched off</option>
            </select>
          </label>
        </div>
        {coupons.isPending ? (
          <Loading label="Loading coupons…" />
        ) : coupons.isError ? (
          <ErrorState error={coupons.error} retry={() => void coupons.refetch()} />
        ) : coupons.data.coupons.length === 0 ? (
          <Empty>{filtered ? 'No coupon matches.' : 'No coupons yet: create one below.'}</Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Coupons, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Code</th>
                    <th scope="col">Discount</th>
                    <th scope="col">Used</th>
                    <th scope="col">Valid</th>
                    <th scope="col">State</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {coupons.data.coupons.map((coupon) => (
                    <tr key={coupon.id} data-testid={`coupon-${coupon.code}`}>
                      <td>
                        <span className="mono">{coupon.code}</span>
                        {coupon.name ? <div className="muted small">{coupon.name}</div> : null}
                      </td>
                      <td>
                        {discount(coupon, currency)}
                        {coupon.minimumSubtotal ? (
                          <div className="muted small">
                            over {formatMoney(coupon.minimumSubtotal, currency)}
                          </div>
                        ) : null}
                        {coupon.scope?.catalogItemIds.length ? (
                          <div className="muted small">{coupon.scope.catalogItemIds.length} items only</div>
                        ) : null}
                      </td>
                      <td className="nowrap">
                        {coupon.numberOfUsages}
                        {coupon.usageLimit === undefined ? '' : ` of ${coupon.usageLimit}`}
                      </td>
                      <td>{validity(coupon, zone)}</td>
                      <td>
                        {coupon.active ? (
                          <span className="badge badge-ok">Active</span>
                        ) : (
                          <span className="badge">Switched off</span>
                        )}
                      </td>
                      <td className="actions">
                        <button
                          type="button"
                          className="button button-small"
                          aria-label={`Edit ${coupon.code}`}
                          onClick={() => {
                            setNotice('');
                            setEditing(coupon);
                          }}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button button-small button-danger"
                          aria-label={`Delete ${coupon.code}`}
                          onClick={() => {
                            remove.reset();
                            setAsking(coupon);
                          }}
                        >
                          Delete
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={COUPON_PAGE}
              metadata={coupons.data.pagingMetadata}
              onPage={(next) => go(filter, next)}
              label="Coupon pages"
            />
          </>
        )}
      </section>
      {site.data ? (
        <CouponForm
          key={`${round}-${editing?.id ?? 'new'}`}
          {...(editing ? { editing } : {})}
          zone={zone}
          currency={currency}
          onDone={done}
        />
      ) : null}
      <ConfirmDialog
        open={asking !== undefined}
        title={`Delete coupon ${asking?.code ?? ''}?`}
        confirmLabel="Delete coupon"
        cancelLabel="Keep coupon"
        busy={remove.isPending}
        onCancel={() => setAsking(undefined)}
        onConfirm={() =>
          asking &&
          remove.mutate(asking, {
            onSuccess: () => {
              setAsking(undefined);
              done(`Coupon ${asking.code} deleted.`);
            },
          })
        }
      >
        <p>
          Carts holding its code lose it; orders placed with it keep their discount. This cannot be undone.
        </p>
        {remove.isError ? (
          <p className="form-error" role="alert">
            {remove.error instanceof ApiError ? remove.error.message : 'Could not delete the coupon.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

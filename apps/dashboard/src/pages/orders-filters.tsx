import { type FormEvent, useEffect, useState } from 'react';
import { ORDER_STATUSES } from '../lib/labels.ts';
import { hasFilters, type OrderFilters } from '../lib/order-filter.ts';
import { VERTICALS } from '../lib/verticals.ts';

const PAYMENT_STATUSES = [
  { value: '', label: 'Any payment' },
  { value: 'NOT_PAID', label: 'Not paid' },
  { value: 'AUTHORIZED', label: 'Authorised' },
  { value: 'PAID', label: 'Paid' },
  { value: 'FULLY_REFUNDED', label: 'Refunded' },
  { value: 'VOIDED', label: 'Voided' },
];

const NONE: OrderFilters = { status: '', payment: '', vertical: '', from: '', to: '', q: '' };

/**
 * The list's filters. Choices apply at once; the search text when submitted. The dates say which
 * calendar days of the site the orders were placed on.
 */
export function OrderFiltersForm(props: { filters: OrderFilters; onChange(next: OrderFilters): void }) {
  const { filters, onChange } = props;
  const [draft, setDraft] = useState(filters.q);
  // Back and forward change the URL, and the box follows it.
  useEffect(() => setDraft(filters.q), [filters.q]);
  const set = (change: Partial<OrderFilters>) => onChange({ ...filters, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ q: draft.trim() });
  };

  return (
    <search className="card order-filters" aria-label="Filter orders">
      <form onSubmit={submit} className="order-filters-grid">
        <label className="field order-filters-search">
          <span>Buyer e-mail or order number</span>
          <span className="order-filters-row">
            <input
              type="search"
              value={draft}
              placeholder="ann@example.com or 10042"
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="button">
              Search
            </button>
          </span>
        </label>
        <label className="field">
          <span>Status</span>
          <select value={filters.status} onChange={(event) => set({ status: event.target.value })}>
            {ORDER_STATUSES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Payment</span>
          <select value={filters.payment} onChange={(event) => set({ payment: event.target.value })}>
            {PAYMENT_STATUSES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Sells</span>
          <select value={filters.vertical} onChange={(event) => set({ vertical: event.target.value })}>
            <option value="">Everything</option>
            {VERTICALS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Placed from</span>
          <input
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => set({ from: event.target.value })}
          />
        </label>
        <label className="field">
          <span>Placed until</span>
          <input
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => set({ to: event.target.value })}
          />
        </label>
        {hasFilters(filters) ? (
          <button
            type="button"
            className="button button-quiet order-filters-clear"
            onClick={() => onChange(NONE)}
          >
            Clear filters
          </button>
        ) : null}
      </form>
    </search>
  );
}

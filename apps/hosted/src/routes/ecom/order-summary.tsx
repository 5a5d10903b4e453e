import { useId, useState } from 'react';
import { lineView, type TotalsRow } from '../../lib/checkout/summary.ts';
import type { Checkout } from '../../lib/checkout/types.ts';
import styles from './checkout.module.css';
import lineStyles from './order-lines.module.css';
import toggleStyles from './order-summary.module.css';

/**
 * Every line (picture; name and price, then options and quantity; a booking's or ticket's time, a
 * plan's billing, a deposit, policies) and the totals, dimmed while they update. On a phone the
 * summary sits above the form: it starts collapsed to one bar with the total, which opens it.
 */
export function OrderSummary({
  checkout,
  rows,
  updating,
}: {
  checkout: Checkout;
  rows: TotalsRow[];
  updating: boolean;
}) {
  const count = checkout.lineItems.reduce((sum, line) => sum + line.quantity, 0);
  // The total row's amount: without a tax the address may still change (summary.ts).
  const total = rows.find((row) => row.id === 'total')?.value ?? checkout.priceSummary.total.formattedAmount;
  // After "Updating totals…" the live region ends with the new total, so it is heard, not only seen.
  const [updated, setUpdated] = useState(false);
  if (updating && !updated) setUpdated(true);
  // A line with a problem (sold out meanwhile…) is not left folded away on a phone.
  const lineProblem = (checkout.violations ?? []).some((violation) => violation.target?.lineItem);
  const [opened, setOpen] = useState(false);
  const open = opened || lineProblem;
  const bodyId = useId();
  const items = count === 1 ? '1 item' : `${count} items`;
  return (
    <section
      className={`${styles.panel} ${styles.summary} ${toggleStyles.summary}`}
      aria-labelledby="summary-title"
      data-collapsed={open ? undefined : ''}
    >
      <h2 id="summary-title" className={`${styles.heading} ${toggleStyles.heading}`}>
        Order summary <span className={styles.count}>({items})</span>
      </h2>
      {/* Phones only (CSS): the bar that opens and closes the summary, its total always in view. */}
      <button
        type="button"
        className={toggleStyles.toggle}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen(!open)}
        data-summary-toggle
      >
        <span className={toggleStyles.toggleLabel}>
          {open ? 'Hide' : 'Show'} order summary <span className={styles.count}>({items})</span>
          <svg className={toggleStyles.chevron} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </span>
        <strong className={toggleStyles.toggleTotal} data-summary-total>
          {total}
        </strong>
      </button>
      <div id={bodyId} className={toggleStyles.body}>
        <ul className={lineStyles.lines}>
          {checkout.lineItems.map((item) => {
            const line = lineView(item, checkout);
            return (
              <li key={line.id} className={line.textOnly ? lineStyles.textLine : lineStyles.line}>
                {!line.textOnly && (
                  <span className={lineStyles.thumb}>
                    {line.image && <img src={line.image.url} alt="" width={64} height={64} />}
                    {/* A badge on every "1" repeats the line's "Qty 1": it marks only the lines of several. */}
                    {line.quantity > 1 && (
                      <span className={lineStyles.quantityBadge} aria-hidden="true" data-quantity-badge>
                        {line.quantity}
                      </span>
                    )}
                  </span>
                )}
                <div className={lineStyles.lineText}>
                  <div className={lineStyles.lineHead}>
                    <p className={lineStyles.lineName}>{line.name}</p>
                    <p className={lineStyles.linePrice}>{line.total}</p>
                  </div>
                  {line.when && (
                    <p className={lineStyles.when} data-line-when>
                      {line.when}
                    </p>
                  )}
                  {(line.details.length > 0 || line.participants || line.billing) && (
                    <ul className={lineStyles.details}>
                      {line.details.map((detail) => (
                        <li key={`${detail.label}:${detail.value}`}>
                          {detail.label && `${detail.label}: `}
                          {detail.color && (
                            <span
                              className={lineStyles.swatch}
                              style={{ background: detail.color }}
                              aria-hidden="true"
                            />
                          )}
                          {detail.value}
                        </li>
                      ))}
                      {line.participants && <li>{line.participants}</li>}
                      {line.billing?.map((term) => (
                        <li key={term} data-line-billing>
                          {term}
                        </li>
                      ))}
                    </ul>
                  )}
                  <p className={lineStyles.quantity}>
                    Qty {line.quantity}
                    {(line.quantity > 1 || line.fullPrice) && ` × ${line.unitPrice}`}
                    {line.fullPrice && (
                      <>
                        {' '}
                        <s className={lineStyles.fullPrice}>
                          <span className={styles.visuallyHidden}>was </span>
                          {line.fullPrice}
                        </s>
                      </>
                    )}
                  </p>
                  {line.priceDescription && <p className={lineStyles.note}>{line.priceDescription}</p>}
                  {line.deposit && <p className={lineStyles.deposit}>{line.deposit}</p>}
                  {line.problem && <p className={lineStyles.lineProblem}>{line.problem}</p>}
                  {line.policies && (
                    <ul className={lineStyles.policies}>
                      {line.policies.map((policy, index) => (
                        // Two policies may share a title; their place tells them apart.
                        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                        <li key={index}>
                          <details>
                            <summary>{policy.title}</summary>
                            <p>{policy.content}</p>
                          </details>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <dl
          className={`${styles.totals} ${updating ? styles.updating : ''}`}
          aria-busy={updating || undefined}
        >
          {rows.map((row) => (
            <div key={row.id} className={row.id === 'total' ? styles.totalRow : styles.row} data-row={row.id}>
              <dt>{row.label}</dt>
              <dd className={row.pending ? styles.pending : undefined}>{row.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <p className={styles.status} role="status" data-totals-status>
        {updating ? (
          'Updating totals…'
        ) : updated ? (
          <span className={styles.visuallyHidden}>Totals updated. Total: {total}</span>
        ) : null}
      </p>
    </section>
  );
}

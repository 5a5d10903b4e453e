import { type FormEvent, useState } from 'react';
import { type BulkPrice, useBulkPrice, useBulkStock } from '../api/catalog-bulk.ts';
import { ApiError } from '../api/client.ts';
import { describedBy, Field, violationsOf } from '../components/field.tsx';
import { bulkFailures, parseAmount, parseQuantity } from '../lib/catalog.ts';

type Action = 'set' | 'amount' | 'percent' | 'stock';

const ACTIONS: Array<{ value: Action; label: string; field: string; hint: string }> = [
  { value: 'set', label: 'Set the price to', field: 'New price', hint: 'e.g. 24.00' },
  { value: 'amount', label: 'Change the price by an amount', field: 'Amount', hint: 'e.g. 2 or -1.50' },
  { value: 'percent', label: 'Change the price by a percentage', field: 'Percent', hint: 'e.g. 10 or -15' },
  { value: 'stock', label: 'Set the stock to', field: 'Quantity', hint: 'counted for every variant' },
];

export interface Selected {
  id: string;
  name: string;
  manageVariants: boolean;
}

interface Outcome {
  done: number;
  failures: Array<{ name: string; message: string }>;
}

/** One change for the selected products: a price (set, or moved by an amount or a percentage) or the stock. */
export function BulkChanges({ selected, onClear }: { selected: Selected[]; onClear(): void }) {
  const price = useBulkPrice();
  const stock = useBulkStock();
  const [action, setAction] = useState<Action>('set');
  const [value, setValue] = useState('');
  const [local, setLocal] = useState('');
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const chosen = ACTIONS.find((a) => a.value === action)!;
  const names = new Map(selected.map((product) => [product.id, product.name]));
  const busy = price.isPending || stock.isPending;
  const apiError = violationsOf(price.error, 'set', 'adjust', 'ids');
  const error = local || apiError;

  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(undefined);
    if (action === 'stock') {
      const quantity = parseQuantity(value);
      if (quantity === null || quantity === undefined) return setLocal('Enter a whole number of items.');
      setLocal('');
      stock.mutate(
        { products: selected, quantity },
        {
          onSuccess: ({ done, failures }) => {
            setOutcome({
              done,
              failures: failures.map((f) => ({ name: names.get(f.id) ?? f.id, message: f.message })),
            });
          },
        },
      );
      return;
    }
    const amount = parseAmount(value, action !== 'set');
    if (amount === null || amount === undefined)
      return setLocal(
        action === 'percent' ? 'Enter a percentage such as 10 or -15.' : 'Enter an amount such as 12.50.',
      );
    setLocal('');
    const change: BulkPrice =
      action === 'set'
        ? { kind: 'set', price: amount }
        : action === 'amount'
          ? { kind: 'amount', amount }
          : { kind: 'percent', rate: amount };
    price.mutate(
      { ids: selected.map((product) => product.id), change },
      {
        onSuccess: (result) => {
          setOutcome({
            done: result.bulkActionMetadata.totalSuccesses,
            failures: bulkFailures(result, names),
          });
        },
      },
    );
  }

  const failure = price.error && !apiError ? price.error : stock.error;
  return (
    <section className="card bulk" aria-labelledby="bulk-title">
      <div className="bulk-head">
        <h2 id="bulk-title">
          Change {selected.length} selected product{selected.length === 1 ? '' : 's'}
        </h2>
        <button type="button" className="button button-small" onClick={onClear}>
          Clear the selection
        </button>
      </div>
      <form className="bulk-form" onSubmit={submit} noValidate>
        <Field id="bulk-action" label="What to change">
          <select
            id="bulk-action"
            value={action}
            onChange={(event) => {
              setAction(event.target.value as Action);
              setLocal('');
            }}
          >
            {ACTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="bulk-value" label={chosen.field} error={error} hint={chosen.hint}>
          <input
            {...describedBy('bulk-value', error, chosen.hint)}
            inputMode="decimal"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </Field>
        <button type="submit" className="button button-primary bulk-apply" disabled={busy}>
          {busy ? 'Applying…' : 'Apply'}
        </button>
      </form>
      {failure ? (
        <p className="form-error" role="alert">
          {failure instanceof ApiError ? failure.message : 'The change could not be made.'}
        </p>
      ) : null}
      {outcome ? (
        <div role="status" className={outcome.failures.length > 0 ? 'notice notice-warn' : 'notice'}>
          <p>
            Changed {outcome.done} product{outcome.done === 1 ? '' : 's'}.
            {outcome.failures.length > 0 ? ` ${outcome.failures.length} not changed:` : ''}
          </p>
          {outcome.failures.length > 0 ? (
            <ul className="bulk-failures">
              {outcome.failures.map((item) => (
                <li key={item.name}>
                  <strong>{item.name}</strong>: {item.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

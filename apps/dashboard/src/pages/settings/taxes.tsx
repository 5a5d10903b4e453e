import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import {
  type EcomSettings,
  type TaxItemType,
  type TaxOptions,
  type TaxRate,
  useEcomSettings,
  useUpdateEcomSettings,
} from '../../api/settings-ecom.ts';
import { ConfirmDialog } from '../../components/confirm.tsx';
import { describedBy, Field, FormError, violationsOf } from '../../components/field.tsx';
import { Empty, ErrorState, Loading, Notice } from '../../components/states.tsx';
import {
  countryName,
  EMPTY_RATE,
  placed,
  rateDraft,
  rateOf,
  type TaxRateDraft,
  violationOn,
} from '../../lib/settings-forms.ts';
import { SettingsHead } from './nav.tsx';

const ITEM_TYPES: Array<{ value: TaxItemType | ''; label: string }> = [
  { value: '', label: 'Every item' },
  { value: 'PHYSICAL', label: 'Physical goods' },
  { value: 'DIGITAL', label: 'Digital goods' },
  { value: 'SERVICE', label: 'Services' },
  { value: 'SHIPPING', label: 'Shipping' },
];

const itemTypeLabel = (type: TaxItemType | undefined) =>
  ITEM_TYPES.find((t) => t.value === (type ?? ''))?.label ?? type;

export const placeOf = (rate: { country: string; subdivision?: string }) =>
  `${countryName(rate.country)}${rate.subdivision ? ` · ${rate.subdivision}` : ''}`;

function TaxOptionsForm({ settings }: { settings: EcomSettings }) {
  const update = useUpdateEcomSettings();
  const [draft, setDraft] = useState<TaxOptions>({
    taxIncludedInPrices: settings.taxIncludedInPrices ?? false,
    taxShipping: settings.taxShipping ?? false,
    taxableAddressType: settings.taxableAddressType ?? 'SHIPPING',
  });
  const addressError = violationsOf(update.error, 'settings.taxableAddressType');
  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(draft);
  }
  return (
    <section className="card" aria-labelledby="tax-options">
      <h2 id="tax-options">How tax is charged</h2>
      <form className="form-grid" onSubmit={submit} noValidate>
        <FormError error={update.error} shown={['settings.taxableAddressType']} />
        {update.isSuccess ? (
          <p className="notice" role="status">
            Tax options saved.
          </p>
        ) : null}
        <label className="check">
          <input
            type="checkbox"
            checked={draft.taxIncludedInPrices ?? false}
            onChange={(event) => setDraft({ ...draft, taxIncludedInPrices: event.target.checked })}
          />
          Prices include tax
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.taxShipping ?? false}
            onChange={(event) => setDraft({ ...draft, taxShipping: event.target.checked })}
          />
          Tax shipping at the place's rate (where no shipping rate is set)
        </label>
        <Field id="tax-address" label="Address taxed" error={addressError}>
          <select
            {...describedBy('tax-address', addressError)}
            value={draft.taxableAddressType}
            onChange={(event) =>
              setDraft({
                ...draft,
                taxableAddressType: event.target.value as TaxOptions['taxableAddressType'],
              })
            }
          >
            <option value="SHIPPING">Shipping address</option>
            <option value="BILLING">Billing address</option>
            <option value="BUSINESS">The store’s business address</option>
          </select>
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save tax options'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Adds a rate (`index` undefined) or changes rate `index`; the whole list is saved at once. */
function RateForm(props: { rates: TaxRate[]; index: number | undefined; onDone(message: string): void }) {
  const update = useUpdateEcomSettings();
  const editing = props.index === undefined ? undefined : props.rates[props.index];
  const [draft, setDraft] = useState<TaxRateDraft>(editing ? rateDraft(editing) : EMPTY_RATE);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) first.current?.focus();
  }, [editing]);
  const at = `settings.taxRates[${props.index ?? props.rates.length}]`;
  const error = (field: string) => violationsOf(update.error, `${at}.${field}`);
  const whole = violationOn(update.error, at);
  const set = (field: keyof TaxRateDraft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const rate = rateOf(draft);
    update.mutate(
      { taxRates: placed(props.rates, rate, props.index) },
      {
        onSuccess: () => {
          setDraft(EMPTY_RATE);
          props.onDone(`Rate for ${placeOf(rate)} saved.`);
        },
      },
    );
  }

  return (
    <section className="card" aria-labelledby="rate-form">
      <h2 id="rate-form">{editing ? `Edit the rate for ${placeOf(editing)}` : 'Add a rate'}</h2>
      <form className="form-grid" onSubmit={submit} noValidate>
        <FormError error={update.error} shown={[at]} />
        {whole ? (
          <p className="form-error" role="alert">
            This rate {whole}.
          </p>
        ) : null}
        <Field
          id="rate-country"
          label="Country"
          error={error('country')}
          hint="Two letters (US, DE), or * for everywhere."
        >
          <input
            ref={first}
            {...describedBy('rate-country', error('country'), 'hint')}
            value={draft.country}
            maxLength={2}
            autoComplete="off"
            onChange={set('country')}
          />
        </Field>
        <Field
          id="rate-region"
          label="Region (optional)"
          error={error('subdivision')}
          hint="ISO code, e.g. US-CA."
        >
          <input
            {...describedBy('rate-region', error('subdivision'), 'hint')}
            value={draft.subdivision}
            autoComplete="off"
            onChange={set('subdivision')}
          />
        </Field>
        <Field id="rate-type" label="Applies to" error={error('itemType')}>
          <select
            {...describedBy('rate-type', error('itemType'))}
            value={draft.itemType}
            onChange={set('itemType')}
          >
            {ITEM_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="rate-rate" label="Rate (%)" error={error('rate')}>
          <input
            {...describedBy('rate-rate', error('rate'))}
            value={draft.rate}
            inputMode="decimal"
            onChange={set('rate')}
          />
        </Field>
        <Field id="rate-name" label="Name (optional)" error={error('name')} hint="Shown to buyers, e.g. VAT.">
          <input
            {...describedBy('rate-name', error('name'), 'hint')}
            value={draft.name}
            onChange={set('name')}
          />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : editing ? 'Save rate' : 'Add rate'}
          </button>
          {editing ? (
            <button type="button" className="button" onClick={() => props.onDone('')}>
              Cancel editing
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** Tax rates per place and item type, and how tax is charged. */
export function Taxes() {
  const settings = useEcomSettings();
  const remove = useUpdateEcomSettings();
  const [editing, setEditing] = useState<number | undefined>();
  const [asking, setAsking] = useState<number | undefined>();
  const [notice, setNotice] = useState('');
  // A new form after each save, so that its draft and errors start afresh.
  const [round, setRound] = useState(0);
  const rates = settings.data?.taxRates ?? [];
  const asked = asking === undefined ? undefined : rates[asking];

  function done(message: string) {
    setEditing(undefined);
    setNotice(message);
    setRound(round + 1);
  }

  return (
    <>
      <SettingsHead title="Taxes" />
      <Notice message={notice} />
      <section className="card" aria-labelledby="rates-heading" aria-busy={settings.isFetching}>
        <h2 id="rates-heading">Tax rates</h2>
        {settings.isPending ? (
          <Loading label="Loading tax rates…" />
        ) : settings.isError ? (
          <ErrorState error={settings.error} retry={() => void settings.refetch()} />
        ) : rates.length === 0 ? (
          <Empty>No tax rates: nothing is taxed. Add one below.</Empty>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Tax rates</caption>
              <thead>
                <tr>
                  <th scope="col">Place</th>
                  <th scope="col">Applies to</th>
                  <th scope="col">Rate</th>
                  <th scope="col">Name</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rates.map((rate, index) => {
                  const what = `${placeOf(rate)}, ${itemTypeLabel(rate.itemType)}`;
                  return (
                    <tr
                      key={`${rate.country}-${rate.subdivision ?? ''}-${rate.itemType ?? ''}`}
                      data-testid="tax-rate"
                    >
                      <td>{placeOf(rate)}</td>
                      <td>{itemTypeLabel(rate.itemType)}</td>
                      <td className="nowrap">{rate.rate} %</td>
                      <td>{rate.name ?? '—'}</td>
                      <td className="actions">
                        <button
                          type="button"
                          className="button button-small"
                          aria-label={`Edit ${what}`}
                          onClick={() => {
                            setNotice('');
                            setEditing(index);
                          }}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button button-small button-danger"
                          aria-label={`Remove ${what}`}
                          onClick={() => {
                            remove.reset();
                            setAsking(index);
                          }}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {settings.data ? (
        <>
          <RateForm key={`${round}-${editing ?? 'new'}`} rates={rates} index={editing} onDone={done} />
          <TaxOptionsForm settings={settings.data} />
        </>
      ) : null}
      <ConfirmDialog
        open={asked !== undefined}
        title={`Remove the rate for ${asked ? placeOf(asked) : ''}?`}
        confirmLabel="Remove rate"
        cancelLabel="Keep rate"
        busy={remove.isPending}
        onCancel={() => setAsking(undefined)}
        onConfirm={() =>
          asked &&
          remove.mutate(
            { taxRates: rates.filter((_, i) => i !== asking) },
            {
              onSuccess: () => {
                setAsking(undefined);
                done(`Rate for ${placeOf(asked)} removed.`);
              },
            },
          )
        }
      >
        <p>
          {asked ? `${itemTypeLabel(asked.itemType)} at ${asked.rate} %` : ''}: new carts and checkouts stop
          charging it at once; orders already placed keep their tax.
        </p>
        {remove.isError ? (
          <p className="form-error" role="alert">
            {remove.error instanceof ApiError ? remove.error.message : 'Could not remove the rate.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

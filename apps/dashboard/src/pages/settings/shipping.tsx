import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { type ShippingOption, useEcomSettings, useUpdateEcomSettings } from '../../api/settings-ecom.ts';
import { useSite } from '../../api/store.ts';
import { ConfirmDialog } from '../../components/confirm.tsx';
import { describedBy, Field, FormError, violationsOf } from '../../components/field.tsx';
import { Empty, ErrorState, Loading, Notice } from '../../components/states.tsx';
import { formatMoney } from '../../lib/decimal.ts';
import {
  countryName,
  EMPTY_SHIPPING,
  placed,
  type ShippingDraft,
  shippingDraft,
  shippingOf,
  violationOn,
} from '../../lib/settings-forms.ts';
import { SettingsHead } from './nav.tsx';

const TYPES = { FLAT_RATE: 'Delivery, flat rate', STORE_PICKUP: 'Store pickup' } as const;

function Regions(props: {
  draft: ShippingDraft;
  at: string;
  error: unknown;
  onChange(d: ShippingDraft): void;
}) {
  const { draft } = props;
  const setRegion = (key: number, field: 'country' | 'subdivision' | 'price', value: string) =>
    props.onChange({
      ...draft,
      regions: draft.regions.map((r) => (r.key === key ? { ...r, [field]: value } : r)),
    });
  const add = () => {
    const key = Math.max(-1, ...draft.regions.map((r) => r.key)) + 1;
    props.onChange({
      ...draft,
      regions: [...draft.regions, { key, country: '', subdivision: '', price: '' }],
    });
  };
  return (
    <fieldset className="fieldset">
      <legend>Prices by region (optional: the price above applies elsewhere)</legend>
      <ul className="rows">
        {draft.regions.map((region, j) => {
          const at = `${props.at}.regions[${j}]`;
          const id = `region-${region.key}`;
          const error = (field: string) => violationsOf(props.error, `${at}.${field}`);
          const whole = violationOn(props.error, at);
          return (
            <li key={region.key}>
              <div className="row-fields">
                <Field id={`${id}-country`} label={`Region ${j + 1} country`} error={error('country')}>
                  <input
                    {...describedBy(`${id}-country`, error('country'))}
                    value={region.country}
                    maxLength={2}
                    onChange={(e) => setRegion(region.key, 'country', e.target.value)}
                  />
                </Field>
                <Field id={`${id}-sub`} label={`Region ${j + 1} subdivision`} error={error('subdivision')}>
                  <input
                    {...describedBy(`${id}-sub`, error('subdivision'))}
                    value={region.subdivision}
                    onChange={(e) => setRegion(region.key, 'subdivision', e.target.value)}
                  />
                </Field>
                <Field id={`${id}-price`} label={`Region ${j + 1} price`} error={error('price')}>
                  <input
                    {...describedBy(`${id}-price`, error('price'))}
                    value={region.price}
                    inputMode="decimal"
                    onChange={(e) => setRegion(region.key, 'price', e.target.value)}
                  />
                </Field>
                <button
                  type="button"
                  className="button"
                  aria-label={`Remove region ${j + 1}`}
                  onClick={() =>
                    props.onChange({ ...draft, regions: draft.regions.filter((r) => r.key !== region.key) })
                  }
                >
                  Remove
                </button>
              </div>
              {whole ? (
                <span className="field-error">
                  Region {j + 1} {whole}.
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <button type="button" className="button" onClick={add}>
        Add a region price
      </button>
    </fieldset>
  );
}

function PickupAddress(props: {
  draft: ShippingDraft;
  at: string;
  error: unknown;
  onChange(d: ShippingDraft): void;
}) {
  const fields = [
    ['addressLine', 'Street address'],
    ['city', 'City'],
    ['postalCode', 'Postal code'],
    ['country', 'Country'],
    ['subdivision', 'Region'],
  ] as const;
  return (
    <fieldset className="fieldset">
      <legend>Pickup address</legend>
      {fields.map(([field, label]) => {
        const error = violationsOf(props.error, `${props.at}.pickupAddress.${field}`);
        return (
          <Field key={field} id={`pickup-${field}`} label={label} error={error}>
            <input
              {...describedBy(`pickup-${field}`, error)}
              value={props.draft.pickup[field]}
              onChange={(e) =>
                props.onChange({ ...props.draft, pickup: { ...props.draft.pickup, [field]: e.target.value } })
              }
            />
          </Field>
        );
      })}
    </fieldset>
  );
}

/** Adds an option (`index` undefined) or changes option `index`; the whole list is saved at once. */
function OptionForm(props: {
  options: ShippingOption[];
  index: number | undefined;
  onDone(message: string): void;
}) {
  const update = useUpdateEcomSettings();
  const editing = props.index === undefined ? undefined : props.options[props.index];
  const [draft, setDraft] = useState<ShippingDraft>(editing ? shippingDraft(editing) : EMPTY_SHIPPING);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) first.current?.focus();
  }, [editing]);
  const at = `settings.shippingOptions[${props.index ?? props.options.length}]`;
  const error = (field: string) => violationsOf(update.error, `${at}.${field}`);
  const text = (
    field: 'code' | 'title' | 'price' | 'freeOver' | 'deliveryTime' | 'instructions',
    hint?: 'hint',
  ) => ({
    ...describedBy(`ship-${field}`, error(field), hint),
    value: draft[field],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const option = shippingOf(draft, editing);
    update.mutate(
      { shippingOptions: placed(props.options, option, props.index) },
      { onSuccess: () => props.onDone(`Shipping option “${option.title}” saved.`) },
    );
  }

  return (
    <section className="card" aria-labelledby="ship-form">
      <h2 id="ship-form">{editing ? `Edit ${editing.title}` : 'Add a shipping option'}</h2>
      <form className="form-grid" onSubmit={submit} noValidate>
        <FormError error={update.error} shown={[at]} />
        <Field id="ship-title" label="Title" error={error('title')} hint="What buyers choose, e.g. Express.">
          <input ref={first} {...text('title', 'hint')} />
        </Field>
        <Field
          id="ship-code"
          label="Code"
          error={error('code')}
          hint="Letters, digits, - and _; orders keep it."
        >
          <input {...text('code', 'hint')} />
        </Field>
        <Field id="ship-type" label="Kind" error={error('type')}>
          <select
            {...describedBy('ship-type', error('type'))}
            value={draft.type}
            onChange={(event) => setDraft({ ...draft, type: event.target.value as ShippingDraft['type'] })}
          >
            {Object.entries(TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="ship-price" label="Price (empty for free)" error={error('price')}>
          <input {...text('price')} inputMode="decimal" />
        </Field>
        <Field id="ship-freeOver" label="Free over (optional)" error={error('freeOver')}>
          <input {...text('freeOver')} inputMode="decimal" />
        </Field>
        <Field id="ship-deliveryTime" label="Delivery time (optional)" error={error('deliveryTime')}>
          <input {...text('deliveryTime')} />
        </Field>
        <Field id="ship-instructions" label="Instructions (optional)" error={error('instructions')}>
          <input {...text('instructions')} />
        </Field>
        <Regions draft={draft} at={at} error={update.error} onChange={setDraft} />
        {draft.type === 'STORE_PICKUP' ? (
          <PickupAddress draft={draft} at={at} error={update.error} onChange={setDraft} />
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : editing ? 'Save option' : 'Add option'}
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

/** The shipping options buyers choose from, with their prices by region. */
export function Shipping() {
  const settings = useEcomSettings();
  const currency = useSite().data?.currency ?? 'USD';
  const remove = useUpdateEcomSettings();
  const [editing, setEditing] = useState<number | undefined>();
  const [asking, setAsking] = useState<number | undefined>();
  const [notice, setNotice] = useState('');
  const [round, setRound] = useState(0);
  const options = settings.data?.shippingOptions ?? [];
  const asked = asking === undefined ? undefined : options[asking];
  const money = (value: string | undefined) => (value ? formatMoney(value, currency) : 'Free');

  function done(message: string) {
    setEditing(undefined);
    setNotice(message);
    setRound(round + 1);
  }

  return (
    <>
      <SettingsHead title="Shipping" />
      <Notice message={notice} />
      <section className="card" aria-labelledby="options-heading" aria-busy={settings.isFetching}>
        <h2 id="options-heading">Shipping options</h2>
        {settings.isPending ? (
          <Loading label="Loading shipping options…" />
        ) : settings.isError ? (
          <ErrorState error={settings.error} retry={() => void settings.refetch()} />
        ) : options.length === 0 ? (
          <Empty>No shipping options: orders that ship cannot be placed. Add one below.</Empty>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Shipping options</caption>
              <thead>
                <tr>
                  <th scope="col">Option</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Price</th>
                  <th scope="col">Regions</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {options.map((option, index) => (
                  <tr key={option.code} data-testid="shipping-option">
                    <td>
                      {option.title} <span className="mono small muted">{option.code}</span>
                      {option.deliveryTime ? <div className="muted small">{option.deliveryTime}</div> : null}
                    </td>
                    <td>{TYPES[option.type]}</td>
                    <td className="nowrap">
                      {money(option.price)}
                      {option.freeOver ? (
                        <div className="muted small">free over {money(option.freeOver)}</div>
                      ) : null}
                    </td>
                    <td>
                      {option.regions?.length
                        ? option.regions
                            .map((r) => `${r.subdivision ?? countryName(r.country)}: ${money(r.price)}`)
                            .join(', ')
                        : 'Everywhere'}
                    </td>
                    <td className="actions">
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Edit ${option.title}`}
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
                        aria-label={`Remove ${option.title}`}
                        onClick={() => {
                          remove.reset();
                          setAsking(index);
                        }}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {settings.data ? (
        <OptionForm key={`${round}-${editing ?? 'new'}`} options={options} index={editing} onDone={done} />
      ) : null}
      <ConfirmDialog
        open={asked !== undefined}
        title={`Remove ${asked?.title ?? 'option'}?`}
        confirmLabel="Remove option"
        cancelLabel="Keep option"
        busy={remove.isPending}
        onCancel={() => setAsking(undefined)}
        onConfirm={() =>
          asked &&
          remove.mutate(
            { shippingOptions: options.filter((_, i) => i !== asking) },
            {
              onSuccess: () => {
                setAsking(undefined);
                done(`Shipping option “${asked.title}” removed.`);
              },
            },
          )
        }
      >
        <p>Buyers can no longer choose it; checkouts that chose it ask again.</p>
        {remove.isError ? (
          <p className="form-error" role="alert">
            {remove.error instanceof ApiError ? remove.error.message : 'Could not remove the option.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

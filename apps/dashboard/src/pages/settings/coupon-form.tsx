import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type Coupon, type CouponType, useSaveCoupon } from '../../api/settings-ecom.ts';
import { describedBy, Field, FormError, violationsOf } from '../../components/field.tsx';
import { type CouponDraft, couponDraft, couponOf, EMPTY_COUPON } from '../../lib/settings-forms.ts';

export const COUPON_TYPES: Array<{ value: CouponType; label: string }> = [
  { value: 'PERCENTAGE', label: 'Percentage off' },
  { value: 'FIXED_AMOUNT', label: 'Fixed amount off' },
  { value: 'FREE_SHIPPING', label: 'Free shipping' },
];

const SHOWN = [
  'coupon.code',
  'coupon.name',
  'coupon.type',
  'coupon.percentage',
  'coupon.amount',
  'coupon.minimumSubtotal',
  'coupon.startDate',
  'coupon.expirationDate',
  'coupon.usageLimit',
  'coupon.scope',
];

type TextField = Exclude<keyof CouponDraft, 'type' | 'active'>;

/** Creates a coupon, or edits `editing` (every field sent: one emptied is cleared). */
export function CouponForm(props: {
  editing?: Coupon;
  zone: string;
  currency: string;
  onDone(message: string): void;
}) {
  const save = useSaveCoupon();
  const { editing, zone } = props;
  const [draft, setDraft] = useState<CouponDraft>(editing ? couponDraft(editing, zone) : EMPTY_COUPON);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) first.current?.focus();
  }, [editing]);
  const error = (field: string) => violationsOf(save.error, `coupon.${field}`);
  const input = (field: TextField, hint?: 'hint') => ({
    ...describedBy(`coupon-${field}`, error(field === 'catalogItemIds' ? 'scope' : field), hint),
    value: draft[field],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const coupon = couponOf(draft, zone);
    save.mutate(
      { coupon, ...(editing ? { editing } : {}) },
      {
        onSuccess: ({ coupon: saved }) =>
          props.onDone(`Coupon ${saved.code} ${editing ? 'saved' : 'created'}.`),
      },
    );
  }

  return (
    <section className="card" aria-labelledby="coupon-form">
      <h2 id="coupon-form">{editing ? `Edit coupon ${editing.code}` : 'Create a coupon'}</h2>
      <form className="form-grid" onSubmit={submit} noValidate>
        <FormError error={save.error} shown={SHOWN} />
        <Field id="coupon-code" label="Code" error={error('code')} hint="3 to 40 letters, digits, - or _.">
          <input ref={first} {...input('code', 'hint')} autoComplete="off" />
        </Field>
        <Field id="coupon-name" label="Name (optional)" error={error('name')}>
          <input {...input('name')} />
        </Field>
        <Field id="coupon-type" label="Discount" error={error('type')}>
          <select
            {...describedBy('coupon-type', error('type'))}
            value={draft.type}
            onChange={(event) => setDraft({ ...draft, type: event.target.value as CouponType })}
          >
            {COUPON_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </Field>
        {draft.type === 'PERCENTAGE' ? (
          <Field id="coupon-percentage" label="Percentage off" error={error('percentage')}>
            <input {...input('percentage')} inputMode="decimal" />
          </Field>
        ) : null}
        {draft.type === 'FIXED_AMOUNT' ? (
          <Field id="coupon-amount" label={`Amount off (${props.currency})`} error={error('amount')}>
            <input {...input('amount')} inputMode="decimal" />
          </Field>
        ) : null}
        <Field
          id="coupon-minimumSubtotal"
          label={`Minimum subtotal (${props.currency}, optional)`}
          error={error('minimumSubtotal')}
        >
          <input {...input('minimumSubtotal')} inputMode="decimal" />
        </Field>
        <Field
          id="coupon-usageLimit"
          label="Usage limit (optional)"
          error={error('usageLimit')}
          hint="Orders in all."
        >
          <input {...input('usageLimit', 'hint')} inputMode="numeric" />
        </Field>
        <Field
          id="coupon-startDate"
          label="Starts (optional)"
          error={error('startDate')}
          hint={`Time zone ${zone}.`}
        >
          <input {...input('startDate', 'hint')} type="datetime-local" />
        </Field>
        <Field
          id="coupon-expirationDate"
          label="Expires (optional)"
          error={error('expirationDate')}
          hint={`Time zone ${zone}.`}
        >
          <input {...input('expirationDate', 'hint')} type="datetime-local" />
        </Field>
        <Field
          id="coupon-catalogItemIds"
          label="Only for these items (optional)"
          error={error('scope')}
          hint="Catalog item ids (product ids), one a line; empty for the whole cart."
        >
          <textarea {...input('catalogItemIds', 'hint')} rows={2} />
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.active}
            onChange={(event) => setDraft({ ...draft, active: event.target.checked })}
          />
          Active (buyers can use it)
        </label>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : editing ? 'Save coupon' : 'Create coupon'}
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

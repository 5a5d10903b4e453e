import { type FormEvent, useState } from 'react';
import { type NewPlan, useCreatePlan } from '../api/plans.ts';
import { describedBy, Field, FormError, violationsOf } from '../components/field.tsx';

const BILLING: Array<{ value: NewPlan['billing']; label: string }> = [
  { value: 'MONTH', label: 'Every month' },
  { value: 'YEAR', label: 'Every year' },
  { value: 'WEEK', label: 'Every week' },
  { value: 'ONCE', label: 'One payment, never ends' },
];

const EMPTY: NewPlan = { name: '', price: '', billing: 'MONTH', public: true };
const PRICING_FIELDS = ['plan.pricing.subscription', 'plan.pricing.singlePaymentUnlimited'];

/** A new plan: name, price (empty for free) and billing period; the API's violations beside each field. */
export function PlanForm({ currency, onCreated }: { currency: string; onCreated(name: string): void }) {
  const create = useCreatePlan(currency);
  const [plan, setPlan] = useState<NewPlan>(EMPTY);
  const nameError = violationsOf(create.error, 'plan.name', 'plan.slug');
  const priceError = violationsOf(create.error, 'plan.pricing.price');
  const billingError = violationsOf(create.error, ...PRICING_FIELDS);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(plan, {
      onSuccess: () => {
        onCreated(plan.name);
        setPlan(EMPTY);
      },
    });
  }

  return (
    <section className="card" aria-labelledby="new-plan">
      <h2 id="new-plan">New plan</h2>
      <form className="form-grid" onSubmit={submit} noValidate>
        <FormError error={create.error} shown={['plan.name', 'plan.slug', 'plan.pricing']} />
        <Field id="plan-name" label="Name" error={nameError}>
          <input
            {...describedBy('plan-name', nameError)}
            value={plan.name}
            maxLength={50}
            onChange={(event) => setPlan({ ...plan, name: event.target.value })}
          />
        </Field>
        <Field
          id="plan-price"
          label={`Price (${currency})`}
          error={priceError}
          hint="Leave empty for a free plan."
        >
          <input
            {...describedBy('plan-price', priceError, 'hint')}
            inputMode="decimal"
            value={plan.price}
            placeholder="0.00"
            onChange={(event) => setPlan({ ...plan, price: event.target.value })}
          />
        </Field>
        <Field id="plan-billing" label="Billing" error={billingError}>
          <select
            {...describedBy('plan-billing', billingError)}
            value={plan.billing}
            onChange={(event) => setPlan({ ...plan, billing: event.target.value as NewPlan['billing'] })}
          >
            {BILLING.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={plan.public}
            onChange={(event) => setPlan({ ...plan, public: event.target.checked })}
          />
          Show it to visitors and members
        </label>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create plan'}
          </button>
        </div>
      </form>
    </section>
  );
}

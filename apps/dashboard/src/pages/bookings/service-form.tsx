import { type FormEvent, useState } from 'react';
import { type RateType, useCreateService, useStaff } from '../../api/bookings.ts';
import { describedBy, Field, FormError, violationsOf } from '../../components/field.tsx';
import { EMPTY_SERVICE, type ServiceDraft, serviceFieldsOf } from '../../lib/service-draft.ts';

const RATES: Array<{ value: RateType; label: string }> = [
  { value: 'FIXED', label: 'Fixed price' },
  { value: 'VARIED', label: 'Varies (a starting price)' },
  { value: 'CUSTOM', label: 'Custom text' },
  { value: 'NO_FEE', label: 'Free' },
];

const PRICE_FIELDS = ['service.payment'];

/** Name, duration, price, staff and approval of a service; the API's violations beside each field. */
export function ServiceFields(props: {
  draft: ServiceDraft;
  onChange(draft: ServiceDraft): void;
  error: unknown;
  currency: string;
  withDuration: boolean;
}) {
  const { draft, onChange, error } = props;
  const staff = useStaff(0, 100);
  const nameError = violationsOf(error, 'service.name');
  const durationError = violationsOf(error, 'service.schedule');
  const priceError = violationsOf(error, ...PRICE_FIELDS);
  const staffError = violationsOf(error, 'service.staffMemberIds');
  const approvalError = violationsOf(error, 'service.onlineBooking');
  const set = (patch: Partial<ServiceDraft>) => onChange({ ...draft, ...patch });
  const showsPrice = draft.rateType === 'FIXED' || draft.rateType === 'VARIED';
  return (
    <>
      <FormError
        error={error}
        shown={[
          'service.name',
          'service.schedule',
          'service.payment',
          'service.staffMemberIds',
          'service.onlineBooking',
        ]}
      />
      <Field id="service-name" label="Name" error={nameError}>
        <input
          {...describedBy('service-name', nameError)}
          value={draft.name}
          maxLength={400}
          onChange={(event) => set({ name: event.target.value })}
        />
      </Field>
      {props.withDuration ? (
        <Field id="service-duration" label="Duration (minutes)" error={durationError}>
          <input
            {...describedBy('service-duration', durationError)}
            inputMode="numeric"
            value={draft.duration}
            onChange={(event) => set({ duration: event.target.value })}
          />
        </Field>
      ) : null}
      <Field id="service-rate" label="Price type" error={showsPrice ? undefined : priceError}>
        <select
          {...describedBy('service-rate', showsPrice ? undefined : priceError)}
          value={draft.rateType}
          onChange={(event) => set({ rateType: event.target.value as RateType })}
        >
          {RATES.map((rate) => (
            <option key={rate.value} value={rate.value}>
              {rate.label}
            </option>
          ))}
        </select>
      </Field>
      {showsPrice ? (
        <Field id="service-price" label={`Price (${props.currency})`} error={priceError}>
          <input
            {...describedBy('service-price', priceError)}
            inputMode="decimal"
            placeholder="0.00"
            value={draft.price}
            onChange={(event) => set({ price: event.target.value })}
          />
        </Field>
      ) : null}
      {draft.rateType === 'CUSTOM' ? (
        <Field id="service-custom" label="Price text">
          <input
            id="service-custom"
            maxLength={50}
            value={draft.customText}
            onChange={(event) => set({ customText: event.target.value })}
          />
        </Field>
      ) : null}
      <fieldset className="fieldset" aria-describedby={staffError ? 'service-staff-error' : undefined}>
        <legend>Staff</legend>
        {staff.isPending ? (
          <span className="muted">Loading staff…</span>
        ) : staff.isError ? (
          <span className="form-error">Could not load the staff.</span>
        ) : staff.data.staffMembers.length === 0 ? (
          <span className="muted">No staff members yet.</span>
        ) : (
          <div className="checks">
            {staff.data.staffMembers.map((member) => (
              <label key={member.id} className="check">
                <input
                  type="checkbox"
                  checked={draft.staffIds.includes(member.id)}
                  onChange={(event) =>
                    set({
                      staffIds: event.target.checked
                        ? [...draft.staffIds, member.id]
                        : draft.staffIds.filter((id) => id !== member.id),
                    })
                  }
                />
                {member.name}
              </label>
            ))}
          </div>
        )}
        {staffError ? (
          <span className="field-error" id="service-staff-error">
            {staffError}
          </span>
        ) : null}
      </fieldset>
      <fieldset className="fieldset" aria-describedby={approvalError ? 'service-online-error' : undefined}>
        <legend>Online booking</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.onlineEnabled}
            onChange={(event) => set({ onlineEnabled: event.target.checked })}
          />
          Customers can book online
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.manualApproval}
            onChange={(event) => set({ manualApproval: event.target.checked })}
          />
          I approve each booking (manual approval)
        </label>
        {approvalError ? (
          <span className="field-error" id="service-online-error">
            {approvalError}
          </span>
        ) : null}
      </fieldset>
    </>
  );
}

/** A new appointment service. */
export function NewService({ currency, onCreated }: { currency: string; onCreated(name: string): void }) {
  const create = useCreateService();
  const [draft, setDraft] = useState<ServiceDraft>(EMPTY_SERVICE);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { type: 'APPOINTMENT', ...serviceFieldsOf(draft) },
      {
        onSuccess: () => {
          onCreated(draft.name.trim());
          setDraft(EMPTY_SERVICE);
        },
      },
    );
  }

  return (
    <section className="card" aria-labelledby="new-service">
      <h2 id="new-service">New appointment service</h2>
      <form className="form-grid" onSubmit={submit} noValidate>
        <ServiceFields
          draft={draft}
          onChange={setDraft}
          error={create.error}
          currency={currency}
          withDuration
        />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create service'}
          </button>
        </div>
      </form>
    </section>
  );
}

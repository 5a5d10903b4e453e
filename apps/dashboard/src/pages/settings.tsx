import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/client.ts';
import {
  type AppName,
  type Payments,
  type SitePatch,
  type SiteSettings,
  usePayments,
  useSiteSettings,
  useUpdatePayments,
  useUpdateSite,
} from '../api/settings.ts';
import { describedBy, Field, FormError, violationsOf } from '../components/field.tsx';
import { ErrorState, Loading } from '../components/states.tsx';
import { ApiKeys } from './api-keys.tsx';
import { SettingsNav } from './settings/nav.tsx';

const APPS: Array<{ value: AppName; label: string }> = [
  { value: 'stores', label: 'Store' },
  { value: 'bookings', label: 'Bookings' },
  { value: 'events', label: 'Events' },
  { value: 'pricing-plans', label: 'Pricing plans' },
];

const ZONES = Intl.supportedValuesOf('timeZone');

function SiteForm({ site }: { site: SiteSettings }) {
  const update = useUpdateSite();
  const [draft, setDraft] = useState<SitePatch>({
    name: site.name,
    currency: site.currency,
    timeZone: site.timeZone,
    installedApps: site.installedApps,
  });
  const error = (field: string) => violationsOf(update.error, `site.${field}`);
  const toggle = (app: AppName, on: boolean) =>
    setDraft({
      ...draft,
      installedApps: on ? [...draft.installedApps, app] : draft.installedApps.filter((a) => a !== app),
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ ...draft, name: draft.name.trim(), currency: draft.currency.trim().toUpperCase() });
  }

  return (
    <section className="card" aria-labelledby="site-heading">
      <h2 id="site-heading">Site</h2>
      <form className="form-grid" onSubmit={submit} noValidate>
        <FormError
          error={update.error}
          shown={['site.name', 'site.currency', 'site.timeZone', 'site.installedApps']}
        />
        {update.isSuccess ? (
          <p className="notice" role="status">
            Site saved.
          </p>
        ) : null}
        <Field id="site-name" label="Name" error={error('name')}>
          <input
            {...describedBy('site-name', error('name'))}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
        </Field>
        <Field id="site-currency" label="Currency" error={error('currency')} hint="Three letters, e.g. USD.">
          <input
            {...describedBy('site-currency', error('currency'), 'hint')}
            value={draft.currency}
            maxLength={3}
            onChange={(event) => setDraft({ ...draft, currency: event.target.value })}
          />
        </Field>
        <Field id="site-zone" label="Time zone" error={error('timeZone')}>
          <select
            {...describedBy('site-zone', error('timeZone'))}
            value={draft.timeZone}
            onChange={(event) => setDraft({ ...draft, timeZone: event.target.value })}
          >
            {(ZONES.includes(draft.timeZone) ? ZONES : [draft.timeZone, ...ZONES]).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </Field>
        <fieldset
          className="fieldset"
          aria-describedby={error('installedApps') ? 'site-apps-error' : undefined}
        >
          <legend>Installed apps</legend>
          {APPS.map((app) => (
            <label key={app.value} className="check">
              <input
                type="checkbox"
                checked={draft.installedApps.includes(app.value)}
                onChange={(event) => toggle(app.value, event.target.checked)}
              />
              {app.label}
            </label>
          ))}
          {error('installedApps') ? (
            <span className="field-error" id="site-apps-error">
              {error('installedApps')}
            </span>
          ) : null}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save site'}
          </button>
        </div>
      </form>
    </section>
  );
}

function PaymentsForm({ payments }: { payments: Payments }) {
  const update = useUpdatePayments();
  const [draft, setDraft] = useState(payments);
  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(draft);
  }
  return (
    <section className="card" aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payments</h2>
      <form className="form-grid" onSubmit={submit}>
        {update.isSuccess ? (
          <p className="notice" role="status">
            Payment providers saved.
          </p>
        ) : null}
        {update.isError ? (
          <p className="form-error" role="alert">
            {update.error instanceof ApiError ? update.error.message : 'Could not save the providers.'}
          </p>
        ) : null}
        <label className="check">
          <input
            type="checkbox"
            checked={draft.test}
            onChange={(event) => setDraft({ ...draft, test: event.target.checked })}
          />
          Test card payments (no money moves)
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.offline}
            onChange={(event) => setDraft({ ...draft, offline: event.target.checked })}
          />
          Offline payments (buyers pay you directly; mark orders paid)
        </label>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save payments'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The site's name, currency, time zone and apps, and its payment providers. */
export function Settings() {
  const site = useSiteSettings();
  const payments = usePayments();
  return (
    <>
      <div className="page-head">
        <h1>Settings</h1>
      </div>
      <SettingsNav />
      {site.isPending ? (
        <Loading label="Loading the site…" />
      ) : site.isError ? (
        <ErrorState error={site.error} retry={() => void site.refetch()} />
      ) : (
        <SiteForm site={site.data} />
      )}
      {payments.isPending ? (
        <Loading label="Loading payment providers…" />
      ) : payments.isError ? (
        <ErrorState error={payments.error} retry={() => void payments.refetch()} />
      ) : (
        <PaymentsForm payments={payments.data} />
      )}
      <ApiKeys zone={site.data?.timeZone} />
    </>
  );
}

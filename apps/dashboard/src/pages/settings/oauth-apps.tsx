import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import {
  OAUTH_APP_PAGE,
  type OAuthApp,
  useDeleteOAuthApp,
  useOAuthApps,
  useSaveOAuthApp,
} from '../../api/settings-access.ts';
import { useSite } from '../../api/store.ts';
import { ConfirmDialog } from '../../components/confirm.tsx';
import { describedBy, Field, FormError } from '../../components/field.tsx';
import { Pager } from '../../components/pager.tsx';
import { Empty, ErrorState, Loading, Notice } from '../../components/states.tsx';
import { dateTime } from '../../lib/labels.ts';
import { entries, placedFields, violationsUnder } from '../../lib/settings-forms.ts';
import { CopyValue } from './copy.tsx';
import { SettingsHead } from './nav.tsx';

const FIELDS = ['name', 'description', 'allowedRedirectUris', 'allowedOrigins'] as const;

function AppForm(props: { editing?: OAuthApp; onDone(message: string, created?: OAuthApp): void }) {
  const save = useSaveOAuthApp();
  const { editing } = props;
  const [draft, setDraft] = useState({
    name: editing?.name ?? '',
    description: editing?.description ?? '',
    allowedRedirectUris: editing?.allowedRedirectUris.join('\n') ?? '',
    allowedOrigins: editing?.allowedOrigins.join('\n') ?? '',
  });
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) first.current?.focus();
  }, [editing]);
  const error = (field: string) => violationsUnder(save.error, `oAuthApp.${field}`);
  const input = (field: (typeof FIELDS)[number], hint?: 'hint') => ({
    ...describedBy(`app-${field}`, error(field), hint),
    value: draft[field],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const app = {
      name: draft.name.trim(),
      ...(draft.description.trim() ? { description: draft.description.trim() } : {}),
      allowedRedirectUris: entries(draft.allowedRedirectUris),
      allowedOrigins: entries(draft.allowedOrigins),
    };
    save.mutate(
      { app, ...(editing ? { editing } : {}) },
      {
        onSuccess: ({ oAuthApp }) =>
          editing ? props.onDone(`App “${oAuthApp.name}” saved.`) : props.onDone('', oAuthApp),
      },
    );
  }

  return (
    <section className="card" aria-labelledby="app-form">
      <h2 id="app-form">{editing ? `Edit ${editing.name}` : 'Register an app'}</h2>
      <form className="form-grid" onSubmit={submit} noValidate>
        <FormError
          error={save.error}
          shown={placedFields(
            save.error,
            FIELDS.map((f) => `oAuthApp.${f}`),
          )}
        />
        <Field id="app-name" label="Name" error={error('name')}>
          <input ref={first} {...input('name')} />
        </Field>
        <Field id="app-description" label="Description (optional)" error={error('description')}>
          <input {...input('description')} />
        </Field>
        <Field
          id="app-allowedRedirectUris"
          label="Redirect URIs"
          error={error('allowedRedirectUris')}
          hint="Where sign-in may return, one a line, e.g. https://shop.example.com/callback."
        >
          <textarea {...input('allowedRedirectUris', 'hint')} rows={3} />
        </Field>
        <Field
          id="app-allowedOrigins"
          label="Allowed origins"
          error={error('allowedOrigins')}
          hint="Browser origins that may call the API, one a line, e.g. https://shop.example.com."
        >
          <textarea {...input('allowedOrigins', 'hint')} rows={3} />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : editing ? 'Save app' : 'Register app'}
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

/** OAuth clients (headless storefronts, apps): their client id, redirect URIs and browser origins. */
export function OAuthApps() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const apps = useOAuthApps(page);
  const zone = useSite().data?.timeZone;
  const remove = useDeleteOAuthApp();
  const [editing, setEditing] = useState<OAuthApp | undefined>();
  const [asking, setAsking] = useState<OAuthApp | undefined>();
  const [notice, setNotice] = useState('');
  const [created, setCreated] = useState<OAuthApp | undefined>();
  const [round, setRound] = useState(0);

  function done(message: string, made?: OAuthApp) {
    setEditing(undefined);
    setNotice(message);
    setCreated(made);
    setRound(round + 1);
  }

  return (
    <>
      <SettingsHead title="OAuth apps" />
      <Notice message={notice} />
      {created ? (
        <div className="notice" role="status">
          <p>
            App “{created.name}” registered. Its client id:{' '}
            <CopyValue value={created.id} label={`client id of ${created.name}`} testId="new-client-id" />
          </p>
        </div>
      ) : null}
      <section className="card" aria-labelledby="apps-heading" aria-busy={apps.isFetching}>
        <h2 id="apps-heading">Apps</h2>
        {apps.isPending ? (
          <Loading label="Loading apps…" />
        ) : apps.isError ? (
          <ErrorState error={apps.error} retry={() => void apps.refetch()} />
        ) : apps.data.oAuthApps.length === 0 ? (
          <Empty>No apps yet: register one below to let a storefront sign visitors in.</Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">OAuth apps, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">App</th>
                    <th scope="col">Client id</th>
                    <th scope="col">Redirect URIs and origins</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {apps.data.oAuthApps.map((app) => (
                    <tr key={app.id} data-testid={`app-${app.name}`}>
                      <td>
                        {app.name}
                        {app.description ? <div className="muted small">{app.description}</div> : null}
                        <div className="muted small">Added {dateTime(app.createdDate, zone)}</div>
                      </td>
                      <td>
                        <CopyValue value={app.id} label={`client id of ${app.name}`} />
                      </td>
                      <td className="break small">
                        {app.allowedRedirectUris.length === 0 && app.allowedOrigins.length === 0 ? '—' : null}
                        {app.allowedRedirectUris.map((uri) => (
                          <div key={`r-${uri}`}>{uri}</div>
                        ))}
                        {app.allowedOrigins.map((origin) => (
                          <div key={`o-${origin}`} className="muted">
                            Origin {origin}
                          </div>
                        ))}
                      </td>
                      <td className="actions">
                        <button
                          type="button"
                          className="button button-small"
                          aria-label={`Edit ${app.name}`}
                          onClick={() => {
                            setNotice('');
                            setCreated(undefined);
                            setEditing(app);
                          }}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button button-small button-danger"
                          aria-label={`Delete ${app.name}`}
                          onClick={() => {
                            remove.reset();
                            setAsking(app);
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
              pageSize={OAUTH_APP_PAGE}
              metadata={apps.data.pagingMetadata}
              onPage={(next) => setParams(next > 0 ? { page: String(next) } : {})}
              label="App pages"
            />
          </>
        )}
      </section>
      <AppForm key={`${round}-${editing?.id ?? 'new'}`} {...(editing ? { editing } : {})} onDone={done} />
      <ConfirmDialog
        open={asking !== undefined}
        title={`Delete ${asking?.name ?? 'app'}?`}
        confirmLabel="Delete app"
        cancelLabel="Keep app"
        busy={remove.isPending}
        onCancel={() => setAsking(undefined)}
        onConfirm={() =>
          asking &&
          remove.mutate(asking, {
            onSuccess: () => {
              setAsking(undefined);
              done(`App “${asking.name}” deleted.`);
            },
          })
        }
      >
        <p>
          Storefronts using its client id can no longer sign visitors in, and its tokens stop being renewable.
          This cannot be undone.
        </p>
        {remove.isError ? (
          <p className="form-error" role="alert">
            {remove.error instanceof ApiError ? remove.error.message : 'Could not delete the app.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

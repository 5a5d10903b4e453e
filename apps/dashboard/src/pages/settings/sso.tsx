import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import {
  type IdpConnection,
  useDeleteIdpConnection,
  useIdpConnections,
  useSaveIdpConnection,
} from '../../api/settings-access.ts';
import { ConfirmDialog } from '../../components/confirm.tsx';
import { describedBy, Field, FormError } from '../../components/field.tsx';
import { Empty, ErrorState, Loading, Notice } from '../../components/states.tsx';
import { entries, placedFields, violationsUnder } from '../../lib/settings-forms.ts';
import { CopyValue } from './copy.tsx';
import { SettingsHead } from './nav.tsx';

const FIELDS = ['name', 'issuer', 'clientId', 'clientSecret', 'scopes', 'enabled'] as const;

function ConnectionForm(props: { editing?: IdpConnection; onDone(message: string): void }) {
  const save = useSaveIdpConnection();
  const { editing } = props;
  const [draft, setDraft] = useState({
    name: editing?.name ?? '',
    issuer: editing?.issuer ?? '',
    clientId: editing?.clientId ?? '',
    clientSecret: '',
    scopes: (editing?.scopes ?? ['openid', 'email', 'profile']).join(' '),
    enabled: editing?.enabled ?? false,
  });
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) first.current?.focus();
  }, [editing]);
  const error = (field: string) => violationsUnder(save.error, `idpConnection.${field}`);
  const input = (field: 'name' | 'issuer' | 'clientId' | 'clientSecret' | 'scopes', hint?: 'hint') => ({
    ...describedBy(`idp-${field}`, error(field), hint),
    value: draft[field],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const connection = {
      name: draft.name.trim(),
      issuer: draft.issuer.trim(),
      clientId: draft.clientId.trim(),
      // Write-only: sent when typed; left empty, the secret kept stays.
      ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
      scopes: entries(draft.scopes),
      enabled: draft.enabled,
    };
    save.mutate(
      { connection, ...(editing ? { editing } : {}) },
      {
        onSuccess: ({ idpConnection }) =>
          props.onDone(`Connection “${idpConnection.name}” ${editing ? 'saved' : 'added'}.`),
      },
    );
  }

  return (
    <section className="card" aria-labelledby="idp-form">
      <h2 id="idp-form">{editing ? `Edit ${editing.name}` : 'Add an OpenID Connect provider'}</h2>
      <form className="form-grid" onSubmit={submit} noValidate autoComplete="off">
        <FormError
          error={save.error}
          shown={placedFields(
            save.error,
            FIELDS.map((f) => `idpConnection.${f}`),
          )}
        />
        <Field id="idp-name" label="Name" error={error('name')} hint="Shown on the sign-in button.">
          <input ref={first} {...input('name', 'hint')} />
        </Field>
        <Field
          id="idp-issuer"
          label="Issuer URL"
          error={error('issuer')}
          hint="E.g. https://accounts.google.com."
        >
          <input {...input('issuer', 'hint')} type="url" />
        </Field>
        <Field
          id="idp-clientId"
          label="Client id"
          error={error('clientId')}
          hint="Plaza's client id at the provider."
        >
          <input {...input('clientId', 'hint')} />
        </Field>
        <Field
          id="idp-clientSecret"
          label="Client secret"
          error={error('clientSecret')}
          hint={
            editing?.hasClientSecret
              ? 'A secret is set and never shown; type a new one to replace it.'
              : 'Optional for public clients; never shown again.'
          }
        >
          <input {...input('clientSecret', 'hint')} type="password" autoComplete="new-password" />
        </Field>
        <Field id="idp-scopes" label="Scopes" error={error('scopes')} hint="Separated by spaces.">
          <input {...input('scopes', 'hint')} />
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
          />
          Enabled (members can sign in; the issuer is checked on saving)
        </label>
        {error('enabled') ? <span className="field-error">{error('enabled')}</span> : null}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : editing ? 'Save connection' : 'Add connection'}
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

/** The identity providers members can sign in with; their secrets are written, never read back. */
export function Sso() {
  const connections = useIdpConnections();
  const remove = useDeleteIdpConnection();
  const [editing, setEditing] = useState<IdpConnection | undefined>();
  const [asking, setAsking] = useState<IdpConnection | undefined>();
  const [notice, setNotice] = useState('');
  const [round, setRound] = useState(0);

  function done(message: string) {
    setEditing(undefined);
    setNotice(message);
    setRound(round + 1);
  }

  return (
    <>
      <SettingsHead title="SSO connections" />
      <Notice message={notice} />
      <section className="card" aria-labelledby="idp-heading" aria-busy={connections.isFetching}>
        <h2 id="idp-heading">Identity providers</h2>
        {connections.isPending ? (
          <Loading label="Loading connections…" />
        ) : connections.isError ? (
          <ErrorState error={connections.error} retry={() => void connections.refetch()} />
        ) : connections.data.length === 0 ? (
          <Empty>No connections: members sign in with e-mail and password only.</Empty>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Identity-provider connections</caption>
              <thead>
                <tr>
                  <th scope="col">Provider</th>
                  <th scope="col">Client</th>
                  <th scope="col">Redirect URI to register</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {connections.data.map((connection) => (
                  <tr key={connection.id} data-testid={`idp-${connection.name}`}>
                    <td className="break">
                      {connection.name}
                      <div className="muted small">{connection.issuer}</div>
                    </td>
                    <td className="break">
                      <span className="mono small">{connection.clientId}</span>
                      <div className="muted small">
                        {connection.hasClientSecret ? 'Secret set' : 'No secret'} ·{' '}
                        {connection.scopes.join(' ')}
                      </div>
                    </td>
                    <td>
                      <CopyValue
                        value={connection.redirectUri}
                        label={`redirect URI of ${connection.name}`}
                      />
                    </td>
                    <td>
                      {connection.enabled ? (
                        <span className="badge badge-ok">Enabled</span>
                      ) : (
                        <span className="badge">Disabled</span>
                      )}
                    </td>
                    <td className="actions">
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Edit ${connection.name}`}
                        onClick={() => {
                          setNotice('');
                          setEditing(connection);
                        }}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="button button-small button-danger"
                        aria-label={`Delete ${connection.name}`}
                        onClick={() => {
                          remove.reset();
                          setAsking(connection);
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
        )}
      </section>
      <ConnectionForm
        key={`${round}-${editing?.id ?? 'new'}`}
        {...(editing ? { editing } : {})}
        onDone={done}
      />
      <ConfirmDialog
        open={asking !== undefined}
        title={`Delete ${asking?.name ?? 'connection'}?`}
        confirmLabel="Delete connection"
        cancelLabel="Keep connection"
        busy={remove.isPending}
        onCancel={() => setAsking(undefined)}
        onConfirm={() =>
          asking &&
          remove.mutate(asking, {
            onSuccess: () => {
              setAsking(undefined);
              done(`Connection “${asking.name}” deleted.`);
            },
          })
        }
      >
        <p>Sign-ins through it stop at once; members keep their accounts and can reset a password.</p>
        {remove.isError ? (
          <p className="form-error" role="alert">
            {remove.error instanceof ApiError ? remove.error.message : 'Could not delete the connection.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

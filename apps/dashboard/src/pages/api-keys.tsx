import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { type ApiKey, useApiKeys, useCreateApiKey, useDeleteApiKey } from '../api/settings.ts';
import { ConfirmDialog } from '../components/confirm.tsx';
import { describedBy, Field, FormError, violationsOf } from '../components/field.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { dateTime } from '../lib/labels.ts';

/** Admin API keys for the site's servers: create (the key is shown once), revoke after asking. */
export function ApiKeys({ zone }: { zone?: string }) {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useDeleteApiKey();
  const [name, setName] = useState('');
  const [asking, setAsking] = useState<ApiKey | undefined>();
  const nameError = violationsOf(create.error, 'name');

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(name.trim(), { onSuccess: () => setName('') });
  }

  return (
    <section className="card" aria-labelledby="keys-heading">
      <h2 id="keys-heading">API keys</h2>
      {create.isSuccess ? (
        <div className="notice" role="status">
          <p>
            Key “{create.data.apiKey.name}” created. It is shown this once; keep it on your server:{' '}
            <code data-testid="api-key">{create.data.key}</code>
          </p>
        </div>
      ) : null}
      {revoke.isSuccess && !asking ? (
        <p className="notice" role="status">
          Key “{revoke.variables.name}” revoked.
        </p>
      ) : null}
      {keys.isPending ? (
        <Loading label="Loading API keys…" />
      ) : keys.isError ? (
        <ErrorState error={keys.error} retry={() => void keys.refetch()} />
      ) : keys.data.length === 0 ? (
        <Empty>No API keys: servers cannot act for the site yet.</Empty>
      ) : (
        <ul className="list">
          {keys.data.map((key) => (
            <li key={key.id}>
              <span>
                {key.name} <span className="mono small muted">{key.keyPrefix}…</span>
              </span>
              <span className="muted small">{dateTime(key.createdDate, zone)}</span>
              <button
                type="button"
                className="button button-danger"
                aria-label={`Revoke ${key.name}`}
                onClick={() => {
                  revoke.reset();
                  setAsking(key);
                }}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="form-grid spaced" onSubmit={submit} noValidate>
        <FormError error={create.error} shown={['name']} />
        <Field id="key-name" label="New key name" error={nameError}>
          <input
            {...describedBy('key-name', nameError)}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create key'}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={asking !== undefined}
        title={`Revoke ${asking?.name ?? 'key'}?`}
        confirmLabel="Revoke key"
        cancelLabel="Keep key"
        busy={revoke.isPending}
        onCancel={() => setAsking(undefined)}
        onConfirm={() => asking && revoke.mutate(asking, { onSuccess: () => setAsking(undefined) })}
      >
        <p>Every server using it is refused at once. This cannot be undone.</p>
        {revoke.isError ? (
          <p className="form-error" role="alert">
            {revoke.error instanceof ApiError ? revoke.error.message : 'Could not revoke the key.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

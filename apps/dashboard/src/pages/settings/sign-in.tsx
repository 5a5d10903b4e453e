import { type FormEvent, useState } from 'react';
import { useSession, useSetEmailFactor } from '../../api/session.ts';
import { describedBy, Field, FormError, violationsOf } from '../../components/field.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { SettingsHead } from './nav.tsx';

/**
 * The signed-in owner's e-mail code at sign-in: on at a click, off only with the password (a borrowed
 * browser must not take it away). It applies to the owner on every site this session opens.
 */
export function SignInSettings() {
  const session = useSession();
  const update = useSetEmailFactor();
  const [password, setPassword] = useState('');
  const [changed, setChanged] = useState<'on' | 'off' | undefined>();
  const violation = violationsOf(update.error, 'password');
  const passwordError = violation && `The password ${violation}.`;

  if (session.isPending || session.isError || !session.data)
    return (
      <>
        <SettingsHead title="Sign-in" />
        {session.isPending ? (
          <Loading label="Loading your account…" />
        ) : (
          <ErrorState error={session.error} retry={() => void session.refetch()} />
        )}
      </>
    );
  const { owner, sites } = session.data;

  function turnOn() {
    setChanged(undefined);
    update.mutate({ enabled: true }, { onSuccess: () => setChanged('on') });
  }

  function turnOff(event: FormEvent) {
    event.preventDefault();
    setChanged(undefined);
    update.mutate(
      { enabled: false, password },
      {
        onSuccess: () => {
          setPassword('');
          setChanged('off');
        },
      },
    );
  }

  return (
    <>
      <SettingsHead title="Sign-in" />
      <section className="card" aria-labelledby="factor-heading">
        <h2 id="factor-heading">
          E-mail code at sign-in{' '}
          <span className={`badge ${owner.emailFactor ? 'badge-ok' : 'badge-warn'}`}>
            {owner.emailFactor ? 'On' : 'Off'}
          </span>
        </h2>
        <p>
          With the code on, your password alone does not open the dashboard: each sign-in also asks for a
          6-digit code e-mailed to <strong>{owner.email}</strong>, valid for 10 minutes.
          {sites.length > 1 ? ` It applies to you on all ${sites.length} of your sites.` : ''}
        </p>
        {changed ? (
          <p className="notice" role="status">
            {changed === 'on'
              ? 'The e-mail code is on: your next sign-in asks for it.'
              : 'The e-mail code is off: your password alone signs you in.'}
          </p>
        ) : null}
        {owner.emailFactor ? (
          <form className="form-grid" onSubmit={turnOff} noValidate>
            <FormError error={update.error} shown={['password']} />
            <Field
              id="factor-password"
              label="Your password"
              error={passwordError}
              hint="Needed to turn the code off."
            >
              <input
                {...describedBy('factor-password', passwordError, 'hint')}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </Field>
            <div className="form-actions">
              <button type="submit" className="button button-danger" disabled={update.isPending}>
                {update.isPending ? 'Turning off…' : 'Turn the code off'}
              </button>
            </div>
          </form>
        ) : (
          <div className="form-grid">
            <FormError error={update.error} shown={[]} />
            <div className="form-actions">
              <button
                type="button"
                className="button button-primary"
                onClick={turnOn}
                disabled={update.isPending}
              >
                {update.isPending ? 'Turning on…' : 'Turn the code on'}
              </button>
            </div>
          </div>
        )}
      </section>
    </>
  );
}

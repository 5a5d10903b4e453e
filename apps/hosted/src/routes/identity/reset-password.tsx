import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, paths } from '../../api.ts';
import {
  ErrorSummary,
  formStyles,
  Notice,
  PasswordField,
  Rules,
  SubmitButton,
} from '../../components/form.tsx';
import { Page } from '../../components/page.tsx';
import { SessionError } from '../../components/session-error.tsx';
import { useForm } from '../../hooks/use-form.ts';
import { useSiteName } from '../../hooks/use-site-name.ts';
import { isNavigableUrl } from '../../lib/delivery.ts';
import { siteLink, withVisitor } from '../../lib/session.ts';
import { type StateMachineResponse, stepFor } from '../../lib/state-machine.ts';
import { collectErrors, newPasswordError, passwordRules } from '../../lib/validation.ts';

/**
 * Choose a new password from the e-mailed link
 * (`/hosted/reset-password?token=…&clientId=…[&redirectUrl=…][&activation=true]`).
 */
export function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const clientId = params.get('clientId') ?? '';
  const redirectUrl = params.get('redirectUrl') ?? '';
  const activation = params.get('activation') === 'true';
  const brand = useSiteName(clientId || undefined);
  const form = useForm({ password: '' });
  const [done, setDone] = useState<'saved' | 'approval'>();

  if (!token) return <SessionError problem="missing" kind="reset" brand={brand} />;
  if (!clientId)
    return (
      <Page title="This link cannot be used here" brand={brand}>
        <div role="alert">
          <p>The link does not say which site it belongs to. Ask the site for a new password e-mail.</p>
        </div>
      </Page>
    );

  const back =
    redirectUrl && isNavigableUrl(redirectUrl) && /^https?:/i.test(redirectUrl) ? redirectUrl : undefined;
  if (done)
    return (
      <Page title="Password saved" brand={brand}>
        <div className={formStyles.form}>
          <Notice>
            <p>
              {done === 'approval'
                ? 'Your account is waiting for the site owner’s approval; you can sign in once it is approved.'
                : 'You can now sign in with your new password.'}
            </p>
          </Notice>
          {back && (
            <a className={formStyles.button} href={back}>
              Continue to {brand ?? 'the site'}
            </a>
          )}
        </div>
      </Page>
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      () => collectErrors({ password: newPasswordError(form.values.password) }),
      async () => {
        const response = await withVisitor(clientId, (visitor) =>
          api<StateMachineResponse>('POST', paths.recover, {
            token: visitor,
            body: { recoveryToken: token, password: form.values.password },
          }),
        );
        setDone(stepFor(response).kind === 'approval' ? 'approval' : 'saved');
      },
    );
  };

  return (
    <Page
      title={activation ? 'Set your password' : 'Choose a new password'}
      brand={brand}
      backTo={siteLink(back ? new URL(back).origin : undefined, brand)}
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-busy={form.busy}>
        <ErrorSummary message={form.problem?.summary} summaryRef={form.summaryRef}>
          {form.problem?.action === 'forgot-password' && (
            <Link to={`/forgot-password?clientId=${encodeURIComponent(clientId)}`}>Send a new link</Link>
          )}
        </ErrorSummary>
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          hint={<Rules rules={passwordRules(form.values.password)} />}
          {...form.bind('password')}
        />
        <SubmitButton busy={form.busy} label="Save password" busyLabel="Saving…" />
      </form>
    </Page>
  );
}

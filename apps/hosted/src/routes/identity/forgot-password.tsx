import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { api, paths } from '../../api.ts';
import { FlowGate } from '../../components/flow-gate.tsx';
import {
  ErrorSummary,
  Field,
  formStyles,
  Notice,
  SecondaryButton,
  SubmitButton,
} from '../../components/form.tsx';
import { Page } from '../../components/page.tsx';
import { SIGN_IN_INTENTS, useFlow, withSession } from '../../hooks/use-flow.ts';
import { useForm } from '../../hooks/use-form.ts';
import { useSiteName } from '../../hooks/use-site-name.ts';
import { brandOf } from '../../lib/copy.ts';
import { siteLink, withVisitor } from '../../lib/session.ts';
import { collectErrors, emailError } from '../../lib/validation.ts';

/**
 * Ask for a password reset e-mail. Reached from sign-in (`?session=`) or from an expired reset
 * link (`?clientId=`). The answer never says whether the address has an account.
 */
export function ForgotPassword() {
  const [params] = useSearchParams();
  const clientId = params.get('clientId') ?? undefined;
  const flow = useFlow(SIGN_IN_INTENTS, { needsClient: true });
  if (flow.status === 'problem' && flow.problem === 'missing' && clientId)
    return <ForgotForm clientId={clientId} />;
  return (
    <FlowGate flow={flow}>
      {({ session, siteName }) => (
        <ForgotForm
          clientId={session.clientId!}
          sessionId={session.id}
          brand={brandOf(siteName, session.clientName).brand}
          siteUrl={session.siteUrl}
        />
      )}
    </FlowGate>
  );
}

function ForgotForm({
  clientId,
  sessionId,
  brand,
  siteUrl,
}: {
  clientId: string;
  sessionId?: string;
  brand?: string | undefined;
  siteUrl?: string | undefined;
}) {
  const location = useLocation();
  const fetchedName = useSiteName(brand ? undefined : clientId);
  const form = useForm({ email: (location.state as { email?: string } | null)?.email ?? '' });
  const [sentTo, setSentTo] = useState<string>();
  const shownBrand = brand ?? fetchedName;
  const backTo = siteLink(siteUrl, shownBrand);
  const backToSignIn = sessionId && (
    <p className={formStyles.footer}>
      <Link to={withSession('/sign-in', sessionId)} state={{ email: form.values.email.trim() }}>
        Back to sign in
      </Link>
    </p>
  );

  if (sentTo)
    return (
      <Page title="Check your e-mail" brand={shownBrand} backTo={backTo}>
        <div className={formStyles.form}>
          <Notice>
            <p>
              If an account exists for <strong>{sentTo}</strong>, we sent it a link to reset the password.
            </p>
            <p>The link works for one hour. Check your spam folder if it does not arrive.</p>
          </Notice>
          <SecondaryButton
            busy={false}
            label="Use another e-mail"
            busyLabel=""
            onClick={() => setSentTo(undefined)}
          />
        </div>
        {backToSignIn}
      </Page>
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const email = form.values.email.trim();
    void form.submit(
      () => collectErrors({ email: emailError(email) }),
      async () => {
        await withVisitor(clientId, (token) =>
          api('POST', paths.sendRecoveryEmail, { token, body: { email, redirect: { clientId } } }),
        );
        setSentTo(email);
      },
    );
  };

  return (
    <Page title="Reset your password" brand={shownBrand} backTo={backTo}>
      <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-busy={form.busy}>
        <ErrorSummary message={form.problem?.summary} summaryRef={form.summaryRef} />
        <Field
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          required
          {...form.bind('email')}
        />
        <SubmitButton busy={form.busy} label="Send reset link" busyLabel="Sending…" />
      </form>
      {backToSignIn}
    </Page>
  );
}

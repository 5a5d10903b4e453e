import type { FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { api, paths } from '../../api.ts';
import { ActionLink } from '../../components/action-link.tsx';
import { FlowGate } from '../../components/flow-gate.tsx';
import {
  ErrorSummary,
  Field,
  FormLinks,
  formStyles,
  PasswordField,
  SubmitButton,
} from '../../components/form.tsx';
import { OutcomeView } from '../../components/outcome.tsx';
import { Page } from '../../components/page.tsx';
import { useContinue } from '../../hooks/use-continue.ts';
import { type FlowState, SIGN_IN_INTENTS, useFlow, withSession } from '../../hooks/use-flow.ts';
import { useForm } from '../../hooks/use-form.ts';
import { brandOf } from '../../lib/copy.ts';
import { siteLink, withVisitor } from '../../lib/session.ts';
import { type StateMachineResponse, stepFor } from '../../lib/state-machine.ts';
import { collectErrors, emailError } from '../../lib/validation.ts';

/** Sign in with e-mail and password (`/auth` and `/login` sessions land here). */
export function SignIn() {
  const flow = useFlow(SIGN_IN_INTENTS, { needsClient: true });
  return <FlowGate flow={flow}>{(ready) => <SignInForm {...ready} />}</FlowGate>;
}

function SignInForm({ session, siteName }: Extract<FlowState, { status: 'ready' }>) {
  const location = useLocation();
  const given = (location.state as { email?: string } | null)?.email ?? '';
  const form = useForm({ email: given, password: '' });
  const { outcome, next } = useContinue(session);
  const { brand, lead } = brandOf(siteName, session.clientName);
  if (outcome) return <OutcomeView outcome={outcome} brand={brand} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      () =>
        collectErrors({
          email: emailError(form.values.email),
          password: form.values.password ? undefined : 'Enter your password.',
        }),
      async () => {
        const response = await withVisitor(session.clientId!, (token) =>
          api<StateMachineResponse>('POST', paths.login, {
            token,
            body: { loginId: { email: form.values.email.trim() }, password: form.values.password },
          }),
        );
        await next(stepFor(response));
      },
    );
  };

  const email = { email: form.values.email.trim() };
  return (
    <Page title="Sign in" brand={brand} lead={lead} backTo={siteLink(session.siteUrl, brand)}>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-busy={form.busy}>
        <ErrorSummary message={form.problem?.summary} summaryRef={form.summaryRef}>
          <ActionLink action={form.problem?.action} sessionId={session.id} state={email} />
        </ErrorSummary>
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
        <PasswordField label="Password" autoComplete="current-password" required {...form.bind('password')} />
        <FormLinks>
          <Link to={withSession('/forgot-password', session.id)} state={email}>
            Forgot password?
          </Link>
        </FormLinks>
        <SubmitButton busy={form.busy} label="Sign in" busyLabel="Signing in…" />
      </form>
      <p className={formStyles.footer}>
        New here?{' '}
        <Link to={withSession('/sign-up', session.id)} state={email}>
          Create an account
        </Link>
      </p>
    </Page>
  );
}

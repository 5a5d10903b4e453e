import type { FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { api, paths } from '../../api.ts';
import { ActionLink } from '../../components/action-link.tsx';
import { FlowGate } from '../../components/flow-gate.tsx';
import {
  ErrorSummary,
  Field,
  formStyles,
  PasswordField,
  Rules,
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
import {
  collectErrors,
  emailError,
  newPasswordError,
  passwordRules,
  profileOf,
} from '../../lib/validation.ts';

/** Create an account: e-mail, password (rules shown as you type), optional first and last name. */
export function SignUp() {
  const flow = useFlow(SIGN_IN_INTENTS, { needsClient: true });
  return <FlowGate flow={flow}>{(ready) => <SignUpForm {...ready} />}</FlowGate>;
}

function SignUpForm({ session, siteName }: Extract<FlowState, { status: 'ready' }>) {
  const location = useLocation();
  const given = (location.state as { email?: string } | null)?.email ?? '';
  const form = useForm({ firstName: '', lastName: '', email: given, password: '' });
  const { outcome, next } = useContinue(session);
  const { brand, lead } = brandOf(siteName, session.clientName);
  if (outcome) return <OutcomeView outcome={outcome} brand={brand} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { firstName, lastName, email, password } = form.values;
    void form.submit(
      () => collectErrors({ email: emailError(email), password: newPasswordError(password) }),
      async () => {
        const profile = profileOf(firstName, lastName);
        const response = await withVisitor(session.clientId!, (token) =>
          api<StateMachineResponse>('POST', paths.register, {
            token,
            body: { loginId: { email: email.trim() }, password, ...(profile ? { profile } : {}) },
          }),
        );
        await next(stepFor(response));
      },
    );
  };

  const email = { email: form.values.email.trim() };
  return (
    <Page title="Create an account" brand={brand} lead={lead} backTo={siteLink(session.siteUrl, brand)}>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-busy={form.busy}>
        <ErrorSummary message={form.problem?.summary} summaryRef={form.summaryRef}>
          <ActionLink action={form.problem?.action} sessionId={session.id} state={email} />
        </ErrorSummary>
        <div className={formStyles.row}>
          <Field label="First name" optional autoComplete="given-name" {...form.bind('firstName')} />
          <Field label="Last name" optional autoComplete="family-name" {...form.bind('lastName')} />
        </div>
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
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          hint={<Rules rules={passwordRules(form.values.password)} />}
          {...form.bind('password')}
        />
        <SubmitButton busy={form.busy} label="Create account" busyLabel="Creating account…" />
      </form>
      <p className={formStyles.footer}>
        Already have an account?{' '}
        <Link to={withSession('/sign-in', session.id)} state={email}>
          Sign in
        </Link>
      </p>
    </Page>
  );
}

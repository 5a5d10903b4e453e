import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { api, paths } from '../../api.ts';
import { ActionLink } from '../../components/action-link.tsx';
import { FlowGate } from '../../components/flow-gate.tsx';
import {
  ErrorSummary,
  Field,
  formStyles,
  Notice,
  SecondaryButton,
  SubmitButton,
} from '../../components/form.tsx';
import { OutcomeView } from '../../components/outcome.tsx';
import { Page } from '../../components/page.tsx';
import { useContinue } from '../../hooks/use-continue.ts';
import { type FlowState, SIGN_IN_INTENTS, useFlow, withSession } from '../../hooks/use-flow.ts';
import { useForm } from '../../hooks/use-form.ts';
import { brandOf } from '../../lib/copy.ts';
import { describeError } from '../../lib/messages.ts';
import { clearPending, readPending, withVisitor } from '../../lib/session.ts';
import { type StateMachineResponse, stepFor } from '../../lib/state-machine.ts';
import { codeError, collectErrors, normaliseCode } from '../../lib/validation.ts';

/** Enter the 6-digit code mailed after sign-up (or as a second factor); resend it if needed. */
export function Verify() {
  const flow = useFlow(SIGN_IN_INTENTS, { needsClient: true });
  return <FlowGate flow={flow}>{(ready) => <VerifyForm {...ready} />}</FlowGate>;
}

function VerifyForm({ session, siteName }: Extract<FlowState, { status: 'ready' }>) {
  const [pending] = useState(() => readPending(session.id));
  const form = useForm({ code: '' });
  const { outcome, next } = useContinue(session);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(0);
  const { brand } = brandOf(siteName, session.clientName);
  if (outcome) return <OutcomeView outcome={outcome} brand={brand} />;

  if (!pending)
    return (
      <Page title="Nothing to verify" brand={brand}>
        <p>There is no code waiting for this sign-in. It may have been used already.</p>
        <p>
          <Link to={withSession('/sign-in', session.id)}>Go to sign in</Link>
        </p>
      </Page>
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResent(0);
    void form.submit(
      () => collectErrors({ code: codeError(form.values.code) }),
      async () => {
        const response = await withVisitor(session.clientId!, (token) =>
          api<StateMachineResponse>('POST', paths.verifyDuringAuthentication, {
            token,
            body: { code: normaliseCode(form.values.code), stateToken: pending.stateToken },
          }),
        );
        await next(stepFor(response));
      },
    );
  };

  const resend = async () => {
    if (resending) return;
    setResending(true);
    form.setProblem(undefined);
    try {
      await withVisitor(session.clientId!, (token) =>
        api<StateMachineResponse>('POST', paths.resendDuringAuthentication, {
          token,
          body: { stateToken: pending.stateToken },
        }),
      );
      setResent((n) => n + 1);
    } catch (error) {
      form.setProblem(describeError(error));
    } finally {
      setResending(false);
    }
  };

  const where = pending.email ? <strong>{pending.email}</strong> : 'your e-mail address';
  return (
    <Page title={pending.reason === 'mfa' ? 'Enter your sign-in code' : 'Check your e-mail'} brand={brand}>
      <p>
        We sent a 6-digit code to {where}. Enter it below to{' '}
        {pending.reason === 'mfa' ? 'sign in' : 'confirm the address'}.
      </p>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-busy={form.busy}>
        <ErrorSummary message={form.problem?.summary} summaryRef={form.summaryRef}>
          <ActionLink action={form.problem?.action} sessionId={session.id} />
        </ErrorSummary>
        {resent > 0 && !form.problem && (
          <Notice>
            <p>We sent a new code to {where}. Earlier codes no longer work.</p>
          </Notice>
        )}
        <Field
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={9}
          required
          hint="The code is valid for 10 minutes."
          {...form.bind('code')}
        />
        <SubmitButton busy={form.busy} label="Verify" busyLabel="Verifying…" />
        <SecondaryButton busy={resending} label="Send a new code" busyLabel="Sending…" onClick={resend} />
      </form>
      <p className={formStyles.footer}>
        {pending.reason === 'mfa' ? 'Not you?' : 'Wrong address?'}{' '}
        <Link
          to={withSession(pending.reason === 'mfa' ? '/sign-in' : '/sign-up', session.id)}
          onClick={() => clearPending(session.id)}
        >
          Start again
        </Link>
      </p>
    </Page>
  );
}

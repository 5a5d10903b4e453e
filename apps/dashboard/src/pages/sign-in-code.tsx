import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { type CodeSent, useConfirmCode, useResendCode } from '../api/session.ts';

/** What a refused code means for the owner, in their words. */
const CODE_ERRORS: Record<string, string> = {
  INVALID_VERIFICATION_CODE: 'This is not the code we sent. Check the newest e-mail and try again.',
  VERIFICATION_CODE_EXPIRED: 'This code has expired. Send a new code.',
  TOO_MANY_ATTEMPTS: 'Too many tries for this sign-in. Start again.',
  INVALID_STATE_TOKEN: 'This sign-in has ended. Start again.',
};

function codeError(error: unknown): string | undefined {
  if (!error) return undefined;
  if (!(error instanceof ApiError)) return 'Could not check the code.';
  const violation = error.fieldViolations.find((v) => v.field === 'code');
  if (violation) return `The code ${violation.description}.`;
  return CODE_ERRORS[error.code] ?? error.message;
}

/**
 * The second step of a sign-in with the e-mail factor: the 6-digit code mailed to the owner. The
 * session cookie is set only when the code is right.
 */
export function CodeStep({ challenge, onRestart }: { challenge: CodeSent; onRestart: () => void }) {
  const confirm = useConfirmCode();
  const resend = useResendCode();
  const [code, setCode] = useState('');
  const sentTo = resend.data?.sentTo ?? challenge.sentTo;
  // The newest of the two calls speaks beside the field.
  const error = resend.isError && resend.submittedAt > confirm.submittedAt ? resend.error : confirm.error;
  const message = codeError(error);
  const ended =
    error instanceof ApiError && ['TOO_MANY_ATTEMPTS', 'INVALID_STATE_TOKEN'].includes(error.code);

  function submit(event: FormEvent) {
    event.preventDefault();
    resend.reset();
    confirm.mutate({ stateToken: challenge.stateToken, code: code.trim() });
  }

  function sendAgain() {
    confirm.reset();
    setCode('');
    resend.mutate(challenge.stateToken);
  }

  return (
    <form className="card signin-card" onSubmit={submit} noValidate>
      <h1>Check your e-mail</h1>
      <p id="code-hint">
        We sent a 6-digit code to <strong>{sentTo}</strong>. It is valid for{' '}
        {Math.round(challenge.expiresInSeconds / 60)} minutes.
      </p>
      {resend.isSuccess ? (
        <p className="notice" role="status">
          A new code is on its way. Earlier codes no longer work.
        </p>
      ) : null}
      <label className="field">
        <span>Code</span>
        <input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          // biome-ignore lint/a11y/noAutofocus: the step replaces the password form; the code is all it asks
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'code-error code-hint' : 'code-hint'}
        />
        {message ? (
          <span className="field-error" id="code-error" role="alert">
            {message}
          </span>
        ) : null}
      </label>
      <button
        type="submit"
        className="button button-primary"
        disabled={confirm.isPending || ended || code.trim() === ''}
      >
        {confirm.isPending ? 'Checking…' : 'Sign in'}
      </button>
      <div className="signin-links">
        <button
          type="button"
          className="link-button"
          onClick={sendAgain}
          disabled={resend.isPending || ended}
        >
          {resend.isPending ? 'Sending…' : 'Send a new code'}
        </button>
        <button type="button" className="link-button" onClick={onRestart}>
          {ended ? 'Start again' : 'Use another account'}
        </button>
      </div>
    </form>
  );
}

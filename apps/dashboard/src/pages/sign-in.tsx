import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { isCodeSent, useSignIn } from '../api/session.ts';
import { CodeStep } from './sign-in-code.tsx';
import './sign-in.css';

/**
 * E-mail and password of a site owner; the answer sets the session cookie, or, when the owner has the
 * e-mail factor, says a code was mailed and the code step takes over.
 */
export function SignIn() {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const error = signIn.error;
  const challenge = signIn.data && isCodeSent(signIn.data) ? signIn.data : undefined;
  const violation = (field: string) =>
    error instanceof ApiError ? error.fieldViolations.find((v) => v.field === field)?.description : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    signIn.mutate({ email, password });
  }

  if (challenge)
    return (
      <main className="signin" id="main">
        <CodeStep
          challenge={challenge}
          onRestart={() => {
            signIn.reset();
            setPassword('');
          }}
        />
      </main>
    );

  return (
    <main className="signin" id="main">
      <form className="card signin-card" onSubmit={submit} noValidate>
        <h1>Sign in to your dashboard</h1>
        {error && !(error instanceof ApiError && error.fieldViolations.length > 0) ? (
          <p className="form-error" role="alert">
            {error instanceof ApiError ? error.message : 'Could not sign in.'}
          </p>
        ) : null}
        <label className="field">
          <span>E-mail</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={violation('email') ? true : undefined}
            aria-describedby={violation('email') ? 'email-error' : undefined}
          />
          {violation('email') ? (
            <span className="field-error" id="email-error">
              {violation('email')}
            </span>
          ) : null}
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={violation('password') ? true : undefined}
            aria-describedby={violation('password') ? 'password-error' : undefined}
          />
          {violation('password') ? (
            <span className="field-error" id="password-error">
              {violation('password')}
            </span>
          ) : null}
        </label>
        <button type="submit" className="button button-primary" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { Loading, StatusPanel } from '../../components/status.tsx';
import { completeLogin, readOAuthData } from '../../data/session.ts';
import { describeError } from '../../lib/errors.ts';
import { loading } from '../../lib/loading.ts';
import { returnPath } from '../../lib/return-path.ts';
import { useSession } from '../../state/session.tsx';

/** One exchange per callback URL, even when React runs the effect twice. */
const exchanges = new Map<string, Promise<string>>();

/**
 * `/login-callback`: the hosted sign-in page sends the browser here with `#code=…&state=…`.
 * The code becomes member tokens in the `session` cookie, then back to where sign-in started.
 */
export default function LoginCallback() {
  const navigate = useNavigate();
  const { refreshMember } = useSession();
  const [failure, setFailure] = useState<{ message: string; continueTo: string } | null>(null);

  useEffect(() => {
    const url = window.location.href;
    let exchange = exchanges.get(url);
    if (!exchange) {
      exchange = loading.track(completeLogin(url));
      exchanges.set(url, exchange);
    }
    let live = true;
    exchange
      .then(async (originalUri) => {
        if (!live) return;
        await refreshMember();
        navigate(returnPath(originalUri, window.location.origin), { replace: true });
      })
      .catch((error: unknown) => {
        console.error('Sign-in failed', error);
        if (!live) return;
        const continueTo = returnPath(readOAuthData()?.originalUri ?? '/', window.location.origin);
        setFailure({ message: describeError(error), continueTo });
      });
    return () => {
      live = false;
    };
  }, [navigate, refreshMember]);

  if (!failure) return <Loading label="Signing you in…" />;
  return (
    <StatusPanel
      heading="h1"
      tone="error"
      title="Sign-in failed"
      actions={
        <Link className={buttonClass()} to={failure.continueTo} replace>
          Continue
        </Link>
      }
    >
      <p data-login-error>{failure.message}</p>
    </StatusPanel>
  );
}

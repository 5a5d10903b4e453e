import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Layout } from './components/layout.tsx';
import { StartupError } from './components/startup-error.tsx';
import { Loading } from './components/status.tsx';
import { prefetchRoute } from './lib/prefetch.ts';
import { AppRoutes } from './router.tsx';
import { useSession } from './state/session.tsx';

/** The shell around the routes; the routes mount once there are tokens to call the API with. */
export function App() {
  const { startup } = useSession();
  const { pathname } = useLocation();
  // The opened page's code and data start with the tokens, not after them (its loaders wait for
  // the tokens themselves), so the page shows its content on its first render when it can.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page opened first, once.
  useEffect(() => prefetchRoute(pathname), []);
  return (
    <Layout>
      {startup.status === 'ready' ? (
        <AppRoutes />
      ) : startup.status === 'failed' ? (
        <StartupError error={startup.error} />
      ) : (
        <Loading label="Connecting to the site…" delayed />
      )}
    </Layout>
  );
}

import { Layout } from './components/layout.tsx';
import { StartupError } from './components/startup-error.tsx';
import { Loading } from './components/status.tsx';
import { AppRoutes } from './router.tsx';
import { useSession } from './state/session.tsx';

/** The shell around the routes; the routes mount once there are tokens to call the API with. */
export function App() {
  const { startup } = useSession();
  return (
    <Layout>
      {startup.status === 'ready' ? (
        <AppRoutes />
      ) : startup.status === 'failed' ? (
        <StartupError error={startup.error} />
      ) : (
        <Loading label="Connecting to the site…" />
      )}
    </Layout>
  );
}

import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from './api/client.ts';
import { sessionKey } from './api/session.ts';
import { AppRouter } from './router.tsx';
import './styles.css';
import './blocks.css';
import './states.css';
import './forms.css';

const client: QueryClient = new QueryClient({
  // A session that ended meanwhile (signed out elsewhere, expired): ask again, which shows the sign-in.
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== sessionKey[0])
        void client.invalidateQueries({ queryKey: sessionKey });
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A refusal will not change by asking again; a network failure may.
      retry: (count, error) =>
        count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <AppRouter />
    </QueryClientProvider>
  </StrictMode>,
);

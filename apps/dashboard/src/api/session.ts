import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, setCsrfToken } from './client.ts';

export interface SiteRef {
  id: string;
  name: string;
}

export interface Session {
  owner: { email: string };
  site: SiteRef;
  sites: SiteRef[];
  csrfToken: string;
}

const SESSION = '/dashboard/api/session';
export const sessionKey = ['session'] as const;

/** The signed-in owner, or null when there is no session (a 401 is an answer here, not an error). */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: async (): Promise<Session | null> => {
      try {
        const session = await api<Session>('GET', SESSION);
        setCsrfToken(session.csrfToken);
        return session;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          setCsrfToken(undefined);
          return null;
        }
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Everything cached belongs to one site and owner: a new session starts from nothing. */
function useStartOver() {
  const client = useQueryClient();
  return (session: Session | null) => {
    setCsrfToken(session?.csrfToken);
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    client.setQueryData(sessionKey, session);
  };
}

export function useSignIn() {
  const startOver = useStartOver();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) => api<Session>('POST', SESSION, input),
    onSuccess: startOver,
  });
}

export function useSwitchSite() {
  const startOver = useStartOver();
  return useMutation({
    mutationFn: (siteId: string) => api<Session>('PUT', `${SESSION}/site`, { siteId }),
    onSuccess: startOver,
  });
}

export function useSignOut(everywhere = false) {
  const startOver = useStartOver();
  return useMutation({
    mutationFn: () => api<object>('DELETE', everywhere ? '/dashboard/api/sessions' : SESSION),
    onSettled: () => startOver(null),
  });
}

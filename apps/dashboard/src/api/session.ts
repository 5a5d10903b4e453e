import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, setCsrfToken } from './client.ts';

export interface SiteRef {
  id: string;
  name: string;
}

export interface Session {
  /** `emailFactor`: signing in asks for a code e-mailed to the owner after the password. */
  owner: { email: string; emailFactor: boolean };
  site: SiteRef;
  sites: SiteRef[];
  csrfToken: string;
}

/** A right password of an owner with the e-mail factor: no session yet, a code was e-mailed. */
export interface CodeSent {
  state: 'EMAIL_CODE_SENT';
  stateToken: string;
  /** The address, partly hidden. */
  sentTo: string;
  expiresInSeconds: number;
}

export const isCodeSent = (answer: Session | CodeSent): answer is CodeSent =>
  'state' in answer && answer.state === 'EMAIL_CODE_SENT';

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

/** The password step: a session, or a code on its way (then `useConfirmCode` opens the session). */
export function useSignIn() {
  const startOver = useStartOver();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      api<Session | CodeSent>('POST', SESSION, input),
    onSuccess: (answer) => {
      if (!isCodeSent(answer)) startOver(answer);
    },
  });
}

/** The code step: the e-mailed code of a sign-in sets the session cookie. */
export function useConfirmCode() {
  const startOver = useStartOver();
  return useMutation({
    mutationFn: (input: { stateToken: string; code: string }) =>
      api<Session>('POST', `${SESSION}/code`, input),
    onSuccess: startOver,
  });
}

/** E-mails a new code for the same sign-in; the previous one stops working. */
export function useResendCode() {
  return useMutation({
    mutationFn: (stateToken: string) => api<CodeSent>('POST', `${SESSION}/code/resend`, { stateToken }),
  });
}

/** Turns the e-mail code at sign-in on, or off with the password. */
export function useSetEmailFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { enabled: boolean; password?: string }) =>
      api<Session>('PUT', `${SESSION}/email-factor`, input),
    onSuccess: (session) => client.setQueryData(sessionKey, session),
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

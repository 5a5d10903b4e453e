import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import type { PagingMetadata } from './types.ts';

// --- OAuth apps -----------------------------------------------------------------------------------

export interface OAuthApp {
  /** Also the app's client id. */
  id: string;
  revision: string;
  name: string;
  description?: string;
  allowedRedirectUris: string[];
  allowedOrigins: string[];
  createdDate: string;
}

export interface OAuthAppInput {
  name: string;
  description?: string;
  allowedRedirectUris: string[];
  allowedOrigins: string[];
}

const OAUTH_APPS = '/oauth-app/v1/oauth-apps';
export const OAUTH_APP_PAGE = 20;

export function useOAuthApps(page: number) {
  return useQuery({
    queryKey: ['oauth-apps', page],
    queryFn: () =>
      api<{ oAuthApps: OAuthApp[]; pagingMetadata: PagingMetadata }>('POST', `${OAUTH_APPS}/query`, {
        query: {
          sort: [{ fieldName: 'createdDate', order: 'DESC' }],
          paging: { offset: page * OAUTH_APP_PAGE, limit: OAUTH_APP_PAGE },
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveOAuthApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ app, editing }: { app: OAuthAppInput; editing?: OAuthApp }) =>
      editing
        ? api<{ oAuthApp: OAuthApp }>('PATCH', `${OAUTH_APPS}/${encodeURIComponent(editing.id)}`, {
            oAuthApp: { ...app, id: editing.id, revision: editing.revision },
            // Named, so that a description taken away is cleared.
            mask: ['name', 'description', 'allowedRedirectUris', 'allowedOrigins'],
          })
        : api<{ oAuthApp: OAuthApp }>('POST', OAUTH_APPS, { oAuthApp: app }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['oauth-apps'] }),
  });
}

export function useDeleteOAuthApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (app: OAuthApp) => api<object>('DELETE', `${OAUTH_APPS}/${encodeURIComponent(app.id)}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['oauth-apps'] }),
  });
}

// --- SSO: identity-provider connections -----------------------------------------------------------

export interface IdpConnection {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  hasClientSecret: boolean;
  scopes: string[];
  enabled: boolean;
  redirectUri: string;
  createdDate: string;
}

export interface IdpConnectionInput {
  name: string;
  issuer: string;
  clientId: string;
  /** Write-only: sent when typed, never read back. */
  clientSecret?: string;
  scopes: string[];
  enabled: boolean;
}

const IDP = '/plaza/v1/idp-connections';

export function useIdpConnections() {
  return useQuery({
    queryKey: ['idp-connections'],
    queryFn: async () => (await api<{ idpConnections: IdpConnection[] }>('GET', IDP)).idpConnections,
  });
}

export function useSaveIdpConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ connection, editing }: { connection: IdpConnectionInput; editing?: IdpConnection }) =>
      editing
        ? api<{ idpConnection: IdpConnection }>('PATCH', `${IDP}/${encodeURIComponent(editing.id)}`, {
            idpConnection: connection,
          })
        : api<{ idpConnection: IdpConnection }>('POST', IDP, { idpConnection: connection }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['idp-connections'] }),
  });
}

export function useDeleteIdpConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (connection: IdpConnection) =>
      api<object>('DELETE', `${IDP}/${encodeURIComponent(connection.id)}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['idp-connections'] }),
  });
}

// --- the dev mailbox ------------------------------------------------------------------------------

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  createdDate: string;
}

export const MAIL_PAGE = 20;

/** Newest first; `cursor` pages on (the previous answer's `cursors.next`). */
export function useMailbox(to: string, cursor: string | undefined) {
  return useQuery({
    queryKey: ['mailbox', to, cursor ?? ''],
    queryFn: () =>
      api<{ messages: MailMessage[]; pagingMetadata: PagingMetadata }>('POST', '/plaza/v1/mailbox/query', {
        limit: MAIL_PAGE,
        ...(to ? { to } : {}),
        ...(cursor ? { cursor } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

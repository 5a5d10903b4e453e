import type { IdpConnectionsTable } from '../../../db/schema.ts';
import { invalidField } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { namesPrivateHost } from '../../../lib/private-address.ts';
import { nowIso } from '../service/context.ts';
import { callbackUrl, type SsoDeps } from './context.ts';
import { ssoErrors } from './errors.ts';
import type { ConnectionRow } from './store.ts';

/** Admin CRUD of a site's OpenID Connect connections. The client secret is write-only. */

export interface ConnectionFields {
  name?: string;
  issuer?: string;
  clientId?: string;
  clientSecret?: string;
  scopes?: string[];
  enabled?: boolean;
}

export const DEFAULT_SCOPES = ['openid', 'email', 'profile'];

/** `openid` first, no duplicates. */
const scopesOf = (scopes: string[]) => [
  ...new Set(['openid', ...scopes.map((s) => s.trim()).filter(Boolean)]),
];

export function connectionView(deps: SsoDeps, row: ConnectionRow) {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.client_id,
    hasClientSecret: row.client_secret !== null,
    scopes: JSON.parse(row.scopes) as string[],
    enabled: Boolean(row.enabled),
    redirectUri: callbackUrl(deps, row.id),
    createdDate: row.created_date,
    updatedDate: row.updated_date,
  };
}

/** An issuer on this machine or a private network is refused unless SSO_ALLOW_PRIVATE allows it. */
function checkIssuer(deps: SsoDeps, issuer: string) {
  if (!deps.allowPrivate && namesPrivateHost(issuer))
    throw invalidField(
      'idpConnection.issuer',
      'must name a public host: loopback and private addresses are refused (SSO_ALLOW_PRIVATE allows them)',
      'FORMAT',
    );
}

async function requireConnection(deps: SsoDeps, siteId: string, id: string) {
  const row = await deps.store.connections.get(siteId, id);
  if (!row) throw ssoErrors.connectionNotFound(id);
  return row;
}

export async function createConnection(deps: SsoDeps, siteId: string, fields: ConnectionFields) {
  checkIssuer(deps, fields.issuer!.trim());
  const now = nowIso(deps.identity);
  const row: IdpConnectionsTable = {
    id: newId(),
    site_id: siteId,
    name: fields.name!.trim(),
    issuer: fields.issuer!.trim(),
    client_id: fields.clientId!,
    client_secret: fields.clientSecret === undefined ? null : deps.secrets.seal(fields.clientSecret),
    scopes: JSON.stringify(scopesOf(fields.scopes ?? DEFAULT_SCOPES)),
    enabled: fields.enabled === false ? 0 : 1,
    created_date: now,
    updated_date: now,
  };
  // An enabled connection must work: its issuer's discovery document is read now (fresh).
  if (row.enabled) await deps.oidc.discover(row.issuer, { fresh: true });
  await deps.store.connections.insert(row);
  return { idpConnection: connectionView(deps, row) };
}

export async function listConnections(deps: SsoDeps, siteId: string) {
  const rows = await deps.store.connections.list(siteId);
  return { idpConnections: rows.map((row) => connectionView(deps, row)) };
}

export async function getConnection(deps: SsoDeps, siteId: string, id: string) {
  return { idpConnection: connectionView(deps, await requireConnection(deps, siteId, id)) };
}

export async function updateConnection(deps: SsoDeps, siteId: string, id: string, fields: ConnectionFields) {
  const current = await requireConnection(deps, siteId, id);
  const patch: Partial<IdpConnectionsTable> = { updated_date: nowIso(deps.identity) };
  if (fields.name !== undefined) patch.name = fields.name.trim();
  if (fields.issuer !== undefined) {
    patch.issuer = fields.issuer.trim();
    checkIssuer(deps, patch.issuer);
  }
  if (fields.clientId !== undefined) patch.client_id = fields.clientId;
  if (fields.clientSecret !== undefined) patch.client_secret = deps.secrets.seal(fields.clientSecret);
  if (fields.scopes !== undefined) patch.scopes = JSON.stringify(scopesOf(fields.scopes));
  if (fields.enabled !== undefined) patch.enabled = fields.enabled ? 1 : 0;
  const next = { ...current, ...patch };
  if (next.enabled && (patch.issuer !== undefined || (patch.enabled && !current.enabled)))
    await deps.oidc.discover(next.issuer, { fresh: true });
  await deps.store.connections.update(siteId, id, patch);
  return { idpConnection: connectionView(deps, next) };
}

export async function deleteConnection(deps: SsoDeps, siteId: string, id: string) {
  if (!(await deps.store.connections.delete(siteId, id))) throw ssoErrors.connectionNotFound(id);
  return {};
}

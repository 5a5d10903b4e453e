import { members } from '@wix/members';
import { createClient, OAuthStrategy, type StateMachine, type Tokens } from '@wix/sdk';
import { expect } from 'vitest';
import type { RecordedRequest } from './harness.ts';
import { plaza } from './plaza-per-file.ts';

/**
 * What the `@wix/sdk` OAuthStrategy and `@wix/members` tests (identity-tokens, identity-accounts)
 * share: the clients and the steps that read their answers, against the Plaza each file starts with
 * `usePlazaPerFile`.
 */

export const PASSWORD = 'correct-Horse-7';

export const strategy = (tokens?: Tokens) =>
  OAuthStrategy({ clientId: plaza.demo.clientId, ...(tokens ? { tokens } : {}) });

export const memberClient = (auth: ReturnType<typeof strategy>) =>
  createClient({ modules: { members }, auth, fetch: plaza.fetch });

/** The access token's JWT payload, read the way the demo app reads it (map 6.3). */
export function accessTokenData(token: string): { instance: { metaSiteId: string } } {
  expect(token.startsWith('OauthNG.JWS.')).toBe(true);
  const parts = token.slice('OauthNG.JWS.'.length).split('.');
  expect(parts).toHaveLength(3);
  const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  expect(typeof payload.data).toBe('string');
  return JSON.parse(payload.data);
}

/** The `data` / `error` of a login state (the union type has no `data` on its INITIAL member). */
export const sessionTokenOf = (state: StateMachine): string => {
  expect(state.loginState).toBe('SUCCESS');
  return (state as { data: { sessionToken: string } }).data.sessionToken;
};
export const stateTokenOf = (state: StateMachine): string => {
  expect(state.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
  return (state as { data: { stateToken: string } }).data.stateToken;
};
export const errorOf = (state: StateMachine) => (state as { error?: string }).error;

export const tokenRequests = () => plaza.requests.filter((r) => r.pathAndQuery === '/oauth2/token');
export const bodyOf = (r: RecordedRequest | undefined) => JSON.parse(r?.body ?? 'null');
let emailSeq = 0;
export const newEmail = (tag: string) => `compat-${tag}-${Date.now()}-${++emailSeq}@example.com`;

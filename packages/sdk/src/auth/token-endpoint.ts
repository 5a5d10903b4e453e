import { PlazaError } from '../core/errors.ts';
import { sendJson } from '../core/http.ts';
import type { FetchFunction } from '../core/types.ts';
import { type AccessToken, nowInSeconds } from './tokens.ts';

export const TOKEN_PATH = '/oauth2/token';

/** The grants of the token endpoint, in the key order the official client sends. */
export type Grant =
  | { grantType: 'anonymous' }
  | { grantType: 'refresh_token'; refreshToken: string }
  | { grantType: 'authorization_code'; redirectUri?: string; code: string; codeVerifier: string };

export interface TokenEndpoint {
  clientId: string;
  baseUrl: string;
  fetch: FetchFunction;
}

export interface GrantedTokens {
  accessToken: AccessToken;
  /** Absent on some refresh answers; the caller keeps its refresh token then. */
  refreshToken: string | undefined;
}

/**
 * `POST {baseUrl}/oauth2/token` with JSON `{clientId, grantType, …}`. The answer
 * `{access_token, refresh_token, expires_in}` gives `expiresAt = expires_in + floor(now / 1000)`.
 * Any failure is a `PlazaError` with the message 'something went wrong' (seed section 8); the
 * server's own error stays available in `details`, `status` and `cause`.
 */
export async function requestTokens(endpoint: TokenEndpoint, grant: Grant): Promise<GrantedTokens> {
  let answer: Record<string, unknown>;
  try {
    answer = (await sendJson(endpoint.fetch, {
      method: 'POST',
      url: endpoint.baseUrl + TOKEN_PATH,
      body: JSON.stringify({ clientId: endpoint.clientId, ...grant }),
    })) as Record<string, unknown>;
  } catch (cause) {
    const failure = cause instanceof PlazaError ? cause : undefined;
    throw new PlazaError('something went wrong', {
      status: failure?.status,
      requestId: failure?.requestId,
      details: failure?.details,
      cause,
    });
  }
  const expiresIn = Number(answer.expires_in);
  if (typeof answer.access_token !== 'string' || !Number.isFinite(expiresIn)) {
    throw new PlazaError('something went wrong', {
      status: 200,
      cause: new Error('The token answer has no access_token or expires_in'),
    });
  }
  return {
    accessToken: { value: answer.access_token, expiresAt: expiresIn + nowInSeconds() },
    refreshToken: typeof answer.refresh_token === 'string' ? answer.refresh_token : undefined,
  };
}

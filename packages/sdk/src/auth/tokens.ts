/** Who a refresh token stands for: nobody yet, an anonymous visitor, or a signed-in member. */
export type TokenRole = 'none' | 'visitor' | 'member';

export interface AccessToken {
  /** Sent raw in `Authorization` (no `Bearer`). */
  value: string;
  /** Unix time in seconds. */
  expiresAt: number;
}

export interface RefreshToken {
  value: string;
  role: TokenRole;
}

/** The token pair the SDK keeps (the demo app stores it as JSON in a cookie named `session`). */
export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}

/** Where an OAuth strategy keeps its tokens between calls (and page loads). */
export interface TokenStore {
  get(): Tokens | undefined;
  set(tokens: Tokens): void;
}

/**
 * The value of "no tokens": what `logout()` leaves behind.
 *
 * @example
 * if (savedClientId !== clientId) client.auth.setTokens(emptyTokens());
 */
export const emptyTokens = (): Tokens => ({
  accessToken: { value: '', expiresAt: 0 },
  refreshToken: { value: '', role: 'none' },
});

export const nowInSeconds = (): number => Math.floor(Date.now() / 1000);

/** Expired when `expiresAt < now` in seconds, with no safety margin (as the official client). */
export const isExpired = (token: AccessToken): boolean => token.expiresAt < nowInSeconds();

/** A shape check for tokens read back from storage. */
export function isTokens(value: unknown): value is Tokens {
  const tokens = value as Partial<Tokens> | null;
  return (
    typeof tokens === 'object' &&
    tokens !== null &&
    typeof tokens.accessToken?.value === 'string' &&
    typeof tokens.accessToken.expiresAt === 'number' &&
    typeof tokens.refreshToken?.value === 'string' &&
    ['none', 'visitor', 'member'].includes(tokens.refreshToken.role)
  );
}

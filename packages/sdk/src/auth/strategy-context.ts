import type { TokenEndpoint } from './token-endpoint.ts';
import type { Tokens } from './tokens.ts';

/** What the sign-in flows share with the strategy that owns the tokens. */
export interface StrategyContext {
  clientId: string;
  endpoint: TokenEndpoint;
  /** POST to the API with the current access token; the parsed JSON answer. */
  post(path: string, body: object): Promise<Record<string, unknown>>;
  setTokens(tokens: Tokens): void;
}

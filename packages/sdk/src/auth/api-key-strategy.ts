import type { AuthStrategy } from '../core/types.ts';

/**
 * Server-to-server access with an admin API key (created in the dashboard or with
 * `identity.createApiKey`). Never ship an API key to a browser.
 *
 * @example
 * const admin = createClient({
 *   modules: { sites },
 *   apiBaseUrl: 'http://localhost:4000',
 *   auth: ApiKeyStrategy({ apiKey: process.env.PLAZA_API_KEY! }),
 * });
 */
export function ApiKeyStrategy({ apiKey }: { apiKey: string }): AuthStrategy {
  return { getAuthHeaders: async () => ({ Authorization: apiKey }) };
}

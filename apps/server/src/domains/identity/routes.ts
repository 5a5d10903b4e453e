import { identityCalls } from '@plaza/contracts';
import { callModule } from '../../http/calls.ts';
import type { ApiKeys } from './api-keys.ts';
import type { SigningKeys } from './signing-keys.ts';

export interface IdentityDeps {
  apiKeys: ApiKeys;
  signingKeys: SigningKeys;
}

export function identityRoutes(deps: IdentityDeps) {
  return callModule('identity', identityCalls, {
    createApiKey: async ({ name }, { caller }) => deps.apiKeys.create(caller.siteId, name),
    listApiKeys: async (_input, { caller }) => ({ apiKeys: await deps.apiKeys.list(caller.siteId) }),
    deleteApiKey: async ({ apiKeyId }, { caller }) => {
      await deps.apiKeys.delete(caller.siteId, apiKeyId);
      return {};
    },
    getJwks: async () => (await deps.signingKeys.jwks()) as never,
  });
}

import type { Database } from '../../../db/connect.ts';
import type { Clock } from '../../../lib/clock.ts';
import { authorizationCodeStore, failureStore, refreshTokenStore, ticketStore } from './grants.ts';
import { identityStore } from './identities.ts';
import { throttleStore } from './throttle.ts';

export function identityStores(database: Database, clock: Clock) {
  return {
    identities: identityStore(database, clock),
    refreshTokens: refreshTokenStore(database.db),
    codes: authorizationCodeStore(database.db),
    tickets: ticketStore(database.db),
    failures: failureStore(database.db),
    throttle: throttleStore(database.db),
  };
}

export type IdentityStores = ReturnType<typeof identityStores>;

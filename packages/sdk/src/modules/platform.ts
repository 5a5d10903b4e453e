import type { getHealth } from '@plaza/contracts';
import { call } from '../core/calls.ts';
import { platformCalls } from '../generated/calls.ts';

/** The server itself. */
export const platform = {
  /**
   * Liveness and database reachability; needs no credentials.
   * @example
   * const { status, database, version } = await client.platform.getHealth();
   */
  getHealth: call<typeof getHealth>(platformCalls, 'getHealth'),
};

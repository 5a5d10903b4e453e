import { AsyncLocalStorage } from 'node:async_hooks';

/** Who made a change: the caller of the call during which the change's event was recorded. */
export interface Actor {
  type: 'visitor' | 'member' | 'admin' | 'app';
  /** Visitor id, member id, owner or API-key id, app id. */
  id: string;
}

const current = new AsyncLocalStorage<Actor>();

/**
 * Runs `work` (a call's handler) as `actor`: every domain event recorded meanwhile, whichever domain
 * and store record it, names the actor, without each service passing its caller down to the outbox.
 * Work outside a call (jobs, expiries, renewals) records events without one.
 */
export function actingAs<T>(actor: Actor | undefined, work: () => T): T {
  return actor ? current.run(actor, work) : work();
}

/** The actor of the call under way, if any. */
export const currentActor = (): Actor | undefined => current.getStore();

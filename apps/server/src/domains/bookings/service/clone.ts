/**
 * Cloning a service: the copy has its own id, schedule and slug and names the same category, policy,
 * locations, staff and form. `errors` lists what could not be copied: nothing today, since a service's
 * options and variants, form, recurring sessions and plans are all references the copy keeps.
 */
import type { Caller } from '../../../http/access.ts';
import { bookingsErrors } from '../errors.ts';
import { type BookingsDeps, isObject, type Json, siteFacts } from './context.ts';
import { defaultPolicyId } from './policies.ts';
import { mergeWritable } from './service-input.ts';
import { insertService } from './services.ts';
import { renderService } from './view.ts';

export interface CloneOptions {
  cloneServiceName?: string | undefined;
  hideService?: boolean | undefined;
  copyPricingPlans?: boolean | undefined;
}

export async function cloneService(
  deps: BookingsDeps,
  caller: Caller,
  sourceId: string,
  options: CloneOptions,
) {
  const facts = await siteFacts(deps, caller.siteId);
  const policyId = await defaultPolicyId(deps, caller.siteId);
  const cloned = await deps.store.transaction(async (trx) => {
    const source = await deps.store.services.forSite(caller.siteId, trx).get<Json>(sourceId);
    if (!source) throw bookingsErrors.serviceNotFound(sourceId);
    const copy = mergeWritable({}, source, undefined);
    copy.name = options.cloneServiceName ?? `${String(source.name)} (copy)`.slice(0, 400);
    if (options.hideService !== undefined) copy.hidden = options.hideService;
    const schedule = isObject(source.schedule) ? source.schedule : {};
    copy.schedule = { availabilityConstraints: schedule.availabilityConstraints };
    const created = await insertService(deps, trx, caller, facts, copy, policyId);
    const payment = isObject(source.payment) ? source.payment : {};
    if (
      options.copyPricingPlans === false ||
      !Array.isArray(payment.pricingPlanIds) ||
      payment.pricingPlanIds.length === 0
    ) {
      return created;
    }
    return deps.store.services.forSite(caller.siteId, trx).update<Json>(created.id, {
      payment: { ...(created.payment as Json), pricingPlanIds: payment.pricingPlanIds },
    });
  });
  return { service: await renderService(deps, caller.siteId, facts, cloned), errors: [] as never[] };
}

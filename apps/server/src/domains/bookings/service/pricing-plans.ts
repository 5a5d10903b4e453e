/**
 * Pricing plans a service can be paid with (`payment.pricingPlanIds`). The plans are the plans
 * domain's: their ids are kept as given, as the platform keeps them when a plan is later deleted.
 */
import type { Caller } from '../../../http/access.ts';
import { AppError } from '../../../lib/errors.ts';
import { bookingsErrors } from '../errors.ts';
import { type BookingsDeps, isObject, type Json, siteFacts } from './context.ts';
import { renderService } from './view.ts';

async function changePlans(
  deps: BookingsDeps,
  caller: Caller,
  serviceId: string,
  change: (current: string[], service: Json) => string[],
) {
  const facts = await siteFacts(deps, caller.siteId);
  const updated = await deps.store.transaction(async (trx) => {
    const services = deps.store.services.forSite(caller.siteId, trx);
    const service = await services.get<Json>(serviceId);
    if (!service) throw bookingsErrors.serviceNotFound(serviceId);
    const payment = (isObject(service.payment) ? service.payment : {}) as Json;
    const pricingPlanIds = change((payment.pricingPlanIds as string[] | undefined) ?? [], service);
    const options: Json = { ...(payment.options as Json), pricingPlan: pricingPlanIds.length > 0 };
    // A fixed or varied price must stay payable some way once the last plan is gone.
    if (!options.pricingPlan && !options.online && ['FIXED', 'VARIED'].includes(String(payment.rateType))) {
      options.inPerson = true;
    }
    return services.update<Json>(
      serviceId,
      { payment: { ...payment, pricingPlanIds, options } },
      {
        expectedRevision: service.revision,
      },
    );
  });
  return { service: await renderService(deps, caller.siteId, facts, updated) };
}

export function enablePricingPlans(deps: BookingsDeps, caller: Caller, serviceId: string, planIds: string[]) {
  return changePlans(deps, caller, serviceId, (current, service) => {
    if (isObject(service.onlineBooking) && service.onlineBooking.requireManualApproval === true) {
      throw new AppError(
        400,
        'SERVICE_DOES_NOT_SUPPORT_PRICING_PLANS',
        'A service that needs manual approval cannot be paid with a pricing plan',
        'Turn off onlineBooking.requireManualApproval first.',
        { serviceId },
      );
    }
    return [...new Set([...current, ...planIds])];
  });
}

/** Removes the plans named, or every plan when none are. */
export function disablePricingPlans(
  deps: BookingsDeps,
  caller: Caller,
  serviceId: string,
  planIds: string[] | undefined,
) {
  return changePlans(deps, caller, serviceId, (current) =>
    planIds === undefined || planIds.length === 0 ? [] : current.filter((id) => !planIds.includes(id)),
  );
}

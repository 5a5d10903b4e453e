/**
 * Bulk service calls: each item in its own transaction, so that one failure (unknown id, stale
 * revision, bad field) is reported in its result and leaves the others done. The by-filter forms
 * finish before they answer; their `jobId` names the run.
 */
import { parseMask } from '../../../db/documents.ts';
import type { Caller } from '../../../http/access.ts';
import { AppError, ValidationError } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { bookingsErrors } from '../errors.ts';
import { type BookingsDeps, type Json, siteFacts } from './context.ts';
import { defaultPolicyId } from './policies.ts';
import { removeService, reviseService } from './services.ts';
import { servicesMatching } from './sets.ts';
import { renderService } from './view.ts';

interface ItemResult {
  itemMetadata: { id?: string; originalIndex: number; success: boolean; error?: Json };
  item?: Json;
}

/** An item's failure as the platform's ApplicationError; anything else is not the item's fault. */
function failure(error: unknown): Json {
  if (error instanceof AppError)
    return { code: error.code, description: error.description, data: error.data };
  if (error instanceof ValidationError) {
    return {
      code: 'INVALID_ARGUMENT',
      description: error.message,
      data: { fieldViolations: error.fieldViolations },
    };
  }
  throw error;
}

function summary(results: ItemResult[]) {
  const totalSuccesses = results.filter((result) => result.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: {
      totalSuccesses,
      totalFailures: results.length - totalSuccesses,
      undetailedFailures: 0,
    },
  };
}

export async function bulkUpdateServices(
  deps: BookingsDeps,
  caller: Caller,
  items: Array<{ service: Json; mask?: unknown }>,
  returnEntity: boolean,
) {
  const facts = await siteFacts(deps, caller.siteId);
  const policyId = await defaultPolicyId(deps, caller.siteId);
  const results: ItemResult[] = [];
  for (const [originalIndex, { service, mask }] of items.entries()) {
    const { id, revision, ...patch } = service;
    try {
      const paths = parseMask(mask, `services[${originalIndex}].mask`);
      const updated = await deps.store.transaction((trx) =>
        reviseService(deps, trx, caller.siteId, facts, String(id), patch, {
          revision: String(revision),
          mask: paths,
          policyId,
        }),
      );
      results.push({
        itemMetadata: { id: String(id), originalIndex, success: true },
        ...(returnEntity ? { item: await renderService(deps, caller.siteId, facts, updated) } : {}),
      });
    } catch (error) {
      results.push({
        itemMetadata: { id: String(id), originalIndex, success: false, error: failure(error) },
      });
    }
  }
  return summary(results);
}

export async function bulkDeleteServices(deps: BookingsDeps, caller: Caller, ids: string[]) {
  const results: ItemResult[] = [];
  for (const [originalIndex, id] of ids.entries()) {
    try {
      const removed = await deps.store.transaction((trx) => removeService(deps, trx, caller.siteId, id));
      if (!removed) throw bookingsErrors.serviceNotFound(id);
      results.push({ itemMetadata: { id, originalIndex, success: true } });
    } catch (error) {
      results.push({ itemMetadata: { id, originalIndex, success: false, error: failure(error) } });
    }
  }
  return summary(results);
}

/** Sets `service`'s fields (or those of `mask`) on every service `filter` matches, all or none. */
export async function bulkUpdateServicesByFilter(
  deps: BookingsDeps,
  caller: Caller,
  filter: unknown,
  service: Json,
  mask: unknown,
) {
  const paths = parseMask(mask, 'mask');
  const facts = await siteFacts(deps, caller.siteId);
  const policyId = await defaultPolicyId(deps, caller.siteId);
  const matched = await servicesMatching(deps, caller, filter ?? {}, { field: 'filter' });
  await deps.store.transaction(async (trx) => {
    for (const stored of matched) {
      await reviseService(deps, trx, caller.siteId, facts, String(stored.id), service, {
        mask: paths,
        policyId,
      });
    }
  });
  return { jobId: newId() };
}

export async function bulkDeleteServicesByFilter(deps: BookingsDeps, caller: Caller, filter: unknown) {
  const matched = await servicesMatching(deps, caller, filter ?? {}, { field: 'filter' });
  await deps.store.transaction(async (trx) => {
    for (const stored of matched) await removeService(deps, trx, caller.siteId, String(stored.id));
  });
  return { jobId: newId() };
}

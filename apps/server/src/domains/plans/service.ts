/**
 * Pricing plans v2: public reads for any caller, management for the owner. Plans are documents
 * (domain events come with every write); `hasOrders` is read from the plan orders beside them.
 */
import {
  listPublicPlans as listPublicPlansCall,
  queryPublicPlans as queryPublicPlansCall,
} from '@plaza/contracts';
import type { Kysely } from 'kysely';
import { lockResource } from '../../db/capacity.ts';
import { parseMask, type SystemFields } from '../../db/documents.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Schema } from '../../db/schema.ts';
import type { Caller } from '../../http/access.ts';
import type { Jobs } from '../../jobs/loop.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalidField } from '../../lib/errors.ts';
import { currencyDigits } from '../../lib/money.ts';
import { getPath, setPath } from '../../lib/paths.ts';
import { RawJson } from '../../lib/raw-json.ts';
import { schemaSerializer } from '../../lib/schema-json.ts';
import type { PaymentProviders } from '../ecom/payments/index.ts';
import type { SitesDeps } from '../sites/index.ts';
import { plansErrors } from './errors.ts';
import { normalisePlan, type SiteMoney, type StoredPlan, slugOf, WRITABLE } from './plan-input.ts';
import type { PlansStore } from './store.ts';

export interface PlansDeps {
  store: PlansStore;
  sites: SitesDeps;
  clock: Clock;
  /** Renewals are jobs enqueued in the transaction of the change that makes them due. */
  jobs: Pick<Jobs, 'enqueue'>;
  /** Marks the ecom order that bought a plan order paid (ecom's mark-as-paid), for `markAsPaid`. */
  markEcomOrderPaid?: (caller: Caller, ecomOrderId: string) => Promise<unknown>;
  /** Ecom's payment providers, for a member replacing the card of a failing renewal (payment-method.ts). */
  payments?: PaymentProviders;
}

export type Plan = StoredPlan & SystemFields;
export type PlanView = Plan & { hasOrders: boolean };

/** The dashboard's order: plans as they were created. */
const CREATION_ORDER = [
  { fieldName: 'createdDate', order: 'ASC' },
  { fieldName: 'id', order: 'ASC' },
];
const LIST_LIMIT = 75;
const QUERY_LIMIT = 50;
/** The per-site lock (a capacity counter row) that primary changes and archiving take in turn. */
const PRIMARY_LOCK = 'plans:primary';
const SLUG_ATTEMPTS = 5;

const isAdmin = (caller: Pick<Caller, 'kind'>) => caller.kind === 'admin' || caller.kind === 'app';
const onSale = (plan: StoredPlan) => plan.public && !plan.archived;
const ON_SALE_FILTER = { public: true, archived: false };

export async function siteMoney(deps: Pick<PlansDeps, 'sites'>, siteId: string): Promise<SiteMoney> {
  const currency = (await deps.sites.store.getSiteCached(siteId))?.currency ?? 'USD';
  return { currency, digits: currencyDigits(currency) };
}

async function views(deps: PlansDeps, siteId: string, plans: Plan[]): Promise<PlanView[]> {
  const bought = await deps.store.withOrders(
    siteId,
    plans.map((plan) => plan.id),
  );
  return plans.map((plan) => ({ ...plan, hasOrders: bought.has(plan.id) }));
}

const answer = async (deps: PlansDeps, siteId: string, plan: Plan) => ({
  plan: (await views(deps, siteId, [plan]))[0]!,
});

async function page(deps: PlansDeps, siteId: string, query: object, defaultLimit: number) {
  const found = await deps.store.plans.forSite(siteId).query(query, { defaultLimit, maxLimit: 100 });
  const plans = found.items.map((text) => JSON.parse(text) as Plan);
  return { plans: await views(deps, siteId, plans), pagingMetadata: found.metadata };
}

/** A page of plans as the public see them: no `hasOrders`, so the plan orders are not read. */
async function publicPage(deps: PlansDeps, siteId: string, query: object, defaultLimit: number) {
  const found = await deps.store.plans.forSite(siteId).query(query, { defaultLimit, maxLimit: 100 });
  return { plans: found.items.map((text) => JSON.parse(text) as Plan), pagingMetadata: found.metadata };
}

const both = (filters: object[]) => (filters.length === 1 ? filters[0]! : { $and: filters });
const idsFilter = (planIds: readonly string[] | undefined) =>
  planIds && planIds.length > 0 ? [{ id: { $in: [...planIds] } }] : [];

export interface ListInput {
  limit?: number | undefined;
  offset?: number | undefined;
  planIds?: readonly string[] | undefined;
}

const listPublicJson = schemaSerializer(listPublicPlansCall.response);
const queryPublicJson = schemaSerializer(queryPublicPlansCall.response);

/**
 * A public plans answer as its route writes it, kept by site and request (store.ts `publicAnswers`):
 * it is the same for every caller, as only plans on sale are listed.
 */
const keptPublic = (
  deps: PlansDeps,
  key: string,
  serialize: (value: unknown) => string,
  make: () => Promise<unknown>,
) => deps.store.publicAnswers.get(key, async () => new RawJson(Buffer.from(serialize(await make()))));

export function listPublicPlans(deps: PlansDeps, caller: Caller, input: ListInput) {
  const filter = both([ON_SALE_FILTER, ...idsFilter(input.planIds)]);
  const paging = { limit: input.limit, offset: input.offset };
  return keptPublic(deps, `list\u0000${caller.siteId}\u0000${JSON.stringify(input)}`, listPublicJson, () =>
    publicPage(deps, caller.siteId, { filter, sort: CREATION_ORDER, paging }, LIST_LIMIT),
  );
}

export function queryPublicPlans(
  deps: PlansDeps,
  caller: Caller,
  query: { filter?: Record<string, unknown> | null; sort?: unknown[]; paging?: object } = {},
) {
  const own = query.filter && Object.keys(query.filter).length > 0 ? [query.filter] : [];
  const sort = query.sort && query.sort.length > 0 ? query.sort : CREATION_ORDER;
  const input = { ...query, filter: both([ON_SALE_FILTER, ...own]), sort };
  return keptPublic(deps, `query\u0000${caller.siteId}\u0000${JSON.stringify(query)}`, queryPublicJson, () =>
    publicPage(deps, caller.siteId, input, QUERY_LIMIT),
  );
}

const ARCHIVED = { ACTIVE: [{ archived: false }], ARCHIVED: [{ archived: true }], ARCHIVED_AND_ACTIVE: [] };
const VISIBLE = { PUBLIC_AND_HIDDEN: [], PUBLIC: [{ public: true }], HIDDEN: [{ public: false }] };

export function listPlans(
  deps: PlansDeps,
  caller: Caller,
  input: ListInput & { archived?: keyof typeof ARCHIVED; public?: keyof typeof VISIBLE },
) {
  const filters = [
    ...ARCHIVED[input.archived ?? 'ACTIVE'],
    ...VISIBLE[input.public ?? 'PUBLIC_AND_HIDDEN'],
    ...idsFilter(input.planIds),
  ];
  const filter = filters.length === 0 ? {} : both(filters);
  const paging = { limit: input.limit, offset: input.offset };
  return page(deps, caller.siteId, { filter, sort: CREATION_ORDER, paging }, LIST_LIMIT);
}

export async function getPlan(deps: PlansDeps, caller: Caller, id: string) {
  const plan = await deps.store.plans.forSite(caller.siteId).get<StoredPlan>(id);
  // Visitors and members never learn of a hidden or archived plan.
  if (!plan || (!isAdmin(caller) && !onSale(plan))) throw plansErrors.planNotFound(id);
  return answer(deps, caller.siteId, plan);
}

export async function getPlanStats(deps: PlansDeps, caller: Caller) {
  return { totalPlans: await deps.store.countPlans(caller.siteId) };
}

/** The first of `base`, `base-2`, `base-3`, … no plan of the site has. */
async function freeSlug(deps: PlansDeps, siteId: string, base: string): Promise<string> {
  const taken = await deps.store.slugsLike(siteId, base);
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

const writable = (input: Record<string, unknown>) =>
  Object.fromEntries(WRITABLE.filter((key) => key in input).map((key) => [key, input[key]]));

/** `options.id`: a fixed id (demo data), else a new one. */
export async function createPlan(
  deps: PlansDeps,
  caller: Caller,
  input: Record<string, unknown>,
  options: { id?: string } = {},
) {
  const { siteId } = caller;
  const fields = normalisePlan(writable(input), await siteMoney(deps, siteId));
  // A slug made from the name is made again when another plan took it meanwhile.
  for (let attempt = 1; ; attempt++) {
    const slug = fields.slug ?? (await freeSlug(deps, siteId, slugOf(fields.name)));
    try {
      const created = await deps.store.plans
        .forSite(siteId)
        .create<StoredPlan>({ ...fields, slug, archived: false, primary: false }, options);
      return answer(deps, siteId, created);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (fields.slug || attempt >= SLUG_ATTEMPTS) throw plansErrors.slugTaken(slug);
    }
  }
}

/**
 * Applies the fields `fieldMask` names (every writable field sent, without one) to the stored plan
 * and checks the result whole. Read-only fields sent back as read (the official client sends whole
 * plans) are ignored; a mask that names one is refused.
 */
export async function updatePlan(
  deps: PlansDeps,
  caller: Caller,
  input: Record<string, unknown> & { id: string },
  fieldMask?: string,
) {
  const { siteId } = caller;
  const docs = deps.store.plans.forSite(siteId);
  const current = await docs.get<StoredPlan>(input.id);
  if (!current) throw plansErrors.planNotFound(input.id);
  const mask = parseMask(fieldMask, 'fieldMask');
  const merged = structuredClone(current) as unknown as Record<string, unknown>;
  if (mask) {
    for (const path of mask) {
      if (!(WRITABLE as readonly string[]).includes(path.split('.')[0]!))
        throw invalidField('fieldMask', `names ${path}, which is read-only or unknown`, 'FIELD_NOT_ALLOWED');
      setPath(merged, path, getPath(input, path));
    }
  } else {
    Object.assign(merged, writable(input));
  }
  const fields = normalisePlan(merged, await siteMoney(deps, siteId));
  if (current.archived && fields.public) throw plansErrors.archivedStaysHidden(current.id);
  // Every writable field is written: one left out of the result (a description cleared) is removed.
  const next: Record<string, unknown> = Object.fromEntries(WRITABLE.map((key) => [key, fields[key]]));
  next.slug = fields.slug ?? current.slug;
  try {
    const updated = await docs.update<StoredPlan>(current.id, next, { expectedRevision: current.revision });
    return answer(deps, siteId, updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw plansErrors.slugTaken(String(next.slug));
    throw error;
  }
}

export async function setPlanVisibility(deps: PlansDeps, caller: Caller, id: string, visible: boolean) {
  const docs = deps.store.plans.forSite(caller.siteId);
  const plan = await docs.get<StoredPlan>(id);
  if (!plan) throw plansErrors.planNotFound(id);
  if (plan.archived && visible) throw plansErrors.archivedStaysHidden(id);
  if (plan.public === visible) return answer(deps, caller.siteId, plan);
  return answer(
    deps,
    caller.siteId,
    await docs.update<StoredPlan>(id, { public: visible }, { expectedRevision: plan.revision }),
  );
}

/**
 * Runs `work` holding the site's primary lock, so that concurrent primary changes take turns instead
 * of failing on the unique index that keeps one primary plan per site.
 */
function underPrimaryLock<T>(deps: PlansDeps, siteId: string, work: (trx: Kysely<Schema>) => Promise<T>) {
  return deps.store.transaction(async (trx) => {
    await lockResource(trx, siteId, PRIMARY_LOCK);
    return work(trx);
  });
}

async function unsetPrimary(deps: PlansDeps, siteId: string, trx: Kysely<Schema>, except?: string) {
  const docs = deps.store.plans.forSite(siteId, trx);
  for (const id of await deps.store.primaryIds(siteId, trx))
    if (id !== except) await docs.update(id, { primary: false });
}

export async function makePlanPrimary(deps: PlansDeps, caller: Caller, id: string) {
  const { siteId } = caller;
  const plan = await underPrimaryLock(deps, siteId, async (trx) => {
    const docs = deps.store.plans.forSite(siteId, trx);
    const found = await docs.get<StoredPlan>(id);
    if (!found) throw plansErrors.planNotFound(id);
    if (found.archived) throw plansErrors.archivedNotPrimary(id);
    if (found.primary) return found;
    await unsetPrimary(deps, siteId, trx, id);
    return docs.update<StoredPlan>(id, { primary: true });
  });
  return answer(deps, siteId, plan);
}

export async function clearPrimary(deps: PlansDeps, caller: Caller) {
  await underPrimaryLock(deps, caller.siteId, (trx) => unsetPrimary(deps, caller.siteId, trx));
  return {};
}

/** One-way: hidden and no longer primary for good; plan orders made before stay as they are. */
export async function archivePlan(deps: PlansDeps, caller: Caller, id: string) {
  const { siteId } = caller;
  const plan = await underPrimaryLock(deps, siteId, async (trx) => {
    const docs = deps.store.plans.forSite(siteId, trx);
    const found = await docs.get<StoredPlan>(id);
    if (!found) throw plansErrors.planNotFound(id);
    if (found.archived) throw plansErrors.alreadyArchived(id);
    return docs.update<StoredPlan>(id, { archived: true, public: false, primary: false });
  });
  return answer(deps, siteId, plan);
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import type { PagingMetadata } from './types.ts';

/** The parts of a plan (packages/contracts/src/plans.ts) the dashboard reads. */
export interface Duration {
  count: number;
  unit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR' | 'UNDEFINED';
}

export interface Plan {
  id: string;
  name: string;
  description?: string;
  pricing: {
    subscription?: { cycleDuration: Duration; cycleCount: number };
    singlePaymentForDuration?: Duration;
    singlePaymentUnlimited?: boolean;
    price: { value: string; currency: string };
    freeTrialDays?: number;
  };
  primary: boolean;
  public: boolean;
  archived: boolean;
  hasOrders: boolean;
  createdDate: string;
}

export interface PlanOrder {
  id: string;
  planId: string;
  planName: string;
  planPrice: string;
  buyer: { memberId: string };
  status: 'DRAFT' | 'PENDING' | 'ACTIVE' | 'PAUSED' | 'ENDED' | 'CANCELED';
  lastPaymentStatus: string;
  autoRenewCanceled?: boolean;
  pricing: { subscription?: unknown; prices: Array<{ price: { total: string; currency: string } }> };
  startDate: string;
  endDate?: string;
  nextChargeDate?: string;
  orderNumber?: string;
  createdDate: string;
}

export type ArchiveFilter = 'ACTIVE' | 'ARCHIVED' | 'ARCHIVED_AND_ACTIVE';
export const PLAN_PAGE = 20;
const PLANS = '/pricing-plans/v2/plans';
const PLAN_ORDERS = '/pricing-plans/v2/orders';

/** Query strings as the contracts read them: arrays as repeated keys. */
export function queryString(params: Record<string, string | number | string[] | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function usePlans(archived: ArchiveFilter, page: number) {
  return useQuery({
    queryKey: ['plans', archived, page],
    queryFn: () =>
      api<{ plans: Plan[]; pagingMetadata: PagingMetadata }>(
        'GET',
        `${PLANS}${queryString({ archived, limit: PLAN_PAGE, offset: page * PLAN_PAGE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export interface NewPlan {
  name: string;
  /** Empty or zero: a free plan. */
  price: string;
  /** A subscription renewing every WEEK / MONTH / YEAR, or ONCE: one payment, no end. */
  billing: 'WEEK' | 'MONTH' | 'YEAR' | 'ONCE';
  public: boolean;
}

export function planInput(plan: NewPlan, currency: string) {
  const price = plan.price.trim();
  return {
    name: plan.name,
    public: plan.public,
    pricing: {
      ...(plan.billing === 'ONCE'
        ? { singlePaymentUnlimited: true }
        : { subscription: { cycleDuration: { count: 1, unit: plan.billing }, cycleCount: 0 } }),
      ...(price ? { price: { value: price, currency } } : {}),
    },
  };
}

/** Every plan mutation changes the lists (and the primary flag of other plans). */
function usePlanMutation<T>(run: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['plans'] }),
  });
}

export const useCreatePlan = (currency: string) =>
  usePlanMutation((plan: NewPlan) => api<{ plan: Plan }>('POST', PLANS, { plan: planInput(plan, currency) }));

export const useSetVisibility = () =>
  usePlanMutation(({ id, visible }: { id: string; visible: boolean }) =>
    api<{ plan: Plan }>('PUT', `${PLANS}/${encodeURIComponent(id)}/visibility`, { visible }),
  );

export const useMakePrimary = () =>
  usePlanMutation((id: string) =>
    api<{ plan: Plan }>('POST', `${PLANS}/${encodeURIComponent(id)}/make-primary`, {}),
  );

export const useArchivePlan = () =>
  usePlanMutation((id: string) =>
    api<{ plan: Plan }>('POST', `${PLANS}/${encodeURIComponent(id)}/archive`, {}),
  );

export const MEMBERSHIP_PAGE = 20;

/** The site's plan orders, newest first, by status; paged by the server. */
export function usePlanOrders(status: string, page: number) {
  return useQuery({
    queryKey: ['plan-orders', status, page],
    queryFn: () =>
      api<{ orders: PlanOrder[]; pagingMetadata: PagingMetadata }>(
        'GET',
        `${PLAN_ORDERS}${queryString({
          orderStatuses: status ? [status] : undefined,
          limit: MEMBERSHIP_PAGE,
          offset: page * MEMBERSHIP_PAGE,
        })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCancelPlanOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, effectiveAt }: { id: string; effectiveAt: 'IMMEDIATELY' | 'NEXT_PAYMENT_DATE' }) =>
      api<object>('POST', `${PLAN_ORDERS}/${encodeURIComponent(id)}/cancel`, { effectiveAt }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['plan-orders'] }),
  });
}

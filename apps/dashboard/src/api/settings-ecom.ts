import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import type { PagingMetadata } from './types.ts';

// --- tax rates and shipping options (the ecom settings) -------------------------------------------

export type TaxItemType = 'PHYSICAL' | 'DIGITAL' | 'SERVICE' | 'SHIPPING';

export interface TaxRate {
  country: string;
  subdivision?: string;
  rate: number;
  name?: string;
  itemType?: TaxItemType;
}

export interface ShippingRegion {
  country: string;
  subdivision?: string;
  price: string;
}

export interface PickupAddress {
  country?: string;
  subdivision?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
}

export interface ShippingOption {
  code: string;
  title: string;
  type: 'FLAT_RATE' | 'STORE_PICKUP';
  carrierId?: string;
  price?: string;
  regions?: ShippingRegion[];
  freeOver?: string;
  deliveryTime?: string;
  instructions?: string;
  pickupAddress?: PickupAddress;
}

export interface TaxOptions {
  taxIncludedInPrices?: boolean;
  taxableAddressType?: 'SHIPPING' | 'BILLING' | 'BUSINESS';
  taxShipping?: boolean;
}

export interface EcomSettings extends TaxOptions {
  taxRates?: TaxRate[];
  shippingOptions?: ShippingOption[];
}

const ECOM_SETTINGS = '/plaza/v1/ecom-settings';
/** Beside the payments form's `['ecom-settings']`, which holds the providers only. */
const SETTINGS_KEY = ['ecom-settings', 'all'];

export function useEcomSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async () => (await api<{ settings: EcomSettings }>('GET', ECOM_SETTINGS)).settings,
  });
}

/** Replaces the given top-level settings (a whole list of rates or options at once). */
export function useUpdateEcomSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: EcomSettings) =>
      api<{ settings: EcomSettings }>('PATCH', ECOM_SETTINGS, { settings }),
    onSuccess: ({ settings }) => client.setQueryData(SETTINGS_KEY, settings),
  });
}

// --- coupons --------------------------------------------------------------------------------------

export type CouponType = 'PERCENTAGE' | 'FIXED_AMOUNT' | 'FREE_SHIPPING';

export interface Coupon {
  id: string;
  revision: string;
  code: string;
  type: CouponType;
  name?: string;
  percentage?: number;
  amount?: string;
  minimumSubtotal?: string;
  startDate?: string;
  expirationDate?: string;
  usageLimit?: number;
  scope?: { catalogItemIds: string[] };
  active: boolean;
  numberOfUsages: number;
  createdDate: string;
}

/** What the coupon form sends: every editable field, absent ones cleared on update (`mask`). */
export interface CouponInput {
  code: string;
  type: CouponType;
  name?: string;
  percentage?: number;
  amount?: string;
  minimumSubtotal?: string;
  startDate?: string;
  expirationDate?: string;
  usageLimit?: number;
  scope?: { catalogItemIds: string[] };
  active: boolean;
}

export const COUPON_FIELDS = [
  'code',
  'type',
  'name',
  'percentage',
  'amount',
  'minimumSubtotal',
  'startDate',
  'expirationDate',
  'usageLimit',
  'scope',
  'active',
] as const;

const COUPONS = '/plaza/v1/coupons';
export const COUPON_PAGE = 20;

export interface CouponFilter {
  code: string;
  type: CouponType | '';
  active: 'true' | 'false' | '';
}

/** The query language's filter for the list's choices (codes are kept upper case). */
export function couponFilter(filter: CouponFilter): Record<string, unknown> {
  return {
    ...(filter.code ? { code: { $startsWith: filter.code.trim().toUpperCase() } } : {}),
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.active ? { active: filter.active === 'true' } : {}),
  };
}

export function useCoupons(filter: CouponFilter, page: number) {
  return useQuery({
    queryKey: ['coupons', filter, page],
    queryFn: () =>
      api<{ coupons: Coupon[]; pagingMetadata: PagingMetadata }>('POST', `${COUPONS}/query`, {
        query: {
          filter: couponFilter(filter),
          sort: [{ fieldName: 'createdDate', order: 'DESC' }],
          paging: { offset: page * COUPON_PAGE, limit: COUPON_PAGE },
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ coupon, editing }: { coupon: CouponInput; editing?: Coupon }) =>
      editing
        ? api<{ coupon: Coupon }>('PATCH', `${COUPONS}/${encodeURIComponent(editing.id)}`, {
            coupon: { ...coupon, id: editing.id, revision: editing.revision },
            mask: [...COUPON_FIELDS],
          })
        : api<{ coupon: Coupon }>('POST', COUPONS, { coupon }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['coupons'] }),
  });
}

export function useDeleteCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (coupon: Coupon) => api<object>('DELETE', `${COUPONS}/${encodeURIComponent(coupon.id)}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['coupons'] }),
  });
}

export { handleEcomJobs } from './after-commit.ts';
export { adoptVisitorCart } from './cart/adopt.ts';
export type {
  CatalogContext,
  CatalogItem,
  CatalogItemNotFound,
  CatalogLookup,
  CatalogMoney,
  CatalogOptions,
  CatalogProvider,
  LookUpRequest,
  OrderedLine,
  OrderRef,
  PaymentOption,
  SubscriptionInfo,
} from './catalog-provider.ts';
export { isItem } from './catalog-provider.ts';
export { type AppLine, type CatalogRegistry, catalogRegistry } from './catalog-registry.ts';
export { adoptVisitorCheckouts } from './checkout/adopt.ts';
export { createCheckoutFromLines } from './checkout/service.ts';
export { buildEcom, type EcomDeps, ownerKeyOf } from './context.ts';
export { usableCoupon } from './coupons.ts';
export { ecomErrors, type UnavailableItem } from './errors.ts';
export { ecomCheckoutIntent, type IntentLines, linesCheckoutIntent } from './hosted.ts';
export { memberAccountOrders } from './member-orders.ts';
export { cancelOrder, markOrderAsPaid, type StoredOrder } from './orders.ts';
export {
  builtInProviders,
  type PaymentProvider,
  type PaymentProviders,
  TEST_CARDS,
} from './payments/index.ts';
export { ecomRoutes } from './routes.ts';
export type { CouponRule } from './totals.ts';
export { computeTotals, type Totals, type TotalsInput } from './totals.ts';

export { adoptVisitorCart } from './cart/adopt.ts';
export { type CatalogRegistry, catalogRegistry } from './catalog-registry.ts';
export { adoptVisitorCheckouts } from './checkout/adopt.ts';
export { buildEcom, type EcomDeps } from './context.ts';
export { ecomErrors } from './errors.ts';
export { ecomCheckoutIntent } from './hosted.ts';
export {
  builtInProviders,
  type PaymentProvider,
  type PaymentProviders,
  TEST_CARDS,
} from './payments/index.ts';
export { ecomRoutes } from './routes.ts';
export { computeTotals, type Totals, type TotalsInput } from './totals.ts';

import { queryProductsPost, type storesCalls } from '@plaza/contracts';
import type { Handlers } from '../../../http/calls.ts';
import { jsonChecker } from '../../../http/validation.ts';
import { getCollectionBySlug, queryCollections } from '../service/collections.ts';
import type { StoresDeps } from '../service/context.ts';
import { decodeDotR, getProduct, queryProducts } from '../service/products.ts';
import {
  getStoreVariant,
  optionsAvailability,
  queryProductVariants,
  queryStoreVariants,
} from '../service/variants.ts';

type Calls = typeof storesCalls;

const checkQuery = jsonChecker(queryProductsPost.request);
type ReadCalls =
  | 'getProduct'
  | 'queryProducts'
  | 'queryProductsPost'
  | 'getCollectionBySlug'
  | 'queryCollections'
  | 'getProductOptionsAvailability'
  | 'queryProductVariants'
  | 'queryStoreVariants'
  | 'getStoreVariant';

/** The catalog reads: anyone; visitors see visible products, collections and variants only. */
export function readHandlers(deps: StoresDeps): Pick<Handlers<Calls>, ReadCalls> {
  return {
    getProduct: ({ id, includeMerchantSpecificData }, { caller }) =>
      getProduct(deps, caller, id, includeMerchantSpecificData === true),
    // The query string holds one `.r` parameter (map 2.3); read it before dotted-key unflattening.
    queryProducts: (_input, { caller, request }) =>
      queryProducts(deps, caller, decodeDotR((request.query as Record<string, unknown>)['.r'], checkQuery)),
    queryProductsPost: (input, { caller }) => queryProducts(deps, caller, input),
    getCollectionBySlug: ({ slug }, { caller }) => getCollectionBySlug(deps, caller, slug),
    queryCollections: ({ query }, { caller }) => queryCollections(deps, caller, query),
    getProductOptionsAvailability: ({ id, options }, { caller }) =>
      optionsAvailability(deps, caller, id, options ?? {}),
    queryProductVariants: (input, { caller }) => queryProductVariants(deps, caller, input),
    queryStoreVariants: ({ query }, { caller }) => queryStoreVariants(deps, caller, query),
    getStoreVariant: ({ id }, { caller }) => getStoreVariant(deps, caller, id),
  };
}

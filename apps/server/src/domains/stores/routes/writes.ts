import type { storesCalls } from '@plaza/contracts';
import type { Handlers } from '../../../http/calls.ts';
import { rawJson } from '../../../lib/raw-json.ts';
import { bulkAdjust, bulkUpdate } from '../service/bulk.ts';
import {
  changeMembership,
  createCollection,
  deleteCollection,
  updateCollection,
} from '../service/collections.ts';
import type { StoresDeps } from '../service/context.ts';
import { addChoiceMedia, addMedia, removeChoiceMedia, removeMedia } from '../service/media.ts';
import {
  createProduct,
  deleteProduct,
  deleteProductOptions,
  removeBrand,
  removeRibbon,
  updateProduct,
} from '../service/products.ts';
import { resetVariants, updateVariants } from '../service/variants.ts';

type Calls = typeof storesCalls;
type WriteCalls =
  | 'createProduct'
  | 'updateProduct'
  | 'deleteProduct'
  | 'updateProductVariants'
  | 'resetAllProductVariantData'
  | 'addProductMedia'
  | 'removeProductMedia'
  | 'addProductMediaToChoices'
  | 'removeProductMediaFromChoices'
  | 'deleteProductOptions'
  | 'removeBrand'
  | 'removeRibbon'
  | 'bulkUpdateProductsProperty'
  | 'bulkAdjustProductProperty'
  | 'createCollection'
  | 'updateCollection'
  | 'deleteCollection'
  | 'addProductsToCollection'
  | 'removeProductsFromCollection';

const product = (value: unknown) => rawJson(JSON.stringify({ product: value }));

/** The 19 catalog writes (admin only, by contract). */
export function writeHandlers(deps: StoresDeps): Pick<Handlers<Calls>, WriteCalls> {
  return {
    createProduct: async (input, { caller }) =>
      product(await createProduct(deps, caller.siteId, input.product)),
    updateProduct: async ({ product: { id, ...fields } }, { caller }) =>
      product(await updateProduct(deps, caller.siteId, id, fields)),
    deleteProduct: async ({ id }, { caller }) => {
      await deleteProduct(deps, caller.siteId, id);
      return {};
    },
    updateProductVariants: ({ id, variants }, { caller }) =>
      updateVariants(deps, caller.siteId, id, variants),
    resetAllProductVariantData: async ({ id }, { caller }) => {
      await resetVariants(deps, caller.siteId, id);
      return {};
    },
    addProductMedia: async ({ id, media }, { caller }) => {
      await addMedia(deps, caller.siteId, id, media);
      return {};
    },
    removeProductMedia: async ({ id, mediaIds }, { caller }) => {
      await removeMedia(deps, caller.siteId, id, mediaIds);
      return {};
    },
    addProductMediaToChoices: async ({ id, media }, { caller }) => {
      await addChoiceMedia(deps, caller.siteId, id, media);
      return {};
    },
    removeProductMediaFromChoices: async ({ id, media }, { caller }) => {
      await removeChoiceMedia(deps, caller.siteId, id, media);
      return {};
    },
    deleteProductOptions: async ({ id }, { caller }) => {
      await deleteProductOptions(deps, caller.siteId, id);
      return {};
    },
    removeBrand: async ({ id }, { caller }) => {
      await removeBrand(deps, caller.siteId, id);
      return {};
    },
    removeRibbon: async ({ id }, { caller }) => {
      await removeRibbon(deps, caller.siteId, id);
      return {};
    },
    bulkUpdateProductsProperty: ({ ids, set }, { caller }) => bulkUpdate(deps, caller.siteId, ids, set),
    bulkAdjustProductProperty: ({ ids, adjust }, { caller }) => bulkAdjust(deps, caller.siteId, ids, adjust),
    createCollection: async ({ collection }, { caller }) =>
      rawJson(JSON.stringify({ collection: await createCollection(deps, caller.siteId, collection) })),
    updateCollection: async ({ collection: { id, ...fields } }, { caller }) =>
      rawJson(JSON.stringify({ collection: await updateCollection(deps, caller.siteId, id, fields) })),
    deleteCollection: async ({ id }, { caller }) => {
      await deleteCollection(deps, caller.siteId, id);
      return {};
    },
    addProductsToCollection: async ({ id, productIds }, { caller }) => {
      await changeMembership(deps, caller.siteId, id, productIds, true);
      return {};
    },
    removeProductsFromCollection: async ({ id, productIds }, { caller }) => {
      await changeMembership(deps, caller.siteId, id, productIds, false);
      return {};
    },
  };
}

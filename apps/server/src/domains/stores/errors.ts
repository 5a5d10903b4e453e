import { AppError, invalidField, notFound } from '../../lib/errors.ts';

export const storesErrors = {
  productNotFound: (id: string) => notFound('PRODUCT_NOT_FOUND', 'Product not found', { id }),
  collectionNotFound: (id: string) => notFound('COLLECTION_NOT_FOUND', 'Collection not found', { id }),
  collectionSlugNotFound: (slug: string) =>
    notFound('COLLECTION_NOT_FOUND', 'Collection not found', { slug }),
  variantNotFound: (id: string) => notFound('VARIANT_NOT_FOUND', 'Variant not found', { id }),
  mediaNotFound: (id: string) => notFound('MEDIA_NOT_FOUND', 'Media file not found', { id }),
  slugTaken: (entity: 'product' | 'collection', slug: string) =>
    new AppError(
      409,
      'SLUG_ALREADY_EXISTS',
      `The slug is taken by another ${entity}`,
      `Another ${entity} of this site already has the slug "${slug}".`,
      { slug },
    ),
  duplicateChoice: (field: string) =>
    invalidField(field, 'choices of an option must be unique', 'VALIDATION'),
  unknownOption: (field: string, name: string) =>
    invalidField(field, `the product has no option or choice named "${name}"`, 'VALIDATION'),
};

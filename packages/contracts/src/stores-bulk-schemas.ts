/** Wire shapes of the catalog's bulk calls (update and adjust many products at once; API map 14). */
import { Type } from '@sinclair/typebox';
import { Id } from './common.ts';
import { CatalogPrice, CatalogWeight, catalogText } from './stores-schemas.ts';

export const BulkIds = Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true });

const Adjustment = Type.Object({
  amount: Type.Optional(Type.Number({ minimum: -1e12, maximum: 1e12 })),
  percentage: Type.Optional(
    Type.Object({
      rate: Type.Number({ minimum: -100, maximum: 10_000 }),
      roundToInt: Type.Optional(Type.Boolean()),
    }),
  ),
});
export const BulkSet = Type.Object({
  price: Type.Optional(CatalogPrice),
  cost: Type.Optional(CatalogPrice),
  weight: Type.Optional(CatalogWeight),
  ribbon: Type.Optional(catalogText(30)),
  brand: Type.Optional(catalogText(50)),
});
export const BulkAdjust = Type.Object({
  price: Type.Optional(Adjustment),
  cost: Type.Optional(Adjustment),
  weight: Type.Optional(Adjustment),
});

export const BulkResponse = Type.Object({
  results: Type.Array(
    Type.Object({
      itemMetadata: Type.Object({
        id: Type.String(),
        originalIndex: Type.Integer(),
        success: Type.Boolean(),
        error: Type.Optional(
          Type.Object({
            code: Type.String(),
            description: Type.String(),
            data: Type.Record(Type.String(), Type.Unknown()),
          }),
        ),
      }),
    }),
  ),
  bulkActionMetadata: Type.Object({
    totalSuccesses: Type.Integer(),
    totalFailures: Type.Integer(),
    undetailedFailures: Type.Integer(),
  }),
});

/** Services v2 `searchServices` (API map 8): filter, free text, cursor paging and aggregations. */
import { Type } from '@sinclair/typebox';
import { ConditionalField, Service } from './bookings-schemas.ts';
import { CursorPaging, PagingMetadata, Sorting } from './common.ts';
import { defineCall } from './define.ts';

const Filter = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);
const services = (path: string) =>
  [`/bookings/v2/services${path}`, `/_api/bookings/v2/services${path}`] as const;

const AggregationKind = Type.Union([
  Type.Literal('VALUE'),
  Type.Literal('RANGE'),
  Type.Literal('SCALAR'),
  Type.Literal('DATE_HISTOGRAM'),
]);
const aggregationOptions = {
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  fieldPath: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  value: Type.Optional(
    Type.Object({
      sortType: Type.Optional(Type.Union([Type.Literal('COUNT'), Type.Literal('VALUE')])),
      sortDirection: Type.Optional(Type.Union([Type.Literal('DESC'), Type.Literal('ASC')])),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 250 })),
      missingValues: Type.Optional(Type.Union([Type.Literal('EXCLUDE'), Type.Literal('INCLUDE')])),
      includeOptions: Type.Optional(
        Type.Object({ addToBucket: Type.Optional(Type.String({ maxLength: 100 })) }),
      ),
    }),
  ),
  range: Type.Optional(
    Type.Object({
      buckets: Type.Array(
        Type.Object({ from: Type.Optional(Type.Number()), to: Type.Optional(Type.Number()) }),
        { minItems: 1, maxItems: 50 },
      ),
    }),
  ),
  scalar: Type.Optional(
    Type.Object({
      type: Type.Union([Type.Literal('COUNT_DISTINCT'), Type.Literal('MIN'), Type.Literal('MAX')]),
    }),
  ),
  dateHistogram: Type.Optional(
    Type.Object({
      interval: Type.Union(
        ['YEAR', 'MONTH', 'WEEK', 'DAY', 'HOUR', 'MINUTE', 'SECOND'].map((value) => Type.Literal(value)),
      ),
    }),
  ),
};
export const Aggregation = Type.Object({
  ...aggregationOptions,
  type: Type.Union([AggregationKind, Type.Literal('NESTED')]),
  nested: Type.Optional(
    Type.Object({
      nestedAggregations: Type.Array(Type.Object({ ...aggregationOptions, type: AggregationKind }), {
        minItems: 2,
        maxItems: 3,
      }),
    }),
  ),
});

const AggregationResult = Type.Object(
  {
    name: Type.String(),
    type: Type.String(),
    fieldPath: Type.String(),
    values: Type.Optional(Type.Object({ results: Type.Array(Type.Unknown()) })),
    ranges: Type.Optional(Type.Object({ results: Type.Array(Type.Unknown()) })),
    scalar: Type.Optional(Type.Object({ type: Type.String(), value: Type.Number() })),
    scalarDate: Type.Optional(Type.Object({ type: Type.String(), value: Type.String() })),
    dateHistogram: Type.Optional(Type.Object({ results: Type.Array(Type.Unknown()) })),
    nested: Type.Optional(Type.Object({ results: Type.Array(Type.Unknown()) })),
  },
  { description: 'One aggregation of the request, by its name.' },
);

export const searchServices = defineCall({
  name: 'searchServices',
  method: 'POST',
  paths: services('/search'),
  access: 'anyone',
  app: 'bookings',
  summary:
    'Filter, free-text search (name, description, tagLine, category.name; OR / AND; fuzzy allows one typo), sort, cursor paging and aggregations (VALUE, RANGE, SCALAR, DATE_HISTOGRAM, NESTED) over the services the filter matches (at most 1,000).',
  request: Type.Object({
    search: Type.Optional(
      Type.Object({
        filter: Type.Optional(Filter),
        sort: Type.Optional(Type.Array(Sorting, { maxItems: 5 })),
        cursorPaging: Type.Optional(CursorPaging),
        aggregations: Type.Optional(Type.Array(Aggregation, { maxItems: 10 })),
        search: Type.Optional(
          Type.Object({
            mode: Type.Optional(Type.Union([Type.Literal('OR'), Type.Literal('AND')])),
            expression: Type.Optional(Type.String({ maxLength: 200 })),
            fields: Type.Optional(
              Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 20 }),
            ),
            fuzzy: Type.Optional(Type.Boolean()),
          }),
        ),
        timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      }),
    ),
    conditionalFields: Type.Optional(Type.Array(ConditionalField, { maxItems: 4 })),
  }),
  response: Type.Object({
    services: Type.Array(Service),
    pagingMetadata: PagingMetadata,
    aggregationData: Type.Object({ results: Type.Array(AggregationResult) }),
  }),
});

import { type TSchema, Type } from '@sinclair/typebox';

/** Empty request or response body: `{}`. */
export const Empty = Type.Object({});

export const Id = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'Entity id (a UUID for entities Plaza creates).',
});
export const Timestamp = Type.String({ format: 'date-time', description: 'ISO-8601 timestamp.' });

export const SortOrder = Type.Union([Type.Literal('ASC'), Type.Literal('DESC')]);
export const Sorting = Type.Object({
  fieldName: Type.String({ minLength: 1 }),
  order: Type.Optional(SortOrder),
});

export const Paging = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  // Past it an offset is no longer an exact integer (1e300 passes as one), as query paging refuses.
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
});
export const CursorPaging = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  cursor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

/** The query language of the API map, section 5. The filter itself is checked by the query engine. */
export const Query = Type.Object({
  filter: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
  sort: Type.Optional(Type.Array(Sorting)),
  paging: Type.Optional(Paging),
  cursorPaging: Type.Optional(CursorPaging),
});

export const Cursors = Type.Object({
  next: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  prev: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

export const PagingMetadata = Type.Object({
  count: Type.Integer(),
  offset: Type.Optional(Type.Integer()),
  total: Type.Optional(Type.Integer()),
  tooManyToCount: Type.Optional(Type.Boolean()),
  cursors: Type.Optional(Cursors),
  hasNext: Type.Optional(Type.Boolean()),
});

export const FieldViolation = Type.Object({
  field: Type.String(),
  description: Type.String(),
  violatedRule: Type.String(),
  ruleName: Type.Optional(Type.String()),
  data: Type.Record(Type.String(), Type.Unknown()),
});

/** Every non-200 answer: the envelope of the API map, section 4. */
export const ErrorEnvelope = Type.Object({
  message: Type.String(),
  details: Type.Object({
    applicationError: Type.Optional(
      Type.Object({
        code: Type.String(),
        description: Type.String(),
        data: Type.Record(Type.String(), Type.Unknown()),
      }),
    ),
    validationError: Type.Optional(Type.Object({ fieldViolations: Type.Array(FieldViolation) })),
  }),
});

/** A JSON object whose fields are not described yet by a schema (kept open on purpose). */
export const OpenObject = (description: string): TSchema =>
  Type.Object({}, { additionalProperties: true, description });

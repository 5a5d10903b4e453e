/** Schema helpers the events contracts share. */
import { type TLiteral, type TProperties, type TSchema, type TUnion, Type } from '@sinclair/typebox';

export const literals = <const T extends readonly string[]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<TLiteral<T[number]>[]>;
export const opt = <S extends TSchema>(schema: S) => Type.Optional(schema);
/** An input object: fields it does not name (read-only ones echoed back) are accepted and ignored. */
export const input = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: true });
export const open = (description: string) => Type.Object({}, { additionalProperties: true, description });
export const Text = (maxLength: number, minLength = 0) =>
  Type.String({ maxLength, ...(minLength ? { minLength } : {}) });

/**
 * A field of the objects of an array in the document (`lineItems.catalogReference.appId`: the app id
 * of each line), as the platform filters orders by their lines. Only the array operators mean
 * something here: `$hasSome` matches when some element's value equals an operand, `$hasAll` when
 * each operand is some element's value. A path elsewhere never steps into an array (filter.ts), so
 * such a field is declared by the kind (`QueryTarget.elementFields`), never guessed from a name.
 * Scalar tests match nothing, as a scalar operand never matches an array; `$exists` asks whether
 * some element has the field. It cannot be sorted by.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Engine } from '../db/connect.ts';
import { invalidField } from '../lib/errors.ts';
import { distinctScalars, FALSE, type FieldSql, joinPredicates, negate } from './field-sql.ts';
import type { Scalar } from './filter-parse.ts';
import { postgresJsonField, postgresJsonNode } from './postgres-json-field.ts';
import { sqliteJsonField, sqliteJsonPath } from './sqlite-json-field.ts';
import type { ElementField } from './types.ts';

const ELEMENT = 'plaza_array_element';

export function elementField(
  engine: Engine,
  doc: RawBuilder<unknown>,
  fieldName: string,
  field: ElementField,
): FieldSql {
  const element = sql.ref(`${ELEMENT}.value`);
  /** Some element of the array passes `test` (a test on the element as a document of its own). */
  const someElement = (test: (value: FieldSql) => RawBuilder<SqlBool>): RawBuilder<SqlBool> => {
    if (engine === 'postgres') {
      const array = postgresJsonNode(doc, field.array);
      const elements = sql`jsonb_array_elements(CASE WHEN jsonb_typeof(${array}) = 'array' THEN ${array} END)`;
      return sql<SqlBool>`EXISTS (SELECT 1 FROM ${elements} AS ${sql.id(ELEMENT)}(value) WHERE ${test(postgresJsonField(element, field.path))})`;
    }
    const array = sqliteJsonPath(field.array);
    return sql<SqlBool>`(json_type(${doc}, ${array}) IS 'array' AND EXISTS (SELECT 1 FROM json_each(${doc}, ${array}) AS ${sql.id(ELEMENT)} WHERE ${sql.ref(`${ELEMENT}.type`)} = 'object' AND ${test(sqliteJsonField(element, field.path))}))`;
  };
  const hasSome = (values: readonly Scalar[]) =>
    values.length === 0 ? FALSE : someElement((value) => value.isIn(values));
  const exists = () => someElement((value) => value.exists());

  return {
    equals: () => FALSE,
    isIn: () => FALSE,
    compare: () => FALSE,
    matchText: () => FALSE,
    exists,
    isEmpty: () => negate(exists()),
    hasSome,
    hasAll: (values) =>
      joinPredicates(
        distinctScalars(values).map((value) => hasSome([value])),
        'AND',
      ),
    stringValue: () => sql`NULL`,
    sortTerms: () => {
      throw invalidField('sort', `${fieldName} holds one value per element and cannot be sorted by`);
    },
  };
}

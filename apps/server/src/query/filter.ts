/**
 * The API's filter language compiled to one SQL predicate, with the same answers on SQLite and
 * PostgreSQL.
 *
 * Shape (MongoDB-like; field names are dotted wire paths such as `priceData.price`):
 *   {f: v}                   implicit equality; {f: null} matches a missing field or JSON null
 *   {f: {$op: operand, ...}} operators on one field; several operators, or several keys, mean AND
 *   {$and: [..]} {$or: [..]} {$not: {..}}; field-level {f: {$not: {$op: ..}}} is accepted too
 *   {} or null               matches everything; $and: [] is TRUE, $or: [] is FALSE
 *
 * Semantics (type-strict; a field's value is its JSON value, reached through objects only: a path
 * never steps into an array, so `tags.0` is the key "0" of an object, never an array element):
 *   $eq v / {f: v}   same JSON type and value; numbers by value (1 equals 1.0); a scalar operand
 *                    never matches an array or object (no implicit array matching; use $hasSome)
 *   $ne v            NOT $eq v: matches missing fields and values of other types
 *   $in [..]         $eq any of them; $in [] is FALSE; $nin is NOT $in ($nin [] is TRUE)
 *   $gt $gte $lt $lte  operand must be a number or a string; only values of that same JSON type
 *                    match: numbers numerically, strings by UTF-8 bytes (code points)
 *   $startsWith $endsWith $contains  string operand; string values only; the case of ASCII letters
 *                    is ignored (other letters match as they are); an empty operand matches every string
 *   $exists true     the path is present, even when its value is JSON null; false is the negation
 *   $isEmpty true    missing, null, "" or []; false is the negation
 *   $hasSome [..]    the value is an array with an element $eq to some operand; [] is FALSE
 *   $hasAll [..]     the value is an array holding an element $eq to each operand; [] matches
 *                    every array
 * A kind may declare fields of the objects of an array (`lineItems.catalogReference.appId`, the
 * platform's order filters): $hasSome / $hasAll then test the elements' values (element-field.ts).
 * Operands are strings (without NUL or unpaired surrogates), finite numbers, booleans or null.
 * Every predicate is strictly TRUE or FALSE, never SQL NULL, so negation is a plain complement.
 *
 * Real columns (`target.columns`) are compared directly so their indexes work. They hold the
 * document's value, or NULL when the field is missing or null, so on such fields `$exists` cannot
 * tell JSON null from missing (both are "absent"). An operand of another type matches nothing.
 *
 * Bad input is a ValidationError naming where it is (`query.filter.$or[1].price`). Limits:
 * MAX_FILTER_DEPTH levels of nesting and MAX_FILTER_CONDITIONS conditions (filter-parse.ts).
 */
import { type FieldSql, joinPredicates, negate } from './field-sql.ts';
import { type FieldTest, type FilterNode, parseFilter } from './filter-parse.ts';
import { targetField } from './target-field.ts';
import type { Predicate, QueryTarget } from './types.ts';

export function compileFilter(filter: unknown, target: QueryTarget, fieldPrefix = 'query.filter'): Predicate {
  return compileNode(parseFilter(filter, fieldPrefix), target);
}

function compileNode(node: FilterNode, target: QueryTarget): Predicate {
  switch (node.kind) {
    case 'and':
      return joinPredicates(
        node.nodes.map((child) => compileNode(child, target)),
        'AND',
      );
    case 'or':
      return joinPredicates(
        node.nodes.map((child) => compileNode(child, target)),
        'OR',
      );
    case 'not':
      return negate(compileNode(node.node, target));
    case 'field':
      return compileFieldTest(targetField(target, node.field, node.path), node.test);
  }
}

function compileFieldTest(field: FieldSql, test: FieldTest): Predicate {
  switch (test.kind) {
    case 'eq':
      return field.equals(test.value);
    case 'in':
      return field.isIn(test.values);
    case 'range':
      return field.compare(test.operator, test.value);
    case 'text':
      return field.matchText(test.operator, test.value);
    case 'exists':
      return field.exists();
    case 'isEmpty':
      return field.isEmpty();
    case 'hasSome':
      return field.hasSome(test.values);
    case 'hasAll':
      return field.hasAll(test.values);
  }
}

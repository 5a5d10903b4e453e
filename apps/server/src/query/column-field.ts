/**
 * A field stored in a real column (`createdDate` → `created_date`). Predicates are written as plain
 * comparisons on the bare column so the engine can use an index on it. A nullable column holds
 * NULL when the document lacks the field; `AND col IS NOT NULL` then makes each comparison strictly
 * TRUE/FALSE without hiding the column inside a function (which would rule the index out).
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Engine } from '../db/connect.ts';
import {
  comparisonSql,
  FALSE,
  type FieldSql,
  joinPredicates,
  sortTerm,
  TRUE,
  textTest,
} from './field-sql.ts';
import type { Scalar } from './filter-parse.ts';
import type { ColumnField, Predicate } from './types.ts';

type Operand = string | number | boolean;

export function columnField(engine: Engine, column: RawBuilder<unknown>, field: ColumnField): FieldSql {
  const { type, nullable } = field;
  const ofColumnType = (value: Scalar): value is Operand => value !== null && typeof value === type;
  const whenPresent = (comparison: RawBuilder<unknown>): Predicate =>
    nullable ? sql<SqlBool>`(${comparison} AND ${column} IS NOT NULL)` : sql<SqlBool>`(${comparison})`;
  const isNull: Predicate = nullable ? sql<SqlBool>`(${column} IS NULL)` : FALSE;
  const asStored = field.format === 'date-time' ? storedInstant : (value: Operand) => value;
  const bind = (value: Operand) => columnOperand(engine, asStored(value));
  // Byte order for strings: SQLite's default BINARY collation already is; PostgreSQL needs "C".
  const ordered = type === 'string' && engine === 'postgres' ? sql`${column} COLLATE "C"` : column;
  const exists: Predicate = nullable ? sql<SqlBool>`(${column} IS NOT NULL)` : TRUE;

  return {
    equals(operand) {
      if (operand === null) return isNull;
      return ofColumnType(operand) ? whenPresent(sql`${column} = ${bind(operand)}`) : FALSE;
    },
    isIn(values) {
      const matching = values.filter(ofColumnType);
      const tests: Predicate[] = [];
      if (matching.length > 0) tests.push(whenPresent(sql`${column} IN (${sql.join(matching.map(bind))})`));
      if (values.includes(null)) tests.push(isNull);
      return joinPredicates(tests, 'OR');
    },
    compare(operator, operand) {
      if (!ofColumnType(operand)) return FALSE;
      return whenPresent(sql`${ordered} ${comparisonSql[operator]} ${bind(operand)}`);
    },
    matchText(operator, operand) {
      if (type !== 'string') return FALSE;
      if (operand === '') return exists;
      return whenPresent(textTest(engine, column, operator, operand));
    },
    exists: () => exists,
    isEmpty: () => (type === 'string' ? sql<SqlBool>`(${isNull} OR ${column} = '')` : isNull),
    stringValue: () => (type === 'string' ? column : sql`NULL`),
    // A column holds a single string, number or boolean: never an array.
    hasSome: () => FALSE,
    hasAll: () => FALSE,
    // Missing (NULL) sorts lowest on both engines (sort.ts writes the NULLS clause PostgreSQL needs).
    sortTerms: (order) => [
      sortTerm(
        ordered,
        order,
        nullable,
        type === 'string' ? 'text' : type === 'number' ? 'number' : 'boolean',
      ),
    ],
  };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * An ISO 8601 instant (or date, as its UTC midnight) as a date-time column stores it. Any other
 * operand is compared as written: `$lt "2027"` still works as a prefix of the text.
 */
export function storedInstant(value: Operand): Operand {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  // Date.parse rolls a day the calendar lacks over (February 30th is March 1st): such an operand
  // names no instant and is compared as written, as before.
  const [date, clock = ''] = value.split('T') as [string, string?];
  const shifted = new Date(time + offsetMinutes(clock) * 60_000).toISOString();
  if (shifted.slice(0, 10) !== date || (clock && shifted.slice(11, 16) !== clock.slice(0, 5))) return value;
  return new Date(time).toISOString();
}

/** Minutes an ISO 8601 time's offset is ahead of UTC (`+02:00` → 120, `Z` → 0). */
function offsetMinutes(clock: string): number {
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(clock);
  return offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
}

/**
 * A bound operand for a comparison with a column. SQLite cannot bind booleans (they are stored as
 * 0/1). PostgreSQL infers an untyped parameter's type from the column, which would refuse 1.5 for
 * an integer column, so numbers get an explicit type that every numeric column compares with.
 */
function columnOperand(engine: Engine, value: Operand): RawBuilder<unknown> {
  if (typeof value === 'boolean') return engine === 'sqlite' ? sql`${value ? 1 : 0}` : sql`${value}`;
  if (typeof value === 'number' && engine === 'postgres') {
    return Number.isSafeInteger(value) ? sql`CAST(${value} AS bigint)` : sql`CAST(${value} AS numeric)`;
  }
  return sql`${value}`;
}

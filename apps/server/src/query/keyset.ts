/**
 * Keyset paging: the next page is the rows that sort after the last row of the page before, named by
 * the values of its sort terms (sort.ts: ranks and values of each key, then the row id). Rows added or
 * removed meanwhile shift no page, as an offset would. NULL sorts lowest (sort.ts), so "after" is:
 * ascending, `t > v`, or any non-NULL when v is NULL; descending, `t < v` or NULL, nothing when v is
 * NULL. Terms of one direction without NULLs compare as one row value, `(t1, …, id) > (v1, …, id)`,
 * which an index on those columns serves; otherwise the expanded form, `t1 > v1 OR (t1 = v1 AND …)`.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Engine } from '../db/connect.ts';
import { FALSE, joinPredicates, TRUE } from './field-sql.ts';
import type { KeyValue, Predicate, SortOrder, SortTerm } from './types.ts';

/** Decimal text as PostgreSQL writes numeric and bigint values (no exponent). */
const DECIMAL_TEXT = /^-?[0-9]{1,1000}(\.[0-9]{1,1000})?$/;

/** `terms` in the opposite order: NULL stays lowest, so the rows come in exactly reversed order. */
export const reversedTerms = (terms: readonly SortTerm[]): SortTerm[] =>
  terms.map((term) => ({ ...term, order: term.order === 'DESC' ? 'ASC' : 'DESC' }) satisfies SortTerm);

/**
 * `values` checked against `terms` (one value each, of the term's kind) and made ready to bind on
 * `engine`; undefined when they do not fit: a cursor of another query, or a forged one.
 */
export function keyValues(
  terms: readonly Pick<SortTerm, 'kind' | 'nullable'>[],
  values: readonly unknown[],
  engine: Engine,
): KeyValue[] | undefined {
  if (values.length !== terms.length) return undefined;
  const checked: KeyValue[] = [];
  for (const [index, term] of terms.entries()) {
    const value = bindable(term, values[index], engine);
    if (value === undefined) return undefined;
    checked.push(value);
  }
  return checked;
}

function bindable(
  term: Pick<SortTerm, 'kind' | 'nullable'>,
  value: unknown,
  engine: Engine,
): KeyValue | undefined {
  if (value === null) return term.nullable ? null : undefined;
  switch (term.kind) {
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
    case 'number':
      if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
      return typeof value === 'string' && DECIMAL_TEXT.test(value) ? value : undefined;
    case 'text':
      return typeof value === 'string' && isBindableText(value) ? value : undefined;
    case 'boolean':
      if (typeof value === 'boolean') return engine === 'sqlite' ? Number(value) : value;
      if (value === 0 || value === 1) return engine === 'sqlite' ? value : value === 1;
      return undefined;
    case 'scalar':
      if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
      return typeof value === 'string' && isBindableText(value) ? value : undefined;
  }
}

/** Text either engine stores: no NUL (PostgreSQL refuses it), no lone surrogate. */
const isBindableText = (text: string) =>
  !text.includes('\u0000') && (text as string & { isWellFormed(): boolean }).isWellFormed();

/** Rows strictly after `values` in the order of `terms`; the values come from keyValues. */
export function keysetCondition(terms: readonly SortTerm[], values: readonly KeyValue[]): Predicate {
  const order = terms[0]?.order;
  const simple = terms.every((term, i) => term.order === order && !term.nullable && values[i] !== null);
  if (simple && terms.length > 1) {
    const row = (items: readonly RawBuilder<unknown>[]) => sql`(${sql.join(items)})`;
    const left = row(terms.map((term) => term.value));
    const right = row(values.map((value) => sql`${value}`));
    return sql<SqlBool>`(${left} ${sql.raw(order === 'DESC' ? '<' : '>')} ${right})`;
  }
  const disjuncts: Predicate[] = [];
  const equalities: Predicate[] = [];
  for (const [i, term] of terms.entries()) {
    const value = values[i]!;
    const after = strictlyAfter(term.value, term.order, term.nullable, value);
    if (after !== FALSE) disjuncts.push(joinPredicates([...equalities, after], 'AND'));
    equalities.push(
      value === null ? sql<SqlBool>`(${term.value} IS NULL)` : sql<SqlBool>`(${term.value} = ${value})`,
    );
  }
  return joinPredicates(disjuncts, 'OR');
}

function strictlyAfter(
  term: RawBuilder<unknown>,
  order: SortOrder,
  nullable: boolean,
  value: KeyValue,
): Predicate {
  if (order === 'ASC') {
    if (value === null) return nullable ? sql<SqlBool>`(${term} IS NOT NULL)` : TRUE;
    return sql<SqlBool>`(${term} > ${value})`;
  }
  if (value === null) return FALSE;
  return nullable
    ? sql<SqlBool>`(${term} < ${value} OR ${term} IS NULL)`
    : sql<SqlBool>`(${term} < ${value})`;
}

/**
 * How two rows' sort-term values compare in the order of `terms`, as the engine orders them: NULL
 * lowest, numbers by value (PostgreSQL's numeric as decimal text), text by UTF-8 bytes (SQLite's
 * BINARY, PostgreSQL's "C"), false before true, and on SQLite a number before text. For lists kept in
 * memory (services search), where the page after a row is found without asking the database again.
 */
export function compareKeys(
  terms: readonly Pick<SortTerm, 'order' | 'kind'>[],
  a: readonly KeyValue[],
  b: readonly KeyValue[],
): number {
  for (const [i, term] of terms.entries()) {
    const difference = compareValues(term.kind, a[i] ?? null, b[i] ?? null);
    if (difference !== 0) return term.order === 'DESC' ? -difference : difference;
  }
  return 0;
}

function compareValues(kind: SortTerm['kind'], a: KeyValue, b: KeyValue): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Math.sign(Number(a) - Number(b));
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  if (kind === 'number' || kind === 'integer') return compareDecimalText(String(a), String(b));
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

/** Decimals written as PostgreSQL writes numeric (`-12.50`), compared exactly; anything else as numbers. */
function compareDecimalText(a: string, b: string): number {
  if (!DECIMAL_TEXT.test(a) || !DECIMAL_TEXT.test(b)) return Math.sign(Number(a) - Number(b));
  const negative = (text: string) => text.startsWith('-');
  if (negative(a) !== negative(b)) return negative(a) ? -1 : 1;
  const magnitude = compareMagnitudes(a.replace('-', ''), b.replace('-', ''));
  return negative(a) ? -magnitude : magnitude;
}

function compareMagnitudes(a: string, b: string): number {
  const [aWhole = '', aFraction = ''] = a.split('.');
  const [bWhole = '', bFraction = ''] = b.split('.');
  const wholeA = aWhole.replace(/^0+/, '');
  const wholeB = bWhole.replace(/^0+/, '');
  if (wholeA.length !== wholeB.length) return wholeA.length < wholeB.length ? -1 : 1;
  if (wholeA !== wholeB) return wholeA < wholeB ? -1 : 1;
  const width = Math.max(aFraction.length, bFraction.length);
  const fractionA = aFraction.padEnd(width, '0');
  const fractionB = bFraction.padEnd(width, '0');
  return fractionA === fractionB ? 0 : fractionA < fractionB ? -1 : 1;
}

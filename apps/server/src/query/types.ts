import type { RawBuilder, SqlBool } from 'kysely';
import type { Engine } from '../db/connect.ts';

/** JSON type of a value stored in a real column; it always equals the document's value at that path. */
export type FieldType = 'string' | 'number' | 'boolean';

export interface ColumnField {
  readonly column: string;
  readonly type: FieldType;
  /** True when the document may lack the field (the column is then NULL). */
  readonly nullable: boolean;
  /**
   * `date-time`: an instant stored as `toISOString()` text. An operand naming an instant in another
   * ISO 8601 form (no milliseconds, an offset, a date alone) is compared as that text.
   */
  readonly format?: 'date-time';
  /**
   * Kept by the store beside the document (a counter), never written from it: the answer carries the
   * field, the stored document does not. Queries read the column; writes leave it alone.
   */
  readonly derived?: true;
}

/** A field of each object of an array (`lineItems.catalogReference.appId`): element-field.ts. */
export interface ElementField {
  /** The array's path in the document (`['lineItems']`). */
  readonly array: readonly string[];
  /** The field's path within each element (`['catalogReference', 'appId']`). */
  readonly path: readonly string[];
}

/** Where a query runs: one document table of one engine. */
export interface QueryTarget {
  readonly engine: Engine;
  /** Name that qualifies columns in SQL (the table name or its alias). */
  readonly table: string;
  /** Column holding the entity's public JSON (TEXT on SQLite, JSONB on PostgreSQL). */
  readonly docColumn: string;
  /** Field paths (dotted, wire names) that are also stored in real columns. */
  readonly columns: Readonly<Record<string, ColumnField>>;
  /** Field paths whose values are decimals written as strings (amounts): compared as numbers. */
  readonly decimals?: ReadonlySet<string>;
  /** Field names (dotted wire paths) that name a field of each element of an array. */
  readonly elementFields?: Readonly<Record<string, ElementField>>;
}

export type SortOrder = 'ASC' | 'DESC';

/**
 * What a value of a sort term may be as the engine hands it back: `integer` (type ranks), `number`
 * (a JS number, or PostgreSQL's numeric and bigint as decimal text), `text`, `boolean` (PostgreSQL;
 * SQLite's are 0/1), `scalar` (SQLite's typed JSON value: a number or text).
 */
export type SortTermKind = 'integer' | 'number' | 'text' | 'boolean' | 'scalar';

/**
 * One ORDER BY term: an SQL value and its direction. NULL sorts lowest on both engines (first
 * ascending, last descending), which the keyset conditions of cursor paging rely on.
 */
export interface SortTerm {
  readonly value: RawBuilder<unknown>;
  readonly order: SortOrder;
  readonly nullable: boolean;
  readonly kind: SortTermKind;
}

/** A sort term's value as a cursor keeps it. */
export type KeyValue = string | number | boolean | null;

export interface SortKey {
  readonly fieldName: string;
  readonly order: SortOrder;
}

/** What a query request resolves to once paging and cursors are read. */
export interface ResolvedQuery {
  readonly filter: Record<string, unknown>;
  readonly sort: readonly SortKey[];
  readonly offset: number;
  readonly limit: number;
  /** `cursor` when the caller paged with `cursorPaging`; metadata then carries cursors. */
  readonly mode: 'offset' | 'cursor';
  /**
   * Cursor paging past the first page: the sort-term values of the row the page starts after
   * (`backward`: before), as the cursor carries them; checked against the terms when compiled.
   */
  readonly keyset?: { readonly values: readonly unknown[]; readonly backward: boolean };
  /** The list the query pages (a table): a cursor of another list is refused. */
  readonly scope?: string;
}

export type Predicate = RawBuilder<SqlBool>;

/** A query as it arrives on the wire (`{query: {...}}`'s inner object); everything is checked. */
export interface QueryInput {
  readonly filter?: unknown;
  readonly sort?: unknown;
  readonly paging?: { readonly limit?: unknown; readonly offset?: unknown } | null;
  readonly cursorPaging?: { readonly limit?: unknown; readonly cursor?: unknown } | null;
}

export interface PagingCursors {
  next?: string;
  prev?: string;
}

/** Offset paging metadata; `cursors` stays empty (the SDK reads the key but needs no value). */
export interface OffsetPagingMetadata {
  count: number;
  offset: number;
  total: number;
  tooManyToCount: false;
  cursors: PagingCursors;
}

export interface CursorPagingMetadata {
  count: number;
  cursors: PagingCursors;
  hasNext: boolean;
  total: number;
}

export type PagingMetadata = OffsetPagingMetadata | CursorPagingMetadata;

/** What the document store (documents.ts) is told of a kind of entity, and what it adds to each. */
import type { ColumnField, ElementField } from '../query/types.ts';

/** Fields every stored entity carries; the store sets them, callers never do. */
export interface SystemFields {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
}

/** One kind of entity kept as JSON documents in its own table. */
export interface DocumentKind {
  /** SQL table (created with `createDocumentTable`). */
  readonly table: string;
  /** Entity name in domain events and error data, e.g. `product`. */
  readonly entity: string;
  /** Human label for messages, e.g. `Product`. */
  readonly label: string;
  /** Application-error code for a missing entity, e.g. `PRODUCT_NOT_FOUND`. */
  readonly notFoundCode: string;
  /** Document paths that also live in real columns (beyond id and the dates), for filters, sorts and uniqueness. */
  readonly columns?: Readonly<Record<string, ColumnField>>;
  /** Paths of decimals written as strings (amounts, order numbers): queries compare their numbers. */
  readonly decimals?: readonly string[];
  /** Fields of each element of an array that filters may name (`$hasSome`, `$hasAll`): query/element-field.ts. */
  readonly elementFields?: Readonly<Record<string, ElementField>>;
  /**
   * What the entity's created and updated events carry, when not the whole stored document: a part
   * kept for the server alone stays out of them, as it stays out of the answers.
   */
  readonly eventView?: (document: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Remember query pages and totals outside transactions (document-queries.ts): a list asked for again
   * is answered without the database, up to a second behind another server process's writes. Only for
   * lists read far more often than written whose readers accept that lag (a storefront's products); a
   * kind that decides anything from what it lists (orders, checkouts, coupons, carts, members) reads
   * the database every time.
   */
  readonly cachePages?: boolean;
  /**
   * Its updated events name the entity (`{entity: {id, revision}}`) instead of carrying it: for a kind
   * changed on every call whose every state nobody needs (carts), where the event would double what each
   * change writes. Created and deleted events stay as they are.
   */
  readonly slimUpdatedEvents?: boolean;
}

export interface UpdateOptions {
  /** Dotted paths to change; fields of the patch outside the mask are ignored. Without a mask, every top-level field of the patch replaces the stored one. */
  mask?: readonly string[] | undefined;
  /** Refuse with 409 unless the stored revision is this one. */
  expectedRevision?: string | number | undefined;
}

import { type Kysely, sql } from 'kysely';
import type { Clock } from '../lib/clock.ts';
import { commonErrors, invalidField, notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { getPath, setPath } from '../lib/paths.ts';
import { recordDomainEvent } from '../outbox/outbox.ts';
import { compileFilter, compileOrderBy, pagingMetadata, resolveQuery } from '../query/index.ts';
import type { ColumnField, QueryTarget } from '../query/types.ts';
import type { Database } from './connect.ts';
import type { DocumentRow, Schema } from './schema.ts';

/** Fields every stored entity carries; the store sets them, callers never do. */
export interface SystemFields {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
}

const systemFieldNames = new Set(['id', 'revision', 'createdDate', 'updatedDate']);

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
}

export interface UpdateOptions {
  /** Dotted paths to change; fields of the patch outside the mask are ignored. Without a mask, every top-level field of the patch replaces the stored one. */
  mask?: readonly string[] | undefined;
  /** Refuse with 409 unless the stored revision is this one. */
  expectedRevision?: string | number | undefined;
}

export interface QueryPage {
  /** Stored JSON of each entity on the page, in order. */
  readonly items: string[];
  readonly metadata: ReturnType<typeof pagingMetadata>;
}

const baseColumns: Record<string, ColumnField> = {
  id: { column: 'id', type: 'string', nullable: false },
  createdDate: { column: 'created_date', type: 'string', nullable: false },
  updatedDate: { column: 'updated_date', type: 'string', nullable: false },
};

type DocumentDb = Kysely<Record<string, DocumentRow & Record<string, unknown>>>;

/**
 * The document store every domain uses. Every statement is scoped by `site_id`: callers get a
 * handle for one site and cannot reach another's rows. Every write records its domain event in the
 * outbox within the same transaction.
 */
export function documentStore(database: Database, kind: DocumentKind, deps: { clock: Clock }) {
  const columns = { ...baseColumns, ...kind.columns };
  const extraColumns = Object.entries(kind.columns ?? {});
  const target: QueryTarget = { engine: database.engine, table: kind.table, docColumn: 'doc', columns };
  const docValue = (text: string) => (database.engine === 'postgres' ? sql`${text}::jsonb` : sql`${text}`);

  function rowValues(document: Record<string, unknown>, text: string) {
    const values: Record<string, unknown> = {
      revision: Number(document.revision),
      created_date: document.createdDate,
      updated_date: document.updatedDate,
      doc: docValue(text),
    };
    for (const [path, field] of extraColumns) {
      const value = getPath(document, path);
      values[field.column] =
        value === undefined
          ? null
          : typeof value === 'boolean' && database.engine === 'sqlite'
            ? Number(value)
            : value;
    }
    return values;
  }

  const missing = (id: string) => notFound(kind.notFoundCode, `${kind.label} not found`, { id });

  return {
    kind,
    forSite(siteId: string, executor: Kysely<Schema> = database.db) {
      const db = executor as unknown as DocumentDb;
      const inTransaction = <T>(work: (trx: Kysely<Schema>) => Promise<T>): Promise<T> =>
        executor.isTransaction ? work(executor) : executor.transaction().execute(work);

      async function getRaw(id: string): Promise<string | undefined> {
        const row = await db
          .selectFrom(kind.table)
          .select('doc')
          .where('site_id', '=', siteId)
          .where('id', '=', id)
          .executeTakeFirst();
        return row?.doc;
      }

      return {
        /** The stored JSON of one entity, or undefined. */
        getRaw,

        async get<T>(id: string): Promise<(T & SystemFields) | undefined> {
          const text = await getRaw(id);
          return text === undefined ? undefined : (JSON.parse(text) as T & SystemFields);
        },

        async require<T>(id: string): Promise<T & SystemFields> {
          const text = await getRaw(id);
          if (text === undefined) throw missing(id);
          return JSON.parse(text) as T & SystemFields;
        },

        async create<T extends object>(fields: T, options: { id?: string } = {}): Promise<T & SystemFields> {
          const now = deps.clock.now().toISOString();
          const document = {
            ...withoutSystemFields(fields),
            id: options.id ?? newId(),
            revision: '1',
            createdDate: now,
            updatedDate: now,
          };
          const text = JSON.stringify(document);
          await inTransaction(async (trx) => {
            await (trx as unknown as DocumentDb)
              .insertInto(kind.table)
              .values({ site_id: siteId, id: document.id, ...rowValues(document, text) } as never)
              .execute();
            await recordDomainEvent(trx, {
              siteId,
              entityKind: kind.entity,
              entityId: document.id,
              event: 'created',
              payload: `{"entity":${text}}`,
              occurredDate: now,
            });
          });
          return document as unknown as T & SystemFields;
        },

        /** Applies `patch` under `mask` (see UpdateOptions), bumps the revision and returns the new entity. */
        async update<T>(
          id: string,
          patch: Record<string, unknown>,
          options: UpdateOptions = {},
        ): Promise<T & SystemFields> {
          return inTransaction(async (trx) => {
            const scoped = trx as unknown as DocumentDb;
            const row = await scoped
              .selectFrom(kind.table)
              .select(['doc', 'revision'])
              .where('site_id', '=', siteId)
              .where('id', '=', id)
              .executeTakeFirst();
            if (!row) throw missing(id);
            const current = Number(row.revision);
            if (
              options.expectedRevision !== undefined &&
              String(options.expectedRevision) !== String(current)
            ) {
              throw commonErrors.revisionMismatch(
                kind.label,
                id,
                String(options.expectedRevision),
                String(current),
              );
            }
            const document = JSON.parse(row.doc) as Record<string, unknown>;
            applyPatch(document, patch, options.mask);
            const now = deps.clock.now().toISOString();
            Object.assign(document, { id, revision: String(current + 1), updatedDate: now });
            const text = JSON.stringify(document);
            const result = await scoped
              .updateTable(kind.table)
              .set(rowValues(document, text) as never)
              .where('site_id', '=', siteId)
              .where('id', '=', id)
              .where('revision', '=', current)
              .executeTakeFirst();
            if (Number(result.numUpdatedRows) !== 1) {
              throw commonErrors.revisionMismatch(kind.label, id, String(current), 'newer');
            }
            await recordDomainEvent(trx, {
              siteId,
              entityKind: kind.entity,
              entityId: id,
              event: 'updated',
              payload: `{"entity":${text}}`,
              occurredDate: now,
            });
            return document as T & SystemFields;
          });
        },

        /** Removes the entity; false when there was none. */
        async delete(id: string): Promise<boolean> {
          return inTransaction(async (trx) => {
            const result = await (trx as unknown as DocumentDb)
              .deleteFrom(kind.table)
              .where('site_id', '=', siteId)
              .where('id', '=', id)
              .executeTakeFirst();
            if (Number(result.numDeletedRows) === 0) return false;
            await recordDomainEvent(trx, {
              siteId,
              entityKind: kind.entity,
              entityId: id,
              event: 'deleted',
              payload: { id },
              occurredDate: deps.clock.now().toISOString(),
            });
            return true;
          });
        },

        /** One page of a query in the API's language (map section 5), with paging metadata including `total`. */
        async query(
          input: unknown,
          options: { fieldPrefix?: string; defaultLimit?: number; maxLimit?: number } = {},
        ): Promise<QueryPage> {
          const resolved = resolveQuery(input as Parameters<typeof resolveQuery>[0], options);
          const where = compileFilter(resolved.filter, target, `${options.fieldPrefix ?? 'query'}.filter`);
          const base = db.selectFrom(kind.table).where('site_id', '=', siteId).where(where);
          let rowsQuery = base.select('doc');
          for (const order of compileOrderBy(
            resolved.sort,
            target,
            `${options.fieldPrefix ?? 'query'}.sort`,
          )) {
            rowsQuery = rowsQuery.orderBy(order as never);
          }
          const [rows, counted] = await Promise.all([
            resolved.limit === 0
              ? Promise.resolve([])
              : rowsQuery.limit(resolved.limit).offset(resolved.offset).execute(),
            base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
          ]);
          const items = rows.map((row) => row.doc);
          return { items, metadata: pagingMetadata(resolved, items.length, Number(counted.total)) };
        },

        async count(filter: unknown, fieldPrefix = 'filter'): Promise<number> {
          const where = compileFilter(filter ?? {}, target, fieldPrefix);
          const counted = await db
            .selectFrom(kind.table)
            .where('site_id', '=', siteId)
            .where(where)
            .select((eb) => eb.fn.countAll<number>().as('total'))
            .executeTakeFirstOrThrow();
          return Number(counted.total);
        },
      };
    },
  };
}

export type DocumentStore = ReturnType<typeof documentStore>;
export type SiteDocuments = ReturnType<DocumentStore['forSite']>;

function withoutSystemFields<T extends object>(fields: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !systemFieldNames.has(key)));
}

function applyPatch(
  document: Record<string, unknown>,
  patch: Record<string, unknown>,
  mask: readonly string[] | undefined,
) {
  if (!mask || mask.length === 0) {
    for (const [key, value] of Object.entries(patch)) {
      if (!systemFieldNames.has(key)) document[key] = value;
    }
    return;
  }
  for (const path of mask) {
    if (systemFieldNames.has(path.split('.')[0]!)) continue;
    setPath(document, path, getPath(patch, path));
  }
}

/** Field masks arrive as `"a,b.c"` strings (map 2.4) or arrays; both become a list of paths. */
export function parseMask(mask: unknown, field = 'mask'): string[] | undefined {
  if (mask === undefined || mask === null || mask === '') return undefined;
  const paths: unknown[] = Array.isArray(mask) ? mask : typeof mask === 'string' ? mask.split(',') : [mask];
  const isPath = (path: unknown) =>
    typeof path === 'string' && /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(path.trim());
  if (!paths.every(isPath)) {
    throw invalidField(
      field,
      'must be a comma-separated list of field paths such as "name,priceData.price"',
      'FORMAT',
    );
  }
  return (paths as string[]).map((path) => path.trim());
}

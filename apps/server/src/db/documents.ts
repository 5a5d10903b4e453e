import { type Kysely, sql } from 'kysely';
import type { Clock } from '../lib/clock.ts';
import { commonErrors, invalidField, notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { getPath, reachesPrototype, setPath } from '../lib/paths.ts';
import { entityEventInsert, entityReferenceJson, recordDomainEvent } from '../outbox/outbox.ts';
import type { ColumnField, QueryTarget } from '../query/types.ts';
import { type Database, directSqliteOf } from './connect.ts';
import type { DocumentKind, SystemFields, UpdateOptions } from './document-kind.ts';
import { documentQueries } from './document-queries.ts';
import { prepared } from './prepared.ts';
import type { DocumentRow, Schema } from './schema.ts';
import type { WriteUnit } from './sqlite-direct.ts';

export type { DocumentKind, SystemFields, UpdateOptions } from './document-kind.ts';

/**
 * Runs `unit` (sqlite-direct.ts): in `executor` when it is a transaction, in the next group commit on
 * SQLite, in a transaction of its own on PostgreSQL. False when its guard changed no row.
 */
async function commitUnit(executor: Kysely<Schema>, unit: WriteUnit): Promise<boolean> {
  const direct = directSqliteOf(executor);
  if (direct) return direct.commit(unit);
  const run = async (trx: Kysely<Schema>) => {
    const [guard, ...rest] = unit;
    if (Number((await trx.executeQuery(guard!)).numAffectedRows ?? 0) === 0) return false;
    for (const statement of rest) await trx.executeQuery(statement);
    return true;
  };
  return executor.isTransaction ? run(executor) : executor.transaction().execute(run);
}

const systemFieldNames = new Set(['id', 'revision', 'createdDate', 'updatedDate']);

const baseColumns: Record<string, ColumnField> = {
  id: { column: 'id', type: 'string', nullable: false },
  createdDate: { column: 'created_date', type: 'string', nullable: false, format: 'date-time' },
  updatedDate: { column: 'updated_date', type: 'string', nullable: false, format: 'date-time' },
};

const SITE_HANDLES_LIMIT = 1000;

type DocumentDb = Kysely<Record<string, DocumentRow & Record<string, unknown>>>;

/**
 * The document store every domain uses. Every statement is scoped by `site_id`: callers get a
 * handle for one site and cannot reach another's rows. Every write records its domain event in the
 * outbox within the same transaction.
 */
export function documentStore(database: Database, kind: DocumentKind, deps: { clock: Clock }) {
  const columns = { ...baseColumns, ...kind.columns };
  // The columns a write sets from the document.
  const extraColumns = Object.entries(kind.columns ?? {}).filter(([, field]) => !field.derived);
  const target: QueryTarget = {
    engine: database.engine,
    table: kind.table,
    docColumn: 'doc',
    columns,
    decimals: new Set(kind.decimals),
    ...(kind.elementFields ? { elementFields: kind.elementFields } : {}),
  };
  const docValue = (text: string) => (database.engine === 'postgres' ? sql`${text}::jsonb` : sql`${text}`);

  /** A column field's value as its column stores it. */
  const columnValue = (document: Record<string, unknown>, path: string) => {
    const value = getPath(document, path);
    return value === undefined
      ? null
      : typeof value === 'boolean' && database.engine === 'sqlite'
        ? Number(value)
        : value;
  };
  const columnValues = (document: Record<string, unknown>) =>
    extraColumns.map(([path]) => columnValue(document, path));

  function rowValues(document: Record<string, unknown>, text: string) {
    const values: Record<string, unknown> = {
      revision: Number(document.revision),
      created_date: document.createdDate,
      updated_date: document.updatedDate,
      doc: docValue(text),
    };
    for (const [path, field] of extraColumns) values[field.column] = columnValue(document, path);
    return values;
  }

  // The statements of reads by id and of updates, built and compiled once (db/prepared.ts): carts are
  // read and updated on every cart call.
  const documents = (db: Kysely<Schema>) => db as unknown as DocumentDb;
  const selectDoc = prepared(2, (db, site, id) =>
    documents(db).selectFrom(kind.table).select('doc').where('site_id', '=', site).where('id', '=', id),
  );
  const selectForUpdate = prepared(2, (db, site, id) =>
    documents(db)
      .selectFrom(kind.table)
      .select(['doc', 'revision'])
      .where('site_id', '=', site)
      .where('id', '=', id),
  );
  /**
   * UPDATE statements by the extra columns they set. An update sets a column only when its value
   * changed: SQLite rewrites the index entries of every column an UPDATE sets, to the same value or
   * not, and each index page it touches is one more page written at commit. The creation date never
   * changes after the insert and is never set.
   */
  const updateRows = new Map<string, ReturnType<typeof updateRowSetting>>();
  function updateRowSetting(changed: readonly string[]) {
    const set = ['revision', 'updated_date', 'doc', ...changed];
    return prepared(set.length + 3, (db, ...values) => {
      const assignments = Object.fromEntries(
        set.map((column, i) => [column, column === 'doc' ? docValue(values[i]!) : values[i]]),
      );
      const [site, id, revision] = values.slice(set.length);
      return documents(db)
        .updateTable(kind.table)
        .set(assignments as never)
        .where('site_id', '=', site!)
        .where('id', '=', id!)
        .where('revision', '=', revision as never);
    });
  }

  /** The JSON an event of `document` (stored as `text`) carries. */
  const eventJson = (document: Record<string, unknown>, text: string) =>
    kind.eventView ? JSON.stringify(kind.eventView(document)) : text;

  /**
   * The statements that write `document` as revision `current + 1` of `id` if `current` is still the
   * stored revision, with its `updated` event: the guarded UPDATE, then the event's INSERT. `before`
   * are the extra columns' values as stored (`columnValues`); only the changed ones are set.
   */
  function revisionUnit(
    executor: Kysely<Schema>,
    siteId: string,
    id: string,
    document: Record<string, unknown>,
    current: number,
    before: readonly unknown[],
  ) {
    const now = deps.clock.now().toISOString();
    Object.assign(document, { id, revision: String(current + 1), updatedDate: now });
    const text = JSON.stringify(document);
    const changed: string[] = [];
    const changedValues: unknown[] = [];
    extraColumns.forEach(([path, field], i) => {
      const value = columnValue(document, path);
      if (value === before[i]) return;
      changed.push(field.column);
      changedValues.push(value);
    });
    const key = changed.join(',');
    let statement = updateRows.get(key);
    if (!statement) {
      statement = updateRowSetting(changed);
      updateRows.set(key, statement);
    }
    return [
      statement.bind(executor, current + 1, now, text, ...changedValues, siteId, id, current),
      entityEventInsert(executor, {
        siteId,
        entityKind: kind.entity,
        entityId: id,
        event: 'updated',
        entityJson: kind.slimUpdatedEvents ? entityReferenceJson(id, current + 1) : eventJson(document, text),
        occurredDate: now,
      }),
    ] as const;
  }

  const missing = (id: string) => notFound(kind.notFoundCode, `${kind.label} not found`, { id });
  const queries = documentQueries(database, kind, target, deps.clock);
  const perSite = {
    forSite(siteId: string, executor: Kysely<Schema> = database.db) {
      const inTransaction = <T>(work: (trx: Kysely<Schema>) => Promise<T>): Promise<T> =>
        executor.isTransaction ? work(executor) : executor.transaction().execute(work);

      async function getRaw(id: string): Promise<string | undefined> {
        return (await selectDoc.run(executor, siteId, id)).rows[0]?.doc;
      }

      /** Deletes the entity with its event; its stored JSON as it was, undefined when there was none. */
      function remove(id: string): Promise<string | undefined> {
        return inTransaction(async (trx) => {
          const removed = await (trx as unknown as DocumentDb)
            .deleteFrom(kind.table)
            .where('site_id', '=', siteId)
            .where('id', '=', id)
            .returning(['doc', 'revision'])
            .executeTakeFirst();
          if (!removed) return undefined;
          await recordDomainEvent(trx, {
            siteId,
            entityKind: kind.entity,
            entityId: id,
            event: 'deleted',
            payload: { id, revision: String(removed.revision) },
            occurredDate: deps.clock.now().toISOString(),
          });
          return removed.doc;
        });
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

        /** `options.now`: the creation time, when the caller read the clock for fields of its own. */
        async create<T extends object>(
          fields: T,
          options: { id?: string; now?: string } = {},
        ): Promise<T & SystemFields> {
          const now = options.now ?? deps.clock.now().toISOString();
          const document = {
            id: options.id ?? newId(),
            revision: '1',
            createdDate: now,
            updatedDate: now,
            ...withoutSystemFields(fields),
          };
          const text = JSON.stringify(document);
          await inTransaction(async (trx) => {
            await (trx as unknown as DocumentDb)
              .insertInto(kind.table)
              .values({ site_id: siteId, id: document.id, ...rowValues(document, text) } as never)
              .execute();
            await trx.executeQuery(
              entityEventInsert(trx, {
                siteId,
                entityKind: kind.entity,
                entityId: document.id,
                event: 'created',
                entityJson: eventJson(document, text),
                occurredDate: now,
              }),
            );
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
            const row = (await selectForUpdate.run(trx, siteId, id)).rows[0];
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
            const before = columnValues(document);
            applyPatch(document, patch, options.mask);
            if (!(await commitUnit(trx, revisionUnit(trx, siteId, id, document, current, before)))) {
              throw commonErrors.revisionMismatch(kind.label, id, String(current), 'newer');
            }
            return document as T & SystemFields;
          });
        },

        /**
         * Writes back `document` as read (`get`) and then changed by the caller, without reading it again:
         * refused with 409 when its stored revision is no longer `document.revision` (404 when it is gone).
         * `unchanged` names column fields the change left as they were, whose columns are not rewritten.
         */
        async replace<T>(
          document: T & SystemFields,
          options: { unchanged?: readonly string[] } = {},
        ): Promise<T & SystemFields> {
          const fields = document as unknown as Record<string, unknown>;
          const current = Number(document.revision);
          const before = extraColumns.map(([path]) =>
            options.unchanged?.includes(path) ? columnValue(fields, path) : undefined,
          );
          // Carts change on every cart call: on SQLite the write joins the next group commit.
          const written = await commitUnit(
            executor,
            revisionUnit(executor, siteId, document.id, fields, current, before),
          );
          if (written) return document;
          const stored = await getRaw(document.id);
          if (stored === undefined) throw missing(document.id);
          const { revision } = JSON.parse(stored) as SystemFields;
          throw commonErrors.revisionMismatch(kind.label, document.id, String(current), revision);
        },

        /** Removes the entity; false when there was none. */
        async delete(id: string): Promise<boolean> {
          return (await remove(id)) !== undefined;
        },

        /** Removes the entity and answers it as it was when removed; undefined when there was none. */
        async take<T>(id: string): Promise<(T & SystemFields) | undefined> {
          const doc = await remove(id);
          return doc === undefined ? undefined : (JSON.parse(doc) as T & SystemFields);
        },

        // Last: on Node 20's V8, properties added after a leading spread are slow to add, and every
        // document call builds this object.
        ...queries.forSite(siteId, executor),
      };
    },
  };

  /**
   * Handles on the database itself, one per site, made once: a handle is a dozen closures, and a cart
   * call asks for its site's several times. Handles on a transaction are made per call.
   */
  const handles = new Map<string, ReturnType<typeof perSite.forSite>>();

  return {
    kind,
    forSite(siteId: string, executor: Kysely<Schema> = database.db) {
      if (executor !== database.db) return perSite.forSite(siteId, executor);
      let handle = handles.get(siteId);
      if (!handle) {
        if (handles.size >= SITE_HANDLES_LIMIT) handles.clear();
        handle = perSite.forSite(siteId);
        handles.set(siteId, handle);
      }
      return handle;
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
    typeof path === 'string' &&
    /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(path.trim()) &&
    !reachesPrototype(path.trim());
  if (!paths.every(isPath)) {
    throw invalidField(
      field,
      'must be a comma-separated list of field paths such as "name,priceData.price"',
      'FORMAT',
    );
  }
  return (paths as string[]).map((path) => path.trim());
}

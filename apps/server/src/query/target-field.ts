import { sql } from 'kysely';
import { columnField } from './column-field.ts';
import { decimalField } from './decimal-field.ts';
import { elementField } from './element-field.ts';
import type { FieldSql } from './field-sql.ts';
import { postgresJsonField } from './postgres-json-field.ts';
import { sqliteJsonField } from './sqlite-json-field.ts';
import type { QueryTarget } from './types.ts';

/** How `fieldName` is read on `target`: its real column when it has one, else its path in the document. */
export function targetField(target: QueryTarget, fieldName: string, path: readonly string[]): FieldSql {
  const elements = target.elementFields;
  const element = elements && Object.hasOwn(elements, fieldName) ? elements[fieldName] : undefined;
  if (element)
    return elementField(target.engine, sql.ref(`${target.table}.${target.docColumn}`), fieldName, element);
  const field = storedField(target, fieldName, path);
  if (!target.decimals?.has(fieldName)) return field;
  return decimalField(target.engine, field, !Object.hasOwn(target.columns, fieldName));
}

function storedField(target: QueryTarget, fieldName: string, path: readonly string[]): FieldSql {
  const column = Object.hasOwn(target.columns, fieldName) ? target.columns[fieldName] : undefined;
  if (column) return columnField(target.engine, sql.ref(`${target.table}.${column.column}`), column);
  const doc = sql.ref(`${target.table}.${target.docColumn}`);
  return target.engine === 'postgres' ? postgresJsonField(doc, path) : sqliteJsonField(doc, path);
}

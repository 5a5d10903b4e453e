/**
 * Operands of a field kept in one form (coupon codes upper case, e-mails lower case): a query's
 * strings compared with that field are brought to the same form, so that a filter ignores case
 * as the stored values do.
 */
import { isPlainObject } from './filter-parse.ts';

/** `filter` with every string compared with `field` (at any depth, in any operator) passed through `map`. */
function mapOperands(
  filter: unknown,
  field: string,
  map: (value: string) => string,
  under: boolean,
): unknown {
  if (typeof filter === 'string') return under ? map(filter) : filter;
  if (Array.isArray(filter)) return filter.map((item) => mapOperands(item, field, map, under));
  if (!isPlainObject(filter)) return filter;
  return Object.fromEntries(
    Object.entries(filter).map(([key, value]) => [
      key,
      mapOperands(value, field, map, under || key === field),
    ]),
  );
}

/** `query` (wire form) with the operands of `field` in its filter passed through `map`; anything else as it is. */
export function withFieldOperands(query: unknown, field: string, map: (value: string) => string): unknown {
  if (!isPlainObject(query) || !('filter' in query)) return query;
  return { ...query, filter: mapOperands(query.filter, field, map, false) };
}

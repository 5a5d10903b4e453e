/**
 * Services v2 `searchServices`: the filter and sort run in SQL over the site's services (at most
 * SERVICE_SET_LIMIT match, see sets.ts), then free-text matching, aggregations and the cursor page
 * are computed over that set as answered (category names included). A cursor holds the sort-term
 * values of the row its page starts after (or before): services added or removed meanwhile shift no
 * page (query/keyset.ts).
 */
import { IANAZone } from 'luxon';
import type { Caller } from '../../../http/access.ts';
import { invalidField } from '../../../lib/errors.ts';
import { parseFieldPath } from '../../../query/field-path.ts';
import { compareKeys } from '../../../query/keyset.ts';
import type { KeyValue } from '../../../query/types.ts';
import { type AggregationRequest, aggregate, checkAggregations, valuesAt } from './aggregations.ts';
import { type BookingsDeps, isObject, type Json, siteFacts } from './context.ts';
import { servicesInOrder } from './sets.ts';
import { renderServices } from './view.ts';

const SEARCHED_FIELDS = ['name', 'description', 'tagLine', 'category.name'];

interface SearchPosition {
  filter?: unknown;
  sort?: unknown;
  search?: Json;
  limit: number;
  /** The sort-term values of the row the page starts after, or (`backward`) ends before. */
  keyset?: { values: KeyValue[]; backward: boolean };
}

/** Names the list a cursor pages, so that one of another list is refused. */
const CURSOR_OF = 'services-search';

/** Lower case, accents dropped: "Épilation" matches "epil". */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** Whether `a` and `b` are at most one edit apart (a typo). */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The free-text part of a search as a test of one answered service. */
export function textMatcher(search: Json | undefined): ((service: Json) => boolean) | undefined {
  const expression = typeof search?.expression === 'string' ? fold(search.expression).trim() : '';
  if (expression === '') return undefined;
  const terms = expression.split(/\s+/);
  const fields =
    Array.isArray(search?.fields) && search.fields.length > 0 ? (search.fields as string[]) : SEARCHED_FIELDS;
  for (const [index, field] of fields.entries()) parseFieldPath(field, `search.search.fields[${index}]`);
  const fuzzy = search?.fuzzy === true;
  const all = search?.mode === 'AND';
  return (service) => {
    const text = fold(fields.flatMap((field) => valuesAt(service, field).map(String)).join(' '));
    const words = text.split(/[^\p{L}\p{N}]+/u);
    const has = (term: string) =>
      text.includes(term) || (fuzzy && term.length >= 4 && words.some((word) => oneEditApart(word, term)));
    return all ? terms.every(has) : terms.some(has);
  };
}

function cursorOf(position: SearchPosition, values: readonly KeyValue[], backward: boolean): string {
  const { filter, sort, search, limit } = position;
  const edge = backward ? { before: values } : { after: values };
  return Buffer.from(JSON.stringify({ of: CURSOR_OF, filter, sort, search, limit, ...edge })).toString(
    'base64url',
  );
}

const isKeyValue = (value: unknown): value is KeyValue =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

function positionOf(search: Json): SearchPosition {
  const paging = isObject(search.cursorPaging) ? search.cursorPaging : {};
  const limit = typeof paging.limit === 'number' ? paging.limit : 50;
  const cursor = paging.cursor;
  if (typeof cursor !== 'string' || cursor === '') {
    return { filter: search.filter, sort: search.sort, search: search.search as Json | undefined, limit };
  }
  for (const field of ['filter', 'sort', 'search'] as const) {
    if (search[field] !== undefined && search[field] !== null) {
      throw invalidField(
        `search.${field}`,
        'comes from the cursor; send only cursorPaging',
        'FIELD_NOT_ALLOWED',
      );
    }
  }
  try {
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Json;
    const values = decoded.after ?? decoded.before;
    if (decoded.of !== CURSOR_OF || !Array.isArray(values) || !values.every(isKeyValue))
      throw new Error('cursor');
    if (!Number.isSafeInteger(decoded.limit) || (decoded.limit as number) < 1) throw new Error('limit');
    return {
      filter: decoded.filter,
      sort: decoded.sort,
      search: decoded.search as Json | undefined,
      limit: typeof paging.limit === 'number' ? paging.limit : (decoded.limit as number),
      keyset: { values, backward: decoded.before !== undefined },
    };
  } catch {
    throw invalidField(
      'search.cursorPaging.cursor',
      'Malformed cursor: use one from a previous answer',
      'FORMAT',
    );
  }
}

export async function searchServices(
  deps: BookingsDeps,
  caller: Caller,
  search: Json | undefined,
  conditionalFields: readonly string[] | undefined,
) {
  const given = search ?? {};
  const position = positionOf(given);
  const requests = checkAggregations(
    (given.aggregations ?? []) as AggregationRequest[],
    'search.aggregations',
  );
  const facts = await siteFacts(deps, caller.siteId);
  const timeZone = typeof given.timeZone === 'string' ? given.timeZone : facts.timeZone;
  if (!IANAZone.isValidZone(timeZone)) {
    throw invalidField('search.timeZone', 'is not an IANA time zone such as Europe/London', 'FORMAT');
  }
  const matcher = textMatcher(position.search);
  const { services: stored, positions } = await servicesInOrder(deps, caller, position.filter ?? {}, {
    field: 'search.filter',
    sort: position.sort,
  });
  const answered = await renderServices(deps, caller.siteId, facts, stored, { conditionalFields });
  const rows = answered
    .map((service, i) => ({ service, key: positions.keys[i]! }))
    .filter((row) => !matcher || matcher(row.service));
  const found = rows.map((row) => row.service);
  const { keyset } = position;
  if (keyset && keyset.values.length !== positions.terms.length) {
    throw invalidField(
      'search.cursorPaging.cursor',
      'Malformed cursor: use one from a previous answer',
      'FORMAT',
    );
  }
  // The first row past the cursor's: after it, or (backward) not before it.
  const past = (values: readonly KeyValue[], orAt: boolean) => {
    const index = rows.findIndex((row) => {
      const difference = compareKeys(positions.terms, row.key, values);
      return orAt ? difference >= 0 : difference > 0;
    });
    return index === -1 ? rows.length : index;
  };
  const end = keyset?.backward ? past(keyset.values, true) : undefined;
  const start =
    end === undefined ? (keyset ? past(keyset.values, false) : 0) : Math.max(0, end - position.limit);
  const stop = end ?? Math.min(rows.length, start + position.limit);
  const page = found.slice(start, stop);
  const hasNext = stop < rows.length;
  const cursors: { next?: string; prev?: string } = {};
  if (hasNext && stop > start) cursors.next = cursorOf(position, rows[stop - 1]!.key, false);
  if (start > 0 && stop > start) cursors.prev = cursorOf(position, rows[start]!.key, true);
  return {
    services: page,
    pagingMetadata: { count: page.length, cursors, hasNext },
    aggregationData: { results: aggregate(found, requests, timeZone) },
  };
}

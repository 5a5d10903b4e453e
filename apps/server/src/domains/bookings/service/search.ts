/**
 * Services v2 `searchServices`: the filter and sort run in SQL over the site's services (at most
 * SERVICE_SET_LIMIT match, see sets.ts), then free-text matching, aggregations and the cursor page
 * are computed over that set as answered (category names included).
 */
import { IANAZone } from 'luxon';
import type { Caller } from '../../../http/access.ts';
import { invalidField } from '../../../lib/errors.ts';
import { parseFieldPath } from '../../../query/field-path.ts';
import { type AggregationRequest, aggregate, checkAggregations, valuesAt } from './aggregations.ts';
import { type BookingsDeps, isObject, type Json, siteFacts } from './context.ts';
import { servicesMatching } from './sets.ts';
import { renderServices } from './view.ts';

const SEARCHED_FIELDS = ['name', 'description', 'tagLine', 'category.name'];

interface SearchPosition {
  filter?: unknown;
  sort?: unknown;
  search?: Json;
  offset: number;
  limit: number;
}

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

const cursorOf = (position: SearchPosition) => Buffer.from(JSON.stringify(position)).toString('base64url');

function positionOf(search: Json): SearchPosition {
  const paging = isObject(search.cursorPaging) ? search.cursorPaging : {};
  const limit = typeof paging.limit === 'number' ? paging.limit : 50;
  const cursor = paging.cursor;
  if (typeof cursor !== 'string' || cursor === '') {
    return {
      filter: search.filter,
      sort: search.sort,
      search: search.search as Json | undefined,
      offset: 0,
      limit,
    };
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
    const position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as SearchPosition;
    if (!Number.isSafeInteger(position.offset) || position.offset < 0) throw new Error('offset');
    return { ...position, limit: typeof paging.limit === 'number' ? paging.limit : position.limit };
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
  const stored = await servicesMatching(deps, caller, position.filter ?? {}, {
    field: 'search.filter',
    sort: position.sort,
  });
  const answered = await renderServices(deps, caller.siteId, facts, stored, { conditionalFields });
  const found = matcher ? answered.filter(matcher) : answered;
  const page = found.slice(position.offset, position.offset + position.limit);
  const hasNext = position.offset + page.length < found.length;
  const cursors: { next?: string; prev?: string } = {};
  if (hasNext) cursors.next = cursorOf({ ...position, offset: position.offset + position.limit });
  if (position.offset > 0)
    cursors.prev = cursorOf({ ...position, offset: Math.max(0, position.offset - position.limit) });
  return {
    services: page,
    pagingMetadata: { count: page.length, cursors, hasNext },
    aggregationData: { results: aggregate(found, requests, timeZone) },
  };
}

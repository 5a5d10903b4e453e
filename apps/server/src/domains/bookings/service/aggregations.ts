/**
 * Search aggregations computed over a set of documents (pure): VALUE buckets, RANGE buckets, SCALAR
 * (COUNT_DISTINCT, MIN, MAX; dates answer as `scalarDate`), DATE_HISTOGRAM in a time zone, and NESTED
 * (each level's buckets split by the next; a SCALAR may end the chain). A field path reaches into
 * arrays: a service counts once in each bucket one of its values falls in.
 */
import { DateTime } from 'luxon';
import { invalidField } from '../../../lib/errors.ts';
import { parseFieldPath } from '../../../query/field-path.ts';

type Json = Record<string, unknown>;

export interface AggregationRequest {
  name?: string;
  type: string;
  fieldPath?: string;
  value?: {
    sortType?: string;
    sortDirection?: string;
    limit?: number;
    missingValues?: string;
    includeOptions?: { addToBucket?: string };
  };
  range?: { buckets: Array<{ from?: number; to?: number }> };
  scalar?: { type: string };
  dateHistogram?: { interval: string };
  nested?: { nestedAggregations: AggregationRequest[] };
}

/** Every leaf value at `path`, arrays flattened at any depth. */
export function valuesAt(document: unknown, path: string): unknown[] {
  let current: unknown[] = [document];
  for (const segment of path.split('.')) {
    const next: unknown[] = [];
    for (const value of current) {
      const items = Array.isArray(value) ? value : [value];
      for (const item of items) {
        if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
          const child = (item as Json)[segment];
          if (child !== undefined && child !== null) next.push(child);
        }
      }
    }
    current = next;
  }
  return current
    .flat(Number.POSITIVE_INFINITY)
    .filter((value) => value !== null && typeof value !== 'object');
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const numberOf = (value: unknown): number | undefined => {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(number) ? number : undefined;
};

interface Bucket {
  /** What the bucket answers inside a NESTED result (`{value: {...}}`, `{range: {...}}`, …). */
  nested: Json;
  /** The bucket as a top-level result lists it. */
  entry: Json;
  members: Json[];
}

function valueBuckets(items: Json[], request: AggregationRequest): Bucket[] {
  const options = request.value ?? {};
  const members = new Map<string, Json[]>();
  const add = (key: string, item: Json) => members.set(key, [...(members.get(key) ?? []), item]);
  for (const item of items) {
    const values = new Set(valuesAt(item, request.fieldPath!).map(String));
    if (values.size === 0 && options.missingValues === 'INCLUDE')
      add(options.includeOptions?.addToBucket ?? 'N/A', item);
    for (const value of values) add(value, item);
  }
  const byValue = (a: string, b: string) => {
    const [x, y] = [numberOf(a), numberOf(b)];
    return x !== undefined && y !== undefined ? x - y : a < b ? -1 : a > b ? 1 : 0;
  };
  const direction = options.sortDirection === 'ASC' ? 1 : -1;
  const sorted = [...members].sort(([a, ma], [b, mb]) =>
    options.sortType === 'VALUE'
      ? direction * byValue(a, b)
      : direction * (ma.length - mb.length) || byValue(a, b),
  );
  return sorted.slice(0, options.limit ?? 10).map(([value, group]) => ({
    entry: { value, count: group.length },
    nested: { value: { value, count: group.length } },
    members: group,
  }));
}

function rangeBuckets(items: Json[], request: AggregationRequest): Bucket[] {
  return (request.range?.buckets ?? []).map(({ from, to }) => {
    const group = items.filter((item) =>
      valuesAt(item, request.fieldPath!).some((value) => {
        const number = numberOf(value);
        return (
          number !== undefined && (from === undefined || number >= from) && (to === undefined || number < to)
        );
      }),
    );
    const bounds = { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
    return {
      entry: { ...bounds, count: group.length },
      nested: { range: { ...bounds, count: group.length } },
      members: group,
    };
  });
}

const UNITS: Record<string, 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second'> = {
  YEAR: 'year',
  MONTH: 'month',
  WEEK: 'week',
  DAY: 'day',
  HOUR: 'hour',
  MINUTE: 'minute',
  SECOND: 'second',
};

function dateBuckets(items: Json[], request: AggregationRequest, timeZone: string): Bucket[] {
  const unit = UNITS[request.dateHistogram!.interval]!;
  const members = new Map<number, Json[]>();
  for (const item of items) {
    const starts = new Set<number>();
    for (const value of valuesAt(item, request.fieldPath!)) {
      if (typeof value !== 'string' || !ISO_INSTANT.test(value)) continue;
      const instant = DateTime.fromISO(value, { setZone: false }).setZone(timeZone);
      if (instant.isValid) starts.add(instant.startOf(unit).toMillis());
    }
    for (const start of starts) members.set(start, [...(members.get(start) ?? []), item]);
  }
  return [...members]
    .sort(([a], [b]) => a - b)
    .map(([start, group]) => {
      const value = DateTime.fromMillis(start, { zone: timeZone }).toISO()!;
      return {
        entry: { value, count: group.length },
        nested: { dateHistogram: { value, count: group.length } },
        members: group,
      };
    });
}

function scalar(items: Json[], request: AggregationRequest): { key: 'scalar' | 'scalarDate'; result: Json } {
  const type = request.scalar!.type;
  const values = items.flatMap((item) => valuesAt(item, request.fieldPath!));
  if (type === 'COUNT_DISTINCT')
    return { key: 'scalar', result: { type, value: new Set(values.map(String)).size } };
  const dates = values.filter(
    (value): value is string => typeof value === 'string' && ISO_INSTANT.test(value),
  );
  if (dates.length > 0 && dates.length === values.length) {
    const sorted = dates.map((date) => new Date(date).toISOString()).sort();
    return { key: 'scalarDate', result: { type, value: type === 'MIN' ? sorted[0]! : sorted.at(-1)! } };
  }
  const numbers = values.map(numberOf).filter((number): number is number => number !== undefined);
  const value = numbers.length === 0 ? 0 : type === 'MIN' ? Math.min(...numbers) : Math.max(...numbers);
  return { key: 'scalar', result: { type, value } };
}

function buckets(items: Json[], request: AggregationRequest, timeZone: string): Bucket[] {
  if (request.type === 'VALUE') return valueBuckets(items, request);
  if (request.type === 'RANGE') return rangeBuckets(items, request);
  return dateBuckets(items, request, timeZone);
}

function nested(items: Json[], levels: AggregationRequest[], prefix: Json, timeZone: string): Json[] {
  const [level, ...rest] = levels;
  const name = level!.name!;
  if (level!.type === 'SCALAR') {
    const { key, result } = scalar(items, level!);
    return [{ results: { ...prefix, [name]: { [key]: { value: result.value } } } }];
  }
  return buckets(items, level!, timeZone).flatMap((bucket) =>
    rest.length === 0
      ? [{ results: { ...prefix, [name]: bucket.nested } }]
      : nested(bucket.members, rest, { ...prefix, [name]: bucket.nested }, timeZone),
  );
}

const OPTION_OF: Record<string, keyof AggregationRequest> = {
  RANGE: 'range',
  SCALAR: 'scalar',
  DATE_HISTOGRAM: 'dateHistogram',
  NESTED: 'nested',
};

/** Checks a request's aggregations and gives each its name (its field path when it has none). */
export function checkAggregations(requests: AggregationRequest[], field: string): AggregationRequest[] {
  const check = (request: AggregationRequest, at: string, names: Set<string>): AggregationRequest => {
    const option = OPTION_OF[request.type];
    if (option && request[option] === undefined) {
      throw invalidField(
        `${at}.${option}`,
        `is required for a ${request.type} aggregation`,
        'REQUIRED_FIELD',
      );
    }
    if (request.type !== 'NESTED') {
      if (request.fieldPath === undefined)
        throw invalidField(`${at}.fieldPath`, 'is required', 'REQUIRED_FIELD');
      parseFieldPath(request.fieldPath, `${at}.fieldPath`);
    }
    const name = request.name ?? request.fieldPath ?? 'nested';
    if (names.has(name)) throw invalidField(`${at}.name`, `"${name}" names two aggregations`, 'VALIDATION');
    names.add(name);
    return { ...request, name };
  };
  // Names are unique among the request's aggregations, and among the levels of one NESTED.
  const names = new Set<string>();
  return requests.map((request, index) => {
    const at = `${field}[${index}]`;
    const checked = check(request, at, names);
    const levelNames = new Set<string>();
    if (request.type !== 'NESTED') return checked;
    const levels = request.nested!.nestedAggregations.map((level, i) => {
      if (level.type === 'SCALAR' && i !== request.nested!.nestedAggregations.length - 1) {
        throw invalidField(
          `${at}.nested.nestedAggregations[${i}].type`,
          'SCALAR can only be the last level',
          'VALIDATION',
        );
      }
      return check(level, `${at}.nested.nestedAggregations[${i}]`, levelNames);
    });
    return { ...checked, nested: { nestedAggregations: levels } };
  });
}

/** The results of checked `requests` over `items`, in request order. */
export function aggregate(items: Json[], requests: AggregationRequest[], timeZone: string): Json[] {
  return requests.map((request) => {
    const head = { name: request.name!, type: request.type, fieldPath: request.fieldPath ?? '' };
    switch (request.type) {
      case 'VALUE':
        return { ...head, values: { results: valueBuckets(items, request).map((b) => b.entry) } };
      case 'RANGE':
        return { ...head, ranges: { results: rangeBuckets(items, request).map((b) => b.entry) } };
      case 'DATE_HISTOGRAM':
        return {
          ...head,
          dateHistogram: { results: dateBuckets(items, request, timeZone).map((b) => b.entry) },
        };
      case 'SCALAR': {
        const { key, result } = scalar(items, request);
        return { ...head, [key]: result };
      }
      default:
        return {
          ...head,
          nested: { results: nested(items, request.nested!.nestedAggregations, {}, timeZone) },
        };
    }
  });
}

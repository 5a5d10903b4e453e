/**
 * What the contract sweeps send (access-sweep, bad-input-sweep): every call the contracts declare, a
 * plausible value for each path parameter, and the malformed requests of the bad-input sweep.
 */
import { randomUUID } from 'node:crypto';
import type { CallDefinition } from '@plaza/contracts';
import * as contracts from '@plaza/contracts';
import type { TSchema } from '@sinclair/typebox';

/** One malformed request: `payload` is sent as raw text so that invalid JSON stays invalid. */
export interface BadCase {
  name: string;
  method: CallDefinition['method'];
  url: string;
  payload?: string;
  contentType?: string;
}

const isCall = (value: unknown): value is CallDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CallDefinition).name === 'string' &&
  typeof (value as CallDefinition).method === 'string' &&
  Array.isArray((value as CallDefinition).paths);

/**
 * Every call the contracts package exports, alone or in a domain's calls list: taken from the
 * exports rather than from a list here, so that a new call or a new domain is swept as it appears.
 */
export function everyCall(): CallDefinition[] {
  const byName = new Map<string, CallDefinition>();
  for (const value of Object.values(contracts)) {
    for (const item of Array.isArray(value) ? value : [value]) if (isCall(item)) byName.set(item.name, item);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const LONG = 'x'.repeat(10_000);
/** Deeper than the server accepts, and deeper than serialising recursively survives. */
const DEPTH = 20_000;
// Deep values are spliced into the JSON text: building and serialising them as objects would
// overflow this process's stack before the server's.
const DEEP_OBJECT = '\u0001deep object';
const DEEP_ARRAY = '\u0001deep array';
const deepText: Record<string, string> = {
  object: `${'{"a":'.repeat(DEPTH)}{}${'}'.repeat(DEPTH)}`,
  array: `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
};
const json = (value: unknown) =>
  JSON.stringify(value).replace(/"\\u0001deep (object|array)"/g, (_, kind: string) => deepText[kind]!);

/**
 * Candidates for a string with a `pattern`: the first that matches is used. URLs name a host under
 * `.invalid`, which never resolves: a call that fetches what it is given fails at once, offline.
 */
const NOWHERE = 'https://nowhere.invalid';
const patterned = ['abc', 'US', 'ABC', '123', '5.00', '12/30', '2020-01-01', NOWHERE, '4242 4242 4242 4242'];
const formats: Record<string, string> = {
  email: 'nobody@example.com',
  'date-time': '2020-01-01T00:00:00.000Z',
  uri: NOWHERE,
};

function plainString(schema: TSchema): string {
  if (schema.format) return formats[schema.format as string] ?? 'x';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern as string);
    return patterned.find((candidate) => pattern.test(candidate)) ?? 'x';
  }
  return 'x'.repeat(Math.max(1, (schema.minLength as number | undefined) ?? 1));
}

const isFree = (schema: TSchema) => !schema.format && !schema.pattern;
const isOpenObject = (schema: TSchema) =>
  schema.type === 'object' &&
  Object.keys(schema.properties ?? {}).length === 0 &&
  schema.additionalProperties !== false;
const branches = (schema: TSchema) => ((schema.anyOf ?? schema.oneOf) as TSchema[] | undefined) ?? [];

/** Which leaves a shaped value spoils; the rest keep a plausible value that passes the schema. */
interface Mode {
  /** Every property, optional ones too; otherwise only required ones and those holding a spoilt leaf. */
  all?: boolean;
  string?: (schema: TSchema) => string | undefined;
  number?: (schema: TSchema) => number;
  /** Open objects and values of any type. */
  open?: () => unknown;
}

const modes = {
  plain: { all: true },
  '10k characters in every string': { string: () => LONG },
  'every free string at its longest': {
    string: (s) =>
      isFree(s) ? 'x'.repeat(Math.min((s.maxLength as number | undefined) ?? 10_000, 10_000)) : undefined,
  },
  'a NUL character in every free string': {
    string: (s) => (isFree(s) ? `${plainString(s)}\u0000x` : undefined),
  },
  'a lone surrogate in every free string': {
    string: (s) => (isFree(s) ? `${plainString(s)}\ud800x` : undefined),
  },
  'every number huge': {
    number: (s) => (s.maximum as number | undefined) ?? (s.type === 'integer' ? 1e20 : 1e300),
  },
  'every number hugely negative': {
    number: (s) => (s.minimum as number | undefined) ?? (s.type === 'integer' ? -1e20 : -1e300),
  },
  [`open objects nested ${DEPTH} deep`]: { open: () => DEEP_OBJECT },
} satisfies Record<string, Mode>;

function spoils(schema: TSchema, mode: Mode, depth = 0): boolean {
  if (depth > 8 || 'const' in schema || schema.enum) return false;
  if (branches(schema).length > 0) return branches(schema).some((branch) => spoils(branch, mode, depth + 1));
  switch (schema.type) {
    case 'string':
      return mode.string?.(schema) !== undefined;
    case 'integer':
    case 'number':
      return mode.number !== undefined;
    case 'array':
      return spoils(schema.items as TSchema, mode, depth + 1);
    case 'object':
      if (mode.open && isOpenObject(schema)) return true;
      return Object.values((schema.properties ?? {}) as Record<string, TSchema>).some((p) =>
        spoils(p, mode, depth + 1),
      );
    case undefined:
      return mode.open !== undefined;
    default:
      return false;
  }
}

/**
 * A value shaped like `schema`, with the leaves `mode` spoils. Leaving out the optional fields that
 * hold no spoilt leaf keeps fields that exclude one another (paging and cursorPaging) from stopping
 * the request before the spoilt leaf reaches the handler.
 */
function shaped(schema: TSchema, mode: Mode, depth = 0): unknown {
  if (depth > 8) return undefined;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const union = branches(schema);
  if (union.length > 0) {
    const branch =
      union.find((b) => b.type !== 'null' && spoils(b, mode)) ?? union.find((b) => b.type !== 'null');
    return shaped(branch ?? union[0]!, mode, depth);
  }
  switch (schema.type) {
    case 'string':
      return mode.string?.(schema) ?? plainString(schema);
    case 'integer':
    case 'number':
      return mode.number?.(schema) ?? (schema.minimum as number | undefined) ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const item = shaped(schema.items as TSchema, mode, depth + 1);
      return item === undefined ? [] : [item];
    }
    case 'object': {
      if (mode.open && isOpenObject(schema)) return mode.open();
      const out: Record<string, unknown> = {};
      const required = new Set((schema.required ?? []) as string[]);
      for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, TSchema>)) {
        if (!mode.all && !required.has(key) && !spoils(property, mode)) continue;
        const value = shaped(property, mode, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    default:
      return mode.open?.() ?? 'x';
  }
}

/** Values of another type than the field's: a number for a string, a string for a number, … */
const scalarWrong = ['abc', {}, null];
const wrongByType: Record<string, unknown[]> = {
  string: [12345, {}, null],
  integer: scalarWrong,
  number: scalarWrong,
  boolean: scalarWrong,
  object: [42, 'abc', null],
  array: ['abc', {}, null],
};
const wrongValues = (schema: TSchema) => wrongByType[schema.type as string] ?? [42, 'abc', [], null];

const badParams: Record<string, string> = {
  'not ids': encodeURIComponent(`not an id: ${'é'.repeat(20)}`),
  'with a NUL character': 'a%00b',
  'not UTF-8': '%FF%FE',
  '1000 characters long': 'x'.repeat(1_000),
};

const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
const fillPath = (path: string, value: (param: string) => string) =>
  path.replace(/\{([^}]+)\}/g, (_, param: string) => value(param));

/** The query-string keys of a GET/DELETE request, as `http/calls.ts` flattens them (map 2.3). */
function flatKeys(schema: TSchema, prefix = ''): Array<[string, TSchema]> {
  return Object.entries((schema.properties ?? {}) as Record<string, TSchema>).flatMap(([name, property]) => {
    if (property.type === 'object' && property.properties) return flatKeys(property, `${prefix}${name}.`);
    if (property.type === 'array' && (property.items as TSchema).type === 'object') return [];
    return [[`${prefix}${name}`, property] as [string, TSchema]];
  });
}

const base64url = (text: string) => Buffer.from(text).toString('base64url');
const query = (pairs: Array<[string, string]>) =>
  pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`;

function schemaAt(schema: TSchema, path: string): TSchema | undefined {
  let current: TSchema | undefined = schema;
  for (const segment of path.split('.')) current = current?.properties?.[segment];
  return current;
}

/** A plausible path value: the allowed constant of an enumerated parameter, the site for a tenant, else a UUID. */
export function paramValue(call: CallDefinition, param: string, siteId: string): string {
  const schema = schemaAt(call.request, param);
  if (schema && ('const' in schema || schema.enum || schema.anyOf))
    return String(shaped(schema, modes.plain));
  return /tenant|site/i.test(param) ? siteId : randomUUID();
}

/** The malformed requests sent to `call`, at its canonical path with `param` filling path parameters. */
export function badCases(call: CallDefinition, param: (name: string) => string): BadCase[] {
  const path = call.paths[0];
  const url = fillPath(path, (name) => encodeURIComponent(param(name)));
  // A dotted parameter (`{product.id}`) fills a field of a body object that is still sent.
  const inPath = new Set(pathParams(path));
  const cases: BadCase[] = [];
  const usesQuery = call.method === 'GET' || call.method === 'DELETE';
  const add = (name: string, target: string, payload?: string, contentType?: string) =>
    cases.push({ name, method: call.method, url: target, payload, contentType });
  const noBody = usesQuery ? undefined : '{}';
  for (const [name, value] of inPath.size > 0 ? Object.entries(badParams) : []) {
    add(
      `path parameters ${name}`,
      fillPath(path, () => value),
      noBody,
    );
  }

  if (usesQuery) {
    const keys = flatKeys(call.request).filter(([key]) => !inPath.has(key));
    add('no query parameters', url);
    add('prototype key in the query string', `${url}${query([['__proto__.polluted', '1']])}`);
    add('every parameter 10k characters long', `${url}${query(keys.map(([key]) => [key, LONG]))}`);
    add('a NUL character in every parameter', `${url}${query(keys.map(([key]) => [key, 'a\u0000b']))}`);
    for (const [key, schema] of keys) {
      if (['integer', 'number', 'boolean'].includes(schema.type as string))
        add(`${key}: a string where a ${schema.type} is expected`, `${url}${query([[key, 'abc']])}`);
      add(`${key}: repeated`, `${url}?${encodeURIComponent(key)}=a&${encodeURIComponent(key)}=b`);
      add(`${key}: an object where a scalar is expected`, `${url}${query([[`${key}.x`, '1']])}`);
    }
    if (keys.some(([key]) => key === '.r')) {
      const dotR = {
        'not base64url': '!!not base64!!',
        'not JSON': base64url('{"query":'),
        'a JSON array': base64url('[1,2]'),
        'query a string': base64url('{"query":"x"}'),
        'filter a number': base64url('{"query":{"filter":5}}'),
        'sort an object': base64url('{"query":{"sort":{"fieldName":1}}}'),
        'paging out of range': base64url('{"query":{"paging":{"limit":-1,"offset":"x"}}}'),
        'unknown filter operator': base64url('{"query":{"filter":{"name":{"$nope":1}}}}'),
        'a NUL character in the filter': base64url('{"query":{"filter":{"name":"a\\u0000b"}}}'),
        'deep filter': base64url(json({ query: { filter: DEEP_OBJECT } })),
      };
      for (const [name, value] of Object.entries(dotR)) add(`.r: ${name}`, `${url}${query([['.r', value]])}`);
    }
    return cases;
  }

  const fields = Object.entries((call.request.properties ?? {}) as Record<string, TSchema>).filter(
    ([name]) => !inPath.has(name),
  );
  // Path parameters travel in the path only: a bad copy of them in the body would hide the rest.
  const body = (mode: Mode) => {
    const value = shaped(call.request, mode) as Record<string, unknown>;
    for (const param of inPath) {
      const [head, ...rest] = param.split('.');
      const holder = rest.length === 0 ? value : (value[head!] as Record<string, unknown> | undefined);
      delete holder?.[rest.length === 0 ? head! : rest.join('.')];
    }
    return value;
  };
  const plain = body(modes.plain);
  const bodyFields = { ...call.request, properties: Object.fromEntries(fields) } as TSchema;
  add('a JSON array', url, '[1,2]');
  add('a JSON string', url, '"hello"');
  add('a JSON number', url, '42');
  add('JSON null', url, 'null');
  add('invalid JSON', url, '{"a":');
  add('a text/plain body', url, 'hello', 'text/plain');
  add('prototype key in the body', url, '{"__proto__":{"polluted":1}}');
  add('an empty object', url, '{}');
  add('every field present, meaningless values', url, json(plain));
  for (const [name, mode] of Object.entries(modes)) {
    if (mode !== modes.plain && spoils(bodyFields, mode)) add(name, url, json(body(mode)));
  }
  const deepValues = fields.length > 0 ? { '{}': DEEP_OBJECT, '[]': DEEP_ARRAY } : {};
  for (const [kind, deep] of Object.entries(deepValues)) {
    add(`every field a deeply nested ${kind}`, url, json(Object.fromEntries(fields.map(([n]) => [n, deep]))));
  }
  for (const [name, schema] of fields) {
    for (const wrong of wrongValues(schema)) {
      const expected = schema.type ?? 'a union';
      add(`${name}: ${json(wrong)} where ${expected} is expected`, url, json({ ...plain, [name]: wrong }));
    }
  }
  return cases;
}

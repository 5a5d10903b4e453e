import { countryFormats } from '@plaza/contracts/countries';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { type FieldViolation, ValidationError, type ViolatedRule } from '../lib/errors.ts';

/**
 * Request validation: JSON bodies are checked strictly (no type coercion), query strings with
 * coercion ("10" → 10, a single value → a one-element array), both reporting every problem.
 * Whatever the schema, no part of a request may hold text or nesting the engines cannot keep
 * (`unstorable`).
 */
export function installValidators(app: FastifyInstance) {
  const strict = strictAjv();
  const coercing = withFormats(
    new Ajv({ allErrors: true, strict: false, coerceTypes: 'array', useDefaults: true }),
  );
  app.setValidatorCompiler(({ schema, httpPart }) =>
    storable(
      httpPart === 'querystring' || httpPart === 'params' ? coercing.compile(schema) : strict.compile(schema),
      httpPart ?? 'body',
    ),
  );
}

/** How JSON bodies are checked: no coercion, every problem reported, defaults filled in. */
const strictAjv = () =>
  withFormats(new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: true }));

let embeddedAjv: Ajv | undefined;

/**
 * A check of JSON that arrives inside another field (the `.r` of a GET query, map 2.3) against the
 * schema of the body it stands for, as strict as that body's own check: the two forms of a call
 * accept the same requests. Throws a validation error naming every problem.
 */
export function jsonChecker(schema: object): (value: unknown) => void {
  embeddedAjv ??= strictAjv();
  const validate = storable(embeddedAjv.compile(schema), 'body');
  return (value) => {
    const result = validate(value);
    if (result === true) return;
    if (result === false) throw new ValidationError(fieldViolationsFromAjv(validate.errors ?? []));
    throw result.error;
  };
}

/** Deeper JSON is refused: nothing Plaza keeps nests so far, and serialising far deeper overflows the stack. */
const MAX_NESTING = 64;

interface Unstorable {
  /** From the offending value up to the request's root. */
  path: Array<string | number>;
  description: string;
  rule: ViolatedRule;
}

/**
 * PostgreSQL refuses U+0000 in text and JSONB and an unpaired surrogate in JSONB, where SQLite would
 * store both: refused on every engine, so that the engines answer alike and never with a 500.
 */
function unstorableText(text: string): Unstorable | undefined {
  if (text.includes('\u0000')) {
    return { path: [], description: 'must not contain the NUL character (U+0000)', rule: 'FORMAT' };
  }
  if (!(text as string & { isWellFormed(): boolean }).isWellFormed()) {
    return {
      path: [],
      description: 'must be valid Unicode (it holds an unpaired surrogate)',
      rule: 'FORMAT',
    };
  }
  return undefined;
}

/** The first part of `value` that cannot be kept; the path is built only for the one found. */
function unstorable(value: unknown, depth: number): Unstorable | undefined {
  if (typeof value === 'string') return unstorableText(value);
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth === MAX_NESTING) {
    return {
      path: [],
      description: `must not nest more than ${MAX_NESTING} levels deep`,
      rule: 'VALIDATION',
    };
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = unstorable(value[index], depth + 1);
      if (found) {
        found.path.push(index);
        return found;
      }
    }
    return undefined;
  }
  const object = value as Record<string, unknown>;
  for (const key in object) {
    const found = unstorableText(key) ?? unstorable(object[key], depth + 1);
    if (found) {
      found.path.push(key);
      return found;
    }
  }
  return undefined;
}

/** The field as schema violations name it: `a[0].b` in a body, a query key as sent, a path parameter as in the contract. */
function pathOf(path: Array<string | number>, httpPart: string): string {
  const segments = path.reverse();
  if (httpPart === 'querystring') return String(segments[0] ?? httpPart);
  if (httpPart === 'params') return String(segments[0] ?? httpPart).replace(/__/g, '.');
  const field = segments.reduce<string>(
    (path, segment) =>
      typeof segment === 'number' ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment,
    '',
  );
  return field || httpPart;
}

/** `validate`, then the check of `unstorable`, answered as a validation error naming the field. */
function storable(validate: ValidateFunction, httpPart: string) {
  const check = (data: unknown, context?: object) => {
    if (!validate(data, context as never)) {
      check.errors = validate.errors;
      return false;
    }
    const found = unstorable(data, 0);
    if (!found) return true;
    const field = pathOf(found.path, httpPart);
    return {
      error: new ValidationError([{ field, description: found.description, violatedRule: found.rule }]),
    };
  };
  check.errors = undefined as ValidateFunction['errors'];
  // Fastify passes the parent object to a function that has one, so that Ajv can coerce the root value.
  check.schemaEnv = validate.schemaEnv;
  return check;
}

/**
 * The formats of our own the schemas use, as Ajv takes them: for the request validators below and
 * for the response serializer's Ajv (app.ts `serializerOpts`), which would warn of unknown formats.
 */
export const ownFormats = Object.fromEntries(
  Object.entries(countryFormats).map(([name, format]) => [name, { type: 'string', validate: format.check }]),
) as Record<string, { type: 'string'; validate: (value: string) => boolean }>;

function withFormats(ajv: Ajv): Ajv {
  (addFormats as unknown as (ajv: Ajv) => Ajv)(ajv);
  for (const [name, format] of Object.entries(ownFormats)) ajv.addFormat(name, format);
  return ajv;
}

const formatDescriptions: Record<string, string> = Object.fromEntries(
  Object.entries(countryFormats).map(([name, format]) => [name, format.description]),
);

const ruleByKeyword: Record<string, ViolatedRule> = {
  required: 'REQUIRED_FIELD',
  maxLength: 'MAX_LENGTH',
  minLength: 'MIN_LENGTH',
  maximum: 'MAX',
  exclusiveMaximum: 'MAX',
  minimum: 'MIN',
  exclusiveMinimum: 'MIN',
  maxItems: 'MAX_SIZE',
  minItems: 'MIN_SIZE',
  maxProperties: 'MAX_SIZE',
  minProperties: 'MIN_SIZE',
  pattern: 'FORMAT',
  format: 'FORMAT',
  enum: 'INVALID_ENUM_VALUE',
  const: 'INVALID_ENUM_VALUE',
  additionalProperties: 'FIELD_NOT_ALLOWED',
  uniqueItems: 'VALIDATION',
  type: 'VALIDATION',
};

const typeNames: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

/** `/a/0/b` under `body` → `a[0].b`; a query string's dotted keys stay as sent. */
function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  return segments.reduce(
    (path, segment) =>
      /^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment,
    '',
  );
}

function describe(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'type':
      return `must be ${String(p.type)
        .split(',')
        .map((type) => typeNames[type] ?? type)
        .join(' or ')}`;
    case 'maxLength':
      return `must be at most ${p.limit} characters long`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters long`;
    case 'maximum':
      return `must be at most ${p.limit}`;
    case 'minimum':
      return `must be at least ${p.limit}`;
    case 'maxItems':
      return `must have at most ${p.limit} items`;
    case 'minItems':
      return `must have at least ${p.limit} items`;
    case 'pattern':
      return `has an invalid format (expected to match ${p.pattern})`;
    case 'format':
      return formatDescriptions[String(p.format)] ?? `must be a valid ${p.format}`;
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'additionalProperties':
      return 'is not an allowed field';
    case 'uniqueItems':
      return 'must not contain duplicates';
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * Ajv reports each branch of a union separately. Per field, a union of constants becomes one
 * INVALID_ENUM_VALUE violation naming the allowed values; any other failed union becomes one
 * violation listing what the branches wanted.
 */
export function fieldViolationsFromAjv(errors: readonly ErrorObject[], prefix = ''): FieldViolation[] {
  const unions = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const byField = new Map<string, FieldViolation>();
  const branchesOf = new Map<ErrorObject, ErrorObject[]>();
  const add = (field: string, description: string, violatedRule: ViolatedRule) => {
    if (!byField.has(field)) byField.set(field, { field, description, violatedRule, data: {} });
  };

  for (const error of errors) {
    if (unions.includes(error)) continue;
    const union = unions.find((u) => error.schemaPath.startsWith(`${u.schemaPath}/`));
    if (union) branchesOf.set(union, [...(branchesOf.get(union) ?? []), error]);
    else add(prefix + fieldOf(error), describe(error), ruleByKeyword[error.keyword] ?? 'VALIDATION');
  }

  for (const union of unions) {
    const branches = branchesOf.get(union) ?? [];
    const field = prefix + fieldOf(union);
    const constants = branches
      .filter((e) => e.keyword === 'const')
      .map((e) => (e.params as { allowedValue: unknown }).allowedValue);
    if (constants.length > 0 && constants.length === branches.length) {
      add(field, `must be one of: ${constants.join(', ')}`, 'INVALID_ENUM_VALUE');
    } else {
      add(field, [...new Set(branches.map(describe))].join('; or ') || 'is invalid', 'VALIDATION');
    }
  }
  return [...byField.values()];
}

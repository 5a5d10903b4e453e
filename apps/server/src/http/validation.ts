import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { FieldViolation, ViolatedRule } from '../lib/errors.ts';

/**
 * Request validation: JSON bodies are checked strictly (no type coercion), query strings with
 * coercion ("10" → 10, a single value → a one-element array), both reporting every problem.
 */
export function installValidators(app: FastifyInstance) {
  const strict = withFormats(
    new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: true }),
  );
  const coercing = withFormats(
    new Ajv({ allErrors: true, strict: false, coerceTypes: 'array', useDefaults: true }),
  );
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'querystring' || httpPart === 'params' ? coercing.compile(schema) : strict.compile(schema),
  );
}

function withFormats(ajv: Ajv): Ajv {
  (addFormats as unknown as (ajv: Ajv) => Ajv)(ajv);
  return ajv;
}

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
      return `must be a valid ${p.format}`;
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

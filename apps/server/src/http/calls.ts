import type { Access, CallDefinition, RequestOf, ResponseOf } from '@plaza/contracts';
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { invalidField } from '../lib/errors.ts';
import { prototypeSegments, reachesPrototype, setPath } from '../lib/paths.ts';
import { RawJson, Redirect } from '../lib/raw-json.ts';
import { actingAs } from '../outbox/actor.ts';
import { type Authenticator, authorize, authorizeCached, type Caller } from './access.ts';

export interface CallContext {
  /** Present on every call but `public` ones. */
  caller: Caller;
  requestId: string;
  log: FastifyBaseLogger;
  request: FastifyRequest;
}

export interface PublicCallContext extends Omit<CallContext, 'caller'> {
  caller: Caller | undefined;
}

type Output<C> = ResponseOf<C> | RawJson | Redirect;

export type Handler<C extends CallDefinition> = (
  input: RequestOf<C>,
  context: C['access'] extends 'public' ? PublicCallContext : CallContext,
) => Promise<Output<C>> | Output<C>;

/** A domain's handlers, one per call, keyed by call name and typed by the call's schemas. */
export type Handlers<Calls extends readonly CallDefinition[]> = {
  [Name in Calls[number]['name']]: Handler<Extract<Calls[number], { name: Name }>>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    call?: CallDefinition;
  }
}

export interface CallModule<Calls extends readonly CallDefinition[] = readonly CallDefinition[]> {
  /** Domain name: the OpenAPI tag of its calls. */
  domain: string;
  calls: Calls;
  handlers: Handlers<Calls>;
}

export const callModule = <const Calls extends readonly CallDefinition[]>(
  domain: string,
  calls: Calls,
  handlers: Handlers<Calls>,
): CallModule => ({ domain, calls, handlers }) as unknown as CallModule;

/** `{service.id}` → `:service__id` (Fastify parameter names cannot hold dots). */
const toFastifyPath = (path: string) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => `:${name.replace(/\./g, '__')}`);
const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

function schemaAt(schema: TSchema, path: string): TSchema | undefined {
  let current: TSchema | undefined = schema;
  for (const segment of path.split('.')) current = (current as TObject | undefined)?.properties?.[segment];
  return current;
}

/** Copy of an object schema in which the fields the path supplies are optional. */
function withOptional(schema: TSchema, paths: readonly string[]): TSchema {
  if (paths.length === 0 || schema.type !== 'object' || !schema.properties) return schema;
  const [direct, nested] = [paths.filter((p) => !p.includes('.')), paths.filter((p) => p.includes('.'))];
  const properties: Record<string, TSchema> = { ...schema.properties };
  for (const path of nested) {
    const [head, ...rest] = path.split('.');
    if (properties[head!]) properties[head!] = withOptional(properties[head!]!, [rest.join('.')]);
  }
  const required = (schema.required as string[] | undefined)?.filter(
    (name) => !direct.includes(name) && !nested.some((p) => p.startsWith(`${name}.`)),
  );
  return { ...schema, properties, required: required && required.length > 0 ? required : undefined };
}

/**
 * A GET/DELETE request object arrives flattened into the query string (map 2.3): nested fields as
 * dotted keys, scalar arrays as repeated keys. This builds the flat schema that validates it.
 */
function flatQuerySchema(
  schema: TSchema,
  prefix = '',
  into: Record<string, TSchema> = {},
  required: string[] = [],
): TSchema {
  for (const [name, property] of Object.entries((schema as TObject).properties ?? {})) {
    const key = prefix + name;
    const isRequired = (schema.required as string[] | undefined)?.includes(name) ?? false;
    if (property.type === 'object' && property.properties) {
      flatQuerySchema(property, `${key}.`, into, isRequired ? required : []);
    } else if (property.type === 'array' && (property.items as TSchema | undefined)?.type === 'object') {
      // Arrays of objects cannot travel in a query string; the client drops them.
    } else {
      into[key] = property;
      if (isRequired && prefix === '') required.push(key);
    }
  }
  // A plain JSON schema: TypeBox's Type.Object would recompute `required` from the properties.
  return {
    type: 'object',
    properties: into,
    ...(required.length > 0 ? { required } : {}),
  } as unknown as TSchema;
}

/**
 * The flat schema lets keys it does not describe through (clients may send more than a call reads),
 * so a dotted key is checked here: none may reach the prototype, and none may turn a declared
 * scalar into an object (`clientId.x=1` would hand the handler `{x: '1'}` for a string).
 */
function checkQueryKey(key: string, declared: Record<string, TSchema>) {
  if (reachesPrototype(key)) {
    throw invalidField(key, 'is not an allowed query parameter', 'FIELD_NOT_ALLOWED');
  }
  const segments = key.split('.');
  for (let end = 1; end < segments.length; end++) {
    const field = segments.slice(0, end).join('.');
    const schema = declared[field];
    if (schema && schema.type !== 'object') {
      throw invalidField(
        field,
        `must be a single value, not an object: send ${field}=… rather than ${key}=…`,
      );
    }
  }
}

function unflatten(
  query: Record<string, unknown>,
  declared: Record<string, TSchema>,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key.includes('.') || prototypeSegments.has(key)) checkQueryKey(key, declared);
    setPath(input, key, value);
  }
  return input;
}

function describeCall(call: CallDefinition): string {
  const app = call.app ? ` · app: ${call.app}` : '';
  const aliases =
    call.paths.length > 1
      ? ` · also at ${call.paths
          .slice(1)
          .map((p) => `\`${p}\``)
          .join(', ')}`
      : '';
  return `${call.summary}\n\nAccess: **${call.access}**${app}${aliases}`;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a call's access check (onRequest); a request property rather than a WeakMap entry, per request. */
    plazaCaller: Caller | null;
  }
}

/** Registers every call of `module` under each of its paths, with validation, access and errors. */
export function registerCalls(app: FastifyInstance, module: CallModule, authenticator: Authenticator) {
  if (!app.hasRequestDecorator('plazaCaller')) app.decorateRequest('plazaCaller', null);
  for (const call of module.calls) {
    const handler = (module.handlers as Record<string, Handler<CallDefinition>>)[call.name];
    if (!handler) throw new Error(`No handler for call ${call.name}`);
    call.paths.forEach((path, index) => {
      const params = pathParams(path);
      const paramKeys = params.map((param) => [param, param.replace(/\./g, '__')] as const);
      const requestSchema = withOptional(call.request, params);
      const usesQuery = call.method === 'GET' || call.method === 'DELETE';
      const querySchema = usesQuery ? flatQuerySchema(requestSchema) : undefined;
      const queryFields = (querySchema?.properties ?? {}) as Record<string, TSchema>;
      app.route({
        method: call.method,
        url: toFastifyPath(path),
        config: { call },
        schema: {
          operationId: index === 0 ? call.name : `${call.name}_${index}`,
          summary: call.name,
          description: describeCall(call),
          tags: [module.domain],
          hide: index > 0,
          ...(call.access === 'public' ? {} : { security: [{ accessToken: [] }] }),
          ...(params.length > 0
            ? {
                params: Type.Object(
                  Object.fromEntries(
                    params.map((p) => [p.replace(/\./g, '__'), schemaAt(call.request, p) ?? Type.String()]),
                  ),
                ),
              }
            : {}),
          ...(querySchema ? { querystring: querySchema } : { body: requestSchema }),
          response: { 200: call.response },
        },
        // Credentials are checked before the body is even read: an anonymous caller learns nothing about validation.
        onRequest:
          call.access === 'public'
            ? []
            : [
                // A callback hook: a caller whose token is remembered (every call but a client's first)
                // is settled without a promise; anything else, refusals included, goes to `authorize`.
                (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
                  const access = call.access as Exclude<Access, 'public'>;
                  const header = request.headers.authorization;
                  const known = authorizeCached(authenticator, header, access, call.app);
                  if (known) {
                    request.plazaCaller = known;
                    done();
                    return;
                  }
                  const csrf = request.headers['x-plaza-csrf'];
                  const session = request.headers.cookie
                    ? { cookie: request.headers.cookie, csrf: Array.isArray(csrf) ? csrf[0] : csrf }
                    : undefined;
                  authorize(authenticator, header, access, call.app, session).then((caller) => {
                    request.plazaCaller = caller;
                    done();
                  }, done);
                },
              ],
        // Body calls only, as a callback hook (an async hook costs a promise and a microtask turn per request).
        ...(usesQuery
          ? {}
          : {
              preValidation: (request: FastifyRequest, _reply: unknown, done: () => void) => {
                if (request.body === undefined || request.body === null) request.body = {};
                done();
              },
            }),
        handler: async (request, reply) => {
          const caller = request.plazaCaller ?? undefined;
          const input = usesQuery
            ? unflatten(request.query as Record<string, unknown>, queryFields)
            : (request.body as Record<string, unknown>);
          const routeParams = request.params as Record<string, string>;
          for (const [param, key] of paramKeys) setPath(input, param, routeParams[key]);
          const context = { caller: caller as Caller, requestId: request.id, log: request.log, request };
          // The events the call records name its caller (outbox/actor.ts).
          const output = await actingAs(caller && { type: caller.kind, id: caller.subjectId }, () =>
            handler(input as never, context),
          );
          if (output instanceof RawJson) {
            return reply.type('application/json; charset=utf-8').send(output.text);
          }
          if (output instanceof Redirect) {
            return reply.redirect(output.location, 302);
          }
          return output;
        },
      });
    });
  }
}

/**
 * A call's answer written as its route would write it: the response schema's serializer
 * (fast-json-stringify, with the options app.ts gives Fastify's), so that an answer kept as bytes
 * (RawJson) and sent again is the one the route sends for the same object, key order included.
 */
import { countryFormats } from '@plaza/contracts/countries';
import type { TSchema } from '@sinclair/typebox';
import fastJson from 'fast-json-stringify';

// As http/validation.ts `ownFormats`, which app.ts hands to the response serializer's Ajv.
const formats = Object.fromEntries(
  Object.entries(countryFormats).map(([name, format]) => [name, { type: 'string', validate: format.check }]),
);

/** The serializer of `schema`, compiled once. */
export function schemaSerializer(schema: TSchema): (value: unknown) => string {
  return fastJson(schema as unknown as Parameters<typeof fastJson>[0], {
    ajv: { formats } as never,
  }) as (value: unknown) => string;
}

import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';

/** OpenAPI 3.1 built from the call definitions (canonical paths only) and a reference page at /docs. */
export async function installOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Plaza API',
        version,
        description:
          'Store, bookings, events and paid plans behind one API. Send the access token (or an admin API key) raw in `Authorization`, without `Bearer`. Errors use one envelope: `message` and `details.applicationError` or `details.validationError.fieldViolations`.',
      },
      components: {
        securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    // The API map's {param} names may contain dots; Fastify's are rewritten with "__". Show the map's names.
    transform: ({ schema, url }) => ({
      schema,
      url: url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => `{${name.replace(/__/g, '.')}}`),
    }),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(scalar, {
    routePrefix: '/docs',
    configuration: { url: '/openapi.json', title: 'Plaza API reference' },
  });
}

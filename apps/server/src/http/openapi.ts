import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The reference page's script, from the installed package (never a CDN), under a name that changes
 * with its content, so browsers keep it for a year and an upgrade still reaches them.
 */
function referenceScript() {
  const entry = createRequire(import.meta.url).resolve('@scalar/fastify-api-reference');
  const bytes = readFileSync(join(dirname(entry), 'js', 'standalone.js'));
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return { bytes, path: `/docs/js/scalar-${hash}.js`, hash };
}

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

  const script = referenceScript();
  app.get(script.path, { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(script.bytes),
  );
  // The page is made from its configuration alone: the same server version and script, the same page.
  const pageTag = `"${createHash('sha256').update(`${version}:${script.hash}`).digest('base64url').slice(0, 22)}"`;
  const revalidated = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/docs/js/')) reply.header('cache-control', 'public, max-age=86400');
    if (path !== '/docs' && path !== '/docs/') return done();
    reply.header('cache-control', 'no-cache').header('etag', pageTag);
    const asked = request.headers['if-none-match'];
    if (asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === pageTag)) {
      reply.code(304).send();
      return;
    }
    done();
  };
  await app.register(scalar, {
    routePrefix: '/docs',
    hooks: { onRequest: revalidated },
    configuration: {
      url: '/openapi.json',
      title: 'Plaza API reference',
      cdn: script.path,
      // The default fonts come from fonts.scalar.com; the page uses the system's instead.
      withDefaultFonts: false,
    },
  });
}

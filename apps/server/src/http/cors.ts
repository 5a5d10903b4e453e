import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    corsPreflightEnabled: boolean;
  }
}

export interface CorsOptions {
  /** Whether a browser origin may call the API (answers may come from a short cache). */
  isAllowedOrigin(origin: string): Promise<boolean>;
  methods: readonly string[];
  exposedHeaders: readonly string[];
  /** Seconds a browser may keep a preflight answer. */
  maxAgeSeconds: number;
}

/**
 * CORS as @fastify/cors answers it with a dynamic origin (reflected when allowed, `Vary: Origin` on every
 * answer, strict preflight: 204 with the requested headers allowed, 400 without
 * Access-Control-Request-Method, 404 for a disallowed origin), written for this API's options. The
 * plugin runs its generic machinery on every request (option objects merged, an origin resolver made,
 * the Vary header parsed): ~5% of a small call's time, mostly for requests without an Origin header,
 * which only need `Vary: Origin` (server-side clients, the SDK in Node, the bench).
 */
export function installCors(app: FastifyInstance, options: CorsOptions) {
  const methods = options.methods.join(', ');
  const exposedHeaders = options.exposedHeaders.join(', ');
  const maxAge = String(options.maxAgeSeconds);

  app.decorateRequest('corsPreflightEnabled', false);

  app.addHook('onRequest', (request, reply, done) => {
    addToVary(reply, 'Origin');
    const origin = request.headers.origin;
    if (!origin) {
      done();
      return;
    }
    options.isAllowedOrigin(origin).then(
      (allowed) => {
        if (!allowed) {
          done();
          return;
        }
        reply.header('Access-Control-Allow-Origin', origin);
        reply.header('Access-Control-Expose-Headers', exposedHeaders);
        if (request.raw.method !== 'OPTIONS') {
          done();
          return;
        }
        if (!request.headers['access-control-request-method']) {
          reply.status(400).type('text/plain').send('Invalid Preflight Request');
          return;
        }
        request.corsPreflightEnabled = true;
        reply.header('Access-Control-Allow-Methods', methods);
        addToVary(reply, 'Access-Control-Request-Headers');
        const requested = request.headers['access-control-request-headers'];
        if (requested !== undefined) reply.header('Access-Control-Allow-Headers', requested);
        reply.header('Access-Control-Max-Age', maxAge);
        // Browsers wait for a body without Content-Length: 0 on a 204.
        reply.code(204).header('Content-Length', '0').send();
      },
      (error: Error) => done(error),
    );
  });

  // Preflights are answered by the hook; the route only lets OPTIONS reach it (a disallowed origin: 404).
  app.options('*', { schema: { hide: true } }, (request, reply) => {
    if (!request.corsPreflightEnabled) {
      reply.callNotFound();
      return;
    }
    reply.send();
  });
}

/** Adds `field` to the Vary header unless it, or `*`, is already there. */
function addToVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  if (current === undefined || current === '') {
    reply.header('Vary', field);
    return;
  }
  const text = Array.isArray(current) ? current.join(', ') : String(current);
  const fields = text.split(',').map((name) => name.trim().toLowerCase());
  if (fields.includes('*') || fields.includes(field.toLowerCase())) return;
  reply.header('Vary', `${text}, ${field}`);
}

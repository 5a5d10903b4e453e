import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    corsPreflightEnabled: boolean;
  }
}

export interface CorsOptions {
  /** Whether a preflight from `origin` may proceed (it names no site: any origin some site allows). */
  isKnownOrigin(origin: string): Promise<boolean>;
  /** Whether `origin` may read the answer to `request` (decided by the site the request is for). */
  allowsOrigin(request: FastifyRequest, origin: string): Promise<boolean>;
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
 * which only need `Vary: Origin` (server-side clients, the SDK in Node, the bench). Origins belong to
 * sites: the preflight, which names no site, is let through for any known origin, and the actual answer
 * names the origin only when the request's site allows it (`cors-origins.ts`).
 */
export function installCors(app: FastifyInstance, options: CorsOptions) {
  const methods = options.methods.join(', ');
  const exposedHeaders = options.exposedHeaders.join(', ');
  const maxAge = String(options.maxAgeSeconds);

  app.decorateRequest('corsPreflightEnabled', false);

  app.addHook('onRequest', (request, reply, done) => {
    addToVary(reply, 'Origin');
    const origin = request.headers.origin;
    if (!origin || request.raw.method !== 'OPTIONS') {
      done();
      return;
    }
    options.isKnownOrigin(origin).then(
      (allowed) => {
        if (!allowed) {
          done();
          return;
        }
        if (!request.headers['access-control-request-method']) {
          reply.status(400).type('text/plain').send('Invalid Preflight Request');
          return;
        }
        request.corsPreflightEnabled = true;
        reply.header('Access-Control-Allow-Origin', origin);
        reply.header('Access-Control-Expose-Headers', exposedHeaders);
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

  // The actual request's answer names the origin only once the request's site is known (its caller is
  // resolved during the call), so it is decided as the answer leaves. A callback hook: most requests
  // carry no Origin and pass at once.
  app.addHook('onSend', (request, reply, payload, done) => {
    const origin = request.headers.origin;
    if (!origin || request.corsPreflightEnabled) {
      done(null, payload);
      return;
    }
    options.allowsOrigin(request, origin).then(
      (allowed) => {
        if (allowed) {
          reply.header('Access-Control-Allow-Origin', origin);
          reply.header('Access-Control-Expose-Headers', exposedHeaders);
        }
        done(null, payload);
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

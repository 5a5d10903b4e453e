// The bare twin, run as a child process by twin.ts: a minimal Fastify 5 server (no plugins, logger off)
// with one route that answers the bytes Plaza answered. Told what to serve over IPC; exits with its parent.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { Method } from './scenarios.ts';

export interface TwinSpec {
  method: Method;
  path: string;
  status: number;
  contentType: string;
  bodyBase64: string;
}

export type TwinMessage = { ready: true; port: number } | { ready: false; error: string };

const send = (message: TwinMessage) => process.send?.(message);

if (!process.send) throw new Error('twin-server.ts runs as a child process (fork) of the bench');

// The IPC channel closes when the bench exits or dies: never outlive it.
process.on('disconnect', () => process.exit(0));

process.once('message', (spec: TwinSpec) => {
  start(spec).catch((error: unknown) => {
    send({ ready: false, error: String(error) });
    process.exit(1);
  });
});

async function start(spec: TwinSpec) {
  const body = Buffer.from(spec.bodyBase64, 'base64');
  const app = Fastify({ logger: false });
  app.route({
    method: spec.method,
    // The route matches the path alone (Fastify leaves the query string to the request's `query`).
    url: spec.path.split('?')[0]!,
    handler: (_request, reply) => {
      reply.code(spec.status).type(spec.contentType).send(body);
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  send({ ready: true, port: (app.server.address() as AddressInfo).port });
}

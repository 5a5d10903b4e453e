// The bare twin, run as a child process by twin.ts: a minimal Fastify 5 server (no plugins, logger off)
// with one route that answers the bytes Plaza answered (several answers in turn, for a scenario whose
// request varies: each as large as Plaza's answers to such requests, since it is one of them). Told what to serve over IPC; exits with its parent.
// With `write`, it is the writing twin (twin-write.ts): it commits a stored document's change before answering.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { Method } from './scenarios.ts';
import { type DocumentWrite, startDocumentWrites } from './twin-write.ts';

export interface TwinSpec {
  method: Method;
  path: string;
  status: number;
  contentType: string;
  /** Sent in turn, one per request. */
  bodiesBase64: string[];
  write?: DocumentWrite;
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
  const bodies = spec.bodiesBase64.map((body) => Buffer.from(body, 'base64'));
  let next = 0;
  const body = () => bodies[next++ % bodies.length]!;
  const writes = spec.write ? startDocumentWrites(spec.write) : undefined;
  if (writes) {
    process.on('exit', () => writes.close());
    // twin.ts stops the twin with SIGTERM (and Ctrl-C sends the bench's children SIGINT), which skip
    // 'exit' handlers unless one exits on them.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0));
  }
  const app = Fastify({ logger: false });
  app.route({
    method: spec.method,
    // The route matches the path alone (Fastify leaves the query string to the request's `query`).
    url: spec.path.split('?')[0]!,
    handler: writes
      ? (_request, reply) => {
          writes.commit().then(
            () => reply.code(spec.status).type(spec.contentType).send(body()),
            (error: unknown) => reply.code(500).send(String(error)),
          );
        }
      : (_request, reply) => {
          reply.code(spec.status).type(spec.contentType).send(body());
        },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  send({ ready: true, port: (app.server.address() as AddressInfo).port });
}

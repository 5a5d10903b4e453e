import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
}

/**
 * A webhook receiver on 127.0.0.1 (the only host tests ever call): records every request and answers
 * what `answer` says; `'hang'` never answers.
 */
export async function startReceiver(
  answer: (request: Received, index: number) => number | 'hang' = () => 200,
) {
  const received: Received[] = [];
  const server = createServer((request, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const entry = { headers: request.headers, body, json: JSON.parse(body) };
      received.push(entry);
      const status = answer(entry, received.length - 1);
      if (status === 'hang') return;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(`answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The settings that let tests' endpoints be plain http on loopback, with a short timeout. */
export const receiverEnv = {
  WEBHOOKS_ALLOW_HTTP: 'true',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  WEBHOOKS_TIMEOUT_MS: '300',
};

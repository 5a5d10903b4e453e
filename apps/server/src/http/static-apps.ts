import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { serverDir } from '../paths.ts';

export const hostedDist = join(serverDir, '../hosted/dist/');

/**
 * Serves the hosted pages' build under /hosted/: hashed assets cached for a year, every other
 * path answered with index.html so the SPA's router takes over.
 */
export async function installHostedPages(app: FastifyInstance, dist = hostedDist) {
  const built = existsSync(`${dist}index.html`);
  if (built) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/hosted/',
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (response, path) => {
        response.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.get('/hosted/*', { schema: { hide: true } }, (_request, reply) => {
    if (!built) {
      throw new AppError(
        503,
        'HOSTED_PAGES_NOT_BUILT',
        'The hosted pages are not built',
        'Run `npm run build -w @plaza/hosted` (npm start does it when they are missing).',
      );
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', dist, { cacheControl: false });
  });
}

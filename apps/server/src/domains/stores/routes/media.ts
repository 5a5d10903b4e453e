import type { FastifyInstance } from 'fastify';
import { storesErrors } from '../errors.ts';
import type { MediaStorage } from '../media-storage.ts';

/**
 * Public, cacheable catalog images: `GET /media/{siteId}/{file}`. File names are content hashes,
 * so answers never change; SVGs are sandboxed so they cannot run scripts.
 */
export function installMediaRoute(app: FastifyInstance, storage: MediaStorage) {
  app.get<{ Params: { siteId: string; file: string } }>(
    '/media/:siteId/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { siteId, file } = request.params;
      const found = await storage.read(siteId, file);
      if (!found) throw storesErrors.mediaNotFound(file);
      return reply
        .header('content-type', found.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(found.bytes);
    },
  );
}

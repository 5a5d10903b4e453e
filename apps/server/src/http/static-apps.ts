import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { serverDir } from '../paths.ts';

export const hostedDist = join(serverDir, '../hosted/dist/');

export const dashboardDist = join(serverDir, '../dashboard/dist/');

/**
 * Serves the hosted pages' build under /hosted/: hashed assets cached for a year, every other
 * path answered with index.html so the SPA's router takes over.
 */
export async function installHostedPages(app: FastifyInstance, dist = hostedDist) {
  await installSpa(app, {
    dist,
    prefix: '/hosted/',
    code: 'HOSTED_PAGES_NOT_BUILT',
    message: 'The hosted pages are not built',
    build: 'Run `npm run build -w @plaza/hosted` (npm start does it when they are missing).',
  });
}

/**
 * Serves the owner dashboard's build under /dashboard/ the same way; /dashboard/api/ holds its
 * session calls, so an unknown path there is a 404, not the app shell.
 */
export async function installDashboardPages(app: FastifyInstance, dist = dashboardDist) {
  app.all('/dashboard/api/*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
  await installSpa(app, {
    dist,
    prefix: '/dashboard/',
    code: 'DASHBOARD_NOT_BUILT',
    message: 'The dashboard is not built',
    build: 'Run `npm run build -w @plaza/dashboard`.',
    bare: true,
  });
}

async function installSpa(
  app: FastifyInstance,
  spa: {
    dist: string;
    prefix: string;
    code: string;
    message: string;
    build: string;
    /** Also answer the prefix without its slash (the router ignores trailing slashes, so one route serves both). */
    bare?: boolean;
  },
) {
  const { dist, prefix } = spa;
  const built = existsSync(`${dist}index.html`);
  if (built) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix,
      wildcard: false,
      index: false,
      cacheControl: false,
      // One app decorates the reply with sendFile; the other uses it.
      decorateReply: !app.hasReplyDecorator('sendFile'),
      setHeaders: (response, path) => {
        response.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const shell = (_request: FastifyRequest, reply: FastifyReply) => {
    if (!built) throw new AppError(503, spa.code, spa.message, spa.build);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', dist, { cacheControl: false });
  };
  app.get(`${prefix}*`, { schema: { hide: true } }, shell);
  if (spa.bare) app.get(prefix.slice(0, -1), { schema: { hide: true } }, shell);
}

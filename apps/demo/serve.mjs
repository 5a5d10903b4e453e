// Serves the demo storefront's build (apps/demo/dist) as a single-page app on its own origin.
// `npm start` builds it on the first start (scripts/start.mjs); after changing apps/demo/.env,
// build again. Until a build exists, a placeholder page says how to make one.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const port = Number(process.env.DEMO_PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const dist = resolve(here, 'dist');
const api = process.env.VITE_PLAZA_API_URL ?? 'http://localhost:4000';

const built = existsSync(join(dist, 'index.html'));

const placeholder = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Plaza demo site</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1d2433; background: #f6f7fb; }
      main { max-width: 40rem; margin: 12vh auto; margin-inline: max(1rem, calc((100% - 44rem) / 2)); padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px #0001; }
      h1 { margin-top: 0; font-size: 1.6rem; }
      code { background: #eef1f7; padding: 0.1rem 0.35rem; border-radius: 4px; }
      a { color: #3a5bd9; }
    </style>
  </head>
  <body>
    <main>
      <h1>Plaza demo site</h1>
      <p>The storefront is not built yet. Build it with <code>npm run build -w @plaza/demo</code> and restart.</p>
      <p>The platform: <a href="${api}/docs">API reference</a> · <a href="${api}/healthz">health</a></p>
    </main>
  </body>
</html>`;

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

const server = createServer((request, response) => {
  if (!built) {
    response.writeHead(200, { 'content-type': types['.html'], 'cache-control': 'no-cache' }).end(placeholder);
    return;
  }
  let path;
  try {
    path = decodeURIComponent(new URL(request.url ?? '/', 'http://demo').pathname);
  } catch {
    response.writeHead(400).end();
    return;
  }
  let file = normalize(join(dist, path));
  if (!file.startsWith(dist) || path.startsWith('/.vite/')) {
    response.writeHead(404).end();
    return;
  }
  // Unknown paths are routes of the app: index.html (missing files under /assets are real 404s).
  if (!existsSync(file) || statSync(file).isDirectory()) {
    if (path.startsWith('/assets/')) {
      response.writeHead(404).end();
      return;
    }
    file = join(dist, 'index.html');
  }
  const immutable = file.startsWith(join(dist, 'assets'));
  response.writeHead(200, {
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  response.end(readFileSync(file));
});

server.listen(port, host, () => console.log(`Demo site        http://localhost:${port}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

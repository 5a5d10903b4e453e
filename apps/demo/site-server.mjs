// The demo storefront's build served as a single-page app on its own origin (serve.mjs, and the e2e
// tests). Its page names the Plaza server it talks to (`<meta name="plaza-api-url">`, read first by
// src/config.ts): the one `npm start` runs, at whatever port, without building the demo again.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES = {
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

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg']);
/** Smaller files are sent as they are: compressing them saves less than it costs. */
const THRESHOLD = 1024;

/** brotli or gzip as `accept-encoding` prefers (brotli on a tie), honouring q-values; else undefined. */
export function negotiate(header) {
  if (!header) return undefined;
  const q = { br: -1, gzip: -1, '*': -1 };
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const key = name.trim().toLowerCase();
    if (!(key in q)) continue;
    const given = params.map((p) => p.split('=')).find(([k]) => k.trim().toLowerCase() === 'q');
    q[key] = given ? Number(given[1]) || 0 : 1;
  }
  const br = q.br < 0 ? q['*'] : q.br;
  const gzip = q.gzip < 0 ? q['*'] : q.gzip;
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * A file's or page's bytes with their compressed forms (made once: the build does not change while
 * served) and a validator.
 */
function representation(bytes, extension) {
  const compressible = COMPRESSIBLE.has(extension) && bytes.length >= THRESHOLD;
  return {
    identity: bytes,
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`,
    br: compressible
      ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : undefined,
    gzip: compressible ? gzipSync(bytes, { level: 9 }) : undefined,
  };
}

function sendRepresentation(request, response, headers, body) {
  const vary = body.br ? { vary: 'Accept-Encoding' } : {};
  // Weak: one validator names the file in any of its encodings.
  const etag = `W/${body.etag}`;
  const asked = request.headers['if-none-match'];
  if (asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag)) {
    response.writeHead(304, { etag, 'cache-control': headers['cache-control'], ...vary }).end();
    return;
  }
  const encoding = body.br ? negotiate(request.headers['accept-encoding']) : undefined;
  const bytes = encoding ? body[encoding] : body.identity;
  response.writeHead(200, {
    ...headers,
    ...vary,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    etag,
    'content-length': bytes.length,
    'x-content-type-options': 'nosniff',
  });
  response.end(request.method === 'HEAD' ? undefined : bytes);
}

const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/**
 * The Plaza server `env` (serve.mjs's environment) names: its API URL, else its public URL, else its
 * port; undefined when it names none, and the build's own setting stands.
 */
export function apiUrlOf(env) {
  const port = env.PORT?.trim();
  const url =
    env.VITE_PLAZA_API_URL?.trim() || env.PUBLIC_URL?.trim() || (port && `http://localhost:${port}`);
  return url ? url.replace(/\/+$/, '') : undefined;
}

const placeholder = (apiUrl = 'http://localhost:4000') => `<!doctype html>
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
      <p>The platform: <a href="${escapeHtml(apiUrl)}/docs">API reference</a> · <a href="${escapeHtml(apiUrl)}/healthz">health</a></p>
    </main>
  </body>
</html>`;

/**
 * Serves `dist` (a Vite build of the demo), naming `apiUrl` (when given) in its page; unknown paths
 * are routes of the app (index.html), missing files under /assets are real 404s. Until a build
 * exists, a placeholder page says how to make one.
 */
export function createSiteServer({ dist, apiUrl }) {
  const root = resolve(dist);
  const indexFile = join(root, 'index.html');
  const built = existsSync(indexFile);
  const index = built ? readFileSync(indexFile, 'utf8') : '';
  const meta = apiUrl && `<head>\n    <meta name="plaza-api-url" content="${escapeHtml(apiUrl)}" />`;
  const page = representation(
    Buffer.from(!built ? placeholder(apiUrl) : meta ? index.replace('<head>', meta) : index),
    '.html',
  );
  const html = {
    'content-type': TYPES['.html'],
    'cache-control': 'no-cache',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  const files = new Map();
  const fileAt = (file) => {
    const { mtimeMs } = statSync(file);
    const kept = files.get(file);
    if (kept?.mtimeMs === mtimeMs) return kept.body;
    const body = representation(readFileSync(file), extname(file));
    files.set(file, { mtimeMs, body });
    return body;
  };

  return createServer((request, response) => {
    if (!built) {
      sendRepresentation(request, response, html, page);
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://demo').pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const file = normalize(join(root, path));
    // Build metadata (Vite's manifest) is no page of the site.
    if (!file.startsWith(root + sep) || relative(root, file).split(sep)[0] === '.vite') {
      response.writeHead(404).end();
      return;
    }
    if (file === indexFile || !existsSync(file) || statSync(file).isDirectory()) {
      if (path.startsWith('/assets/')) {
        response.writeHead(404).end();
        return;
      }
      sendRepresentation(request, response, html, page);
      return;
    }
    const immutable = file.startsWith(join(root, 'assets'));
    sendRepresentation(
      request,
      response,
      {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
      fileAt(file),
    );
  });
}

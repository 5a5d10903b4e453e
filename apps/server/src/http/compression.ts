import type { Readable } from 'node:stream';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type InputType } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|yaml)|image\/svg\+xml)/;

/** Brotli at 4 compresses text about as fast as gzip at 6 and smaller; answers made per request use it. */
const FAST = {
  br: {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  },
  gzip: { level: 6 },
};
/** Answers compressed once and kept (files, shared list pages) are worth a slower, smaller pass. */
const KEPT = {
  br: {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  },
  gzip: { level: 9 },
};

/** Below this, compressing on the event loop costs less than a hop to the thread pool. */
const SYNC_LIMIT = 32 * 1024;
/** Compressed files kept by URL: a build's few assets and the API reference's script. */
const MAX_KEPT_FILES = 200;

/**
 * The encoding `accept-encoding` prefers among brotli and gzip (brotli on a tie), or undefined.
 * q-values are honoured; `*` stands for either one not named.
 */
export function negotiate(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  let br = -1;
  let gz = -1;
  let any = -1;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value) || 0;
    }
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gz = q;
    else if (name === '*') any = q;
  }
  if (br < 0) br = any;
  if (gz < 0) gz = any;
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}

function compressSync(encoding: Encoding, input: InputType): Buffer {
  return encoding === 'br' ? brotliCompressSync(input, FAST.br) : gzipSync(input, FAST.gzip);
}

function compress(encoding: Encoding, input: InputType, kept: boolean): Promise<Buffer> {
  const options = kept ? KEPT : FAST;
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === 'br') brotliCompress(input, options.br, done);
    else gzip(input, options.gzip, done);
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

type Kept = Partial<Record<Encoding, Promise<Buffer>>>;

export interface CompressionOptions {
  /** Answers smaller than this many bytes go out as they are. */
  threshold?: number;
  /**
   * The least size of an answer compressed afresh for its request (one not kept): a 2 KB cart
   * compressed per request cost a fifth to a third of the call's throughput to save about 1 KB,
   * under one TCP segment.
   */
  perRequestThreshold?: number;
}

/**
 * gzip and brotli for text answers (HTML, JS, CSS, JSON, SVG) of at least `threshold` bytes, by the
 * client's Accept-Encoding, with `Vary: Accept-Encoding`. Small answers (most API answers) pass
 * with a few checks: on them compression costs more time than the bytes it saves.
 *
 * What is sent again and again is compressed once: an answer buffer the read cache hands out again
 * (raw-json.ts's list pages) by identity, and a file with a public cache lifetime by URL.
 */
export function installCompression(app: FastifyInstance, options: CompressionOptions = {}) {
  const threshold = options.threshold ?? 1024;
  const perRequestThreshold = Math.max(threshold, options.perRequestThreshold ?? 4096);
  const byBuffer = new WeakMap<Buffer, Kept>();
  const byUrl = new Map<string, { etag: unknown; kept: Kept }>();

  function keptFor(request: FastifyRequest, reply: FastifyReply, payload: unknown): Kept | undefined {
    // Only a buffer seen before is worth keeping: most are made for one answer.
    if (Buffer.isBuffer(payload)) {
      const kept = byBuffer.get(payload);
      if (!kept) byBuffer.set(payload, {});
      return kept;
    }
    const cacheControl = reply.getHeader('cache-control');
    if (typeof cacheControl !== 'string' || !cacheControl.startsWith('public')) return undefined;
    const etag = reply.getHeader('etag');
    const hit = byUrl.get(request.url);
    if (hit && hit.etag === etag) return hit.kept;
    if (byUrl.size >= MAX_KEPT_FILES) byUrl.clear();
    const entry = { etag, kept: {} };
    byUrl.set(request.url, entry);
    return entry.kept;
  }

  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    if (payload === null || payload === undefined || request.method === 'OPTIONS') return done(null, payload);
    const isStream = typeof (payload as Readable).pipe === 'function';
    const size = isStream
      ? Number(reply.getHeader('content-length') ?? Number.POSITIVE_INFINITY)
      : (payload as string | Buffer).length;
    if (size < threshold) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return done(null, payload);
    if (reply.statusCode === 204 || reply.statusCode === 304 || reply.hasHeader('content-encoding'))
      return done(null, payload);

    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'Accept-Encoding');
    else if (!/accept-encoding|\*/i.test(String(vary))) reply.header('vary', `${vary}, Accept-Encoding`);

    const encoding = negotiate(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const kept = keptFor(request, reply, payload);
    if (!kept && !isStream && size < perRequestThreshold) return done(null, payload);

    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    // The same ETag must not name two byte sequences; a weak one still revalidates the file.
    const etag = reply.getHeader('etag');
    if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);

    if (!kept && !isStream && size <= SYNC_LIMIT) {
      try {
        return done(null, compressSync(encoding, payload as string | Buffer));
      } catch {
        reply.removeHeader('content-encoding');
        return done(null, payload);
      }
    }
    const input = isStream ? readAll(payload as Readable) : Promise.resolve(payload as string | Buffer);
    let compressed = kept?.[encoding];
    if (!compressed) {
      compressed = input.then((bytes) => compress(encoding, bytes, kept !== undefined));
      // A failure is not kept: the next request tries again.
      if (kept) {
        kept[encoding] = compressed;
        compressed.catch(() => {
          delete kept[encoding];
        });
      }
    } else if (isStream) (payload as Readable).resume();
    compressed.then(
      (bytes) => done(null, bytes),
      (error: Error) => {
        // Sent as it is rather than lost; a file that could not be read is a real failure.
        reply.removeHeader('content-encoding');
        if (isStream) done(error);
        else done(null, payload);
      },
    );
  };

  // Per route, after the hooks installed before it (security-headers.ts reads pages uncompressed).
  app.addHook('onRoute', (route) => {
    const own = route.onSend;
    route.onSend = [...(own ? (Array.isArray(own) ? own : [own]) : []), onSend];
  });
}

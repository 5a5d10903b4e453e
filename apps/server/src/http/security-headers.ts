import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { findClient } from '../domains/identity/index.ts';
import type { RedirectsDeps } from '../domains/redirects/index.ts';

/** The origins that may frame the hosted page of redirect session `sessionId`; none for most. */
export type FramingOrigins = (sessionId: string) => Promise<readonly string[]>;

export interface SecurityHeadersOptions {
  /** Who may frame `/hosted/auth?session=…`: the OAuth client's origins for a web_message session. */
  framingOrigins: FramingOrigins;
}

const COMMON = [
  "default-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "font-src 'self' data:",
  "connect-src 'self'",
  // Line items may show images from any host the catalog names.
  'img-src * data: blob:',
];

/** Vite's build: one module script and stylesheets, nothing inline. */
const HOSTED_POLICY = [...COMMON, "script-src 'self'", "style-src 'self'"].join('; ');

/**
 * The API reference starts itself with one inline script (allowed by its hash) and styles its
 * components at run time with inline <style> elements.
 */
const docsPolicy = (scriptHashes: string[]) =>
  [
    ...COMMON,
    `script-src 'self' ${scriptHashes.map((hash) => `'sha256-${hash}'`).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "worker-src 'self' blob:",
  ].join('; ');

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** sha256 (base64) of each inline script of `html`, as a CSP source expression wants them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((match) =>
    createHash('sha256')
      .update(match[1] ?? '')
      .digest('base64'),
  );
}

/** A plain origin only: anything else could break out of the header. */
const SAFE_ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(?::\d+)?$/;

const isPageRoute = (url: string) =>
  url.startsWith('/hosted') || url.startsWith('/docs') || url.startsWith('/dashboard');

/**
 * Security headers on the pages the server serves (the hosted pages under /hosted/, the API
 * reference under /docs): a content security policy, `nosniff`, a referrer policy, and framing.
 * Hosted pages (sign-in, checkout…) are framed by no one: a framed sign-in invites clickjacking.
 * The one exception is the page of a direct login (`responseMode: web_message`, loaded in a hidden
 * iframe by the client): only that OAuth client's allowed origins may frame it.
 *
 * Attached per route (onRoute), so API calls do not pay for them; install before any page route
 * and before compression, whose hook must run after this one reads the page.
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  let docsPage: { html: string; policy: string } | undefined;

  async function frameAncestors(request: FastifyRequest): Promise<string> {
    const [path, search = ''] = request.url.split('?');
    if (path !== '/hosted/auth' && path !== '/hosted/auth/') return "'none'";
    const sessionId = new URLSearchParams(search).get('session');
    if (!sessionId) return "'none'";
    const origins = (await options.framingOrigins(sessionId).catch(() => [])).filter((origin) =>
      SAFE_ORIGIN.test(origin),
    );
    return origins.length > 0 ? origins.join(' ') : "'none'";
  }

  const onSend: onSendHookHandler = async (request: FastifyRequest, reply: FastifyReply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    const isDocs = request.url.startsWith('/docs');
    // A 304 carries no page to hash; the browser keeps the headers it has.
    if (isDocs && typeof payload !== 'string') return payload;
    let policy = HOSTED_POLICY;
    if (isDocs) {
      const html = payload as string;
      if (docsPage?.html !== html) docsPage = { html, policy: docsPolicy(inlineScriptHashes(html)) };
      policy = docsPage.policy;
    }
    const ancestors = isDocs ? "'none'" : await frameAncestors(request);
    reply.header('content-security-policy', `${policy}; frame-ancestors ${ancestors}`);
    // X-Frame-Options cannot name origins: only sent where no one may frame the page.
    if (ancestors === "'none'") reply.header('x-frame-options', 'DENY');
    // Hosted page URLs carry session ids: they are not sent on to other sites.
    reply.header('referrer-policy', isDocs ? 'strict-origin-when-cross-origin' : 'no-referrer');
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!isPageRoute(route.url)) return;
    const own = route.onSend;
    route.onSend = [...(own ? (Array.isArray(own) ? own : [own]) : []), onSend];
  });
}

/**
 * Framing origins of a redirect session: its OAuth client's allowed origins when it answers by
 * web_message and is still open, none otherwise.
 */
export function redirectSessionFramers(redirects: RedirectsDeps): FramingOrigins {
  return async (sessionId) => {
    const session = await redirects.store.get(sessionId);
    const auth = session?.request.auth;
    if (!session || session.completedDate || auth?.responseMode !== 'web_message') return [];
    const client = await findClient(redirects.identity, auth.clientId, session.siteId);
    return client?.allowedOrigins ?? [];
  };
}

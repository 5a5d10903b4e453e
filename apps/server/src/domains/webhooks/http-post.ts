/**
 * One POST to an endpoint, on node:http rather than fetch: its `lookup` hook lets the address check run
 * on the very answer the socket connects to (url-guard.ts), and nothing follows a redirect.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../../lib/private-address.ts';
import { guardedLookup, type UrlPolicy, urlProblem } from './url-guard.ts';

export const EXCERPT_LENGTH = 1000;
/** Read no more of an answer than this: the excerpt is all that is kept. */
const READ_LIMIT = 64 * 1024;

export interface PostOutcome {
  statusCode?: number;
  responseExcerpt?: string;
  error?: string;
}

export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { policy: UrlPolicy; timeoutMs: number },
): Promise<PostOutcome> {
  const problem = urlProblem(url, options.policy);
  if (problem) return Promise.resolve({ error: `The URL ${problem}` });
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // An IP literal connects without a lookup: checked here instead.
  if (!options.policy.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host))
    return Promise.resolve({ error: `${host} is a non-public address` });

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup: guardedLookup(options.policy) as never,
        agent: false,
      },
      (response) => {
        let excerpt = '';
        let read = 0;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (excerpt.length < EXCERPT_LENGTH) excerpt += chunk;
          read += chunk.length;
          if (read > READ_LIMIT) response.destroy();
        });
        const done = () =>
          finish({ statusCode: response.statusCode ?? 0, responseExcerpt: excerpt.slice(0, EXCERPT_LENGTH) });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ error: `No answer within ${options.timeoutMs} ms` });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => finish({ error: error.message || String(error) }));
    request.end(body);
  });
}

/**
 * Checks that a webhook request comes from Plaza, on Web Crypto (Node 20, browsers, edge runtimes).
 *
 * @example Express: the raw body is what was signed, so read it raw.
 * ```ts
 * import express from 'express';
 * import { verifyWebhook, WebhookVerificationError } from '@plaza/sdk';
 *
 * const app = express();
 * app.post('/hooks', express.raw({ type: 'application/json' }), async (req, res) => {
 *   try {
 *     const event = await verifyWebhook(req.body.toString('utf8'), req.headers, { secret: process.env.PLAZA_WEBHOOK_SECRET });
 *     if (event.data.slug === 'paid') await markPaid(event.data.entityId); // skip event.id seen before
 *     res.sendStatus(200);
 *   } catch (error) {
 *     res.sendStatus(error instanceof WebhookVerificationError ? 400 : 500);
 *   }
 * });
 * ```
 * With Fastify, keep the body as a string (`addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body))`)
 * and pass `request.body` and `request.headers` the same way. Without a shared secret, pass `jwks` (the
 * platform's `GET /oauth2/jwks`, fetched once and kept) to check the `Plaza-Jws` header instead.
 */
import { decodeBase64Url, encodeBase64Url } from '../core/base64url.ts';

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** A public key of the platform's JWKS. */
export interface WebhookJwk {
  kty: string;
  kid?: string;
  crv?: string;
  x?: string;
  y?: string;
  alg?: string;
}

export interface VerifyWebhookOptions {
  /** The endpoint's signing secret (`whsec_…`): checks `Plaza-Signature`. */
  secret?: string | undefined;
  /** The platform's JWKS (`GET /oauth2/jwks`): checks `Plaza-Jws`. */
  jwks?: { keys: WebhookJwk[] } | undefined;
  /** How old (or how far ahead) the signature's time may be; 300 seconds by default. */
  toleranceSeconds?: number;
  /** Now, in milliseconds since the epoch (tests); the clock by default. */
  now?: number;
}

/** The body Plaza sends (see the server's webhooks domain): the envelope of the official packages. */
export interface WebhookEvent<Entity = Record<string, unknown>> {
  id: string;
  eventType: string;
  instanceId: string;
  identity: { identityType: 'UNKNOWN' | 'ANONYMOUS_VISITOR' | 'MEMBER' | 'WIX_USER' | 'APP' };
  data: {
    id: string;
    entityFqdn: string;
    slug: string;
    entityId: string;
    eventTime: string;
    entityEventSequence?: string;
    revision?: string;
    createdEvent?: { entity: Entity };
    updatedEvent?: { currentEntity: Entity };
    deletedEvent?: { deletedEntity: { id: string; revision: string } };
    actionEvent?: { body: { entity?: Entity } & Record<string, unknown> };
  };
}

type HeaderBag = Record<string, string | string[] | undefined> | { get(name: string): string | null };

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function')
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const value = bag[name] ?? Object.entries(bag).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : value;
}

const bytes = (text: string) => new TextEncoder().encode(text);

/** Compares in a time that does not depend on where the texts differ. */
function equalInConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

function checkTime(timestamp: number, options: VerifyWebhookOptions) {
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  if (!Number.isSafeInteger(timestamp) || Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300))
    throw new WebhookVerificationError('The signature is too old or from the future: a replayed request?');
}

async function checkHmac(
  body: string,
  signature: string | undefined,
  secret: string,
  options: VerifyWebhookOptions,
) {
  const parts = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature ?? '');
  if (!parts) throw new WebhookVerificationError('Missing or malformed Plaza-Signature header');
  const timestamp = Number(parts[1]);
  const key = await crypto.subtle.importKey('raw', bytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, bytes(`${timestamp}.${body}`)));
  const expected = Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
  if (!equalInConstantTime(expected, parts[2]!))
    throw new WebhookVerificationError('The signature does not match');
  checkTime(timestamp, options);
}

async function checkJws(
  body: string,
  jws: string | undefined,
  jwks: { keys: WebhookJwk[] },
  options: VerifyWebhookOptions,
) {
  const [encodedHeader, payload, signature] = (jws ?? '').split('.');
  if (!encodedHeader || payload !== '' || !signature)
    throw new WebhookVerificationError('Missing or malformed Plaza-Jws header');
  let protectedHeader: { alg?: string; kid?: string; t?: number };
  try {
    protectedHeader = JSON.parse(new TextDecoder().decode(decodeBase64Url(encodedHeader)));
  } catch {
    throw new WebhookVerificationError('Malformed Plaza-Jws header');
  }
  const jwk = jwks.keys.find((k) => k.kid === protectedHeader.kid);
  if (protectedHeader.alg !== 'ES256' || !jwk) throw new WebhookVerificationError('Unknown signing key');
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } as never,
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const input = bytes(`${encodedHeader}.${encodeBase64Url(bytes(body))}`);
  const valid = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    decodeBase64Url(signature) as Uint8Array<ArrayBuffer>,
    input,
  );
  if (!valid) throw new WebhookVerificationError('The signature does not match');
  checkTime(Number(protectedHeader.t), options);
}

/**
 * Checks a delivery's signature (`Plaza-Signature` with `secret`, `Plaza-Jws` with `jwks`, both when
 * both are given) and its time, and answers the parsed event. Throws `WebhookVerificationError`.
 * `body` is the request body exactly as received.
 */
export async function verifyWebhook(
  body: string,
  headers: HeaderBag,
  options: VerifyWebhookOptions,
): Promise<WebhookEvent> {
  if (!options.secret && !options.jwks)
    throw new WebhookVerificationError('Give a secret or a JWKS to check against');
  if (options.secret) await checkHmac(body, header(headers, 'plaza-signature'), options.secret, options);
  if (options.jwks) await checkJws(body, header(headers, 'plaza-jws'), options.jwks, options);
  return JSON.parse(body) as WebhookEvent;
}

import { createHmac } from 'node:crypto';
import { CompactSign, exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../src/index.ts';

const secret = 'whsec_test-secret';
const body = JSON.stringify({
  id: 'e1',
  eventType: 'plaza.v1.order_paid',
  data: { slug: 'paid', entityId: 'o1' },
});
const now = Date.parse('2026-03-01T12:00:00Z');
const t = Math.floor(now / 1000);
const hmac = (text: string, at = t, key = secret) =>
  `t=${at},v1=${createHmac('sha256', key).update(`${at}.${text}`).digest('hex')}`;

describe('verifyWebhook', () => {
  it('answers the event when the HMAC signature matches and is recent', async () => {
    const event = await verifyWebhook(body, { 'plaza-signature': hmac(body) }, { secret, now });
    expect(event.data).toMatchObject({ slug: 'paid', entityId: 'o1' });
    // Headers objects (fetch, edge runtimes) work too.
    const headers = new Headers({ 'Plaza-Signature': hmac(body) });
    await expect(verifyWebhook(body, headers, { secret, now })).resolves.toMatchObject({ id: 'e1' });
  });

  it.each([
    ['another body', hmac(`${body} `)],
    ['another secret', hmac(body, t, 'whsec_other')],
    ['an old signature (a replay)', hmac(body, t - 301)],
    ['a signature from the future', hmac(body, t + 301)],
    ['no signature', undefined],
    ['a malformed header', 'v1=abc'],
  ])('refuses %s', async (_name, signature) => {
    const headers = signature === undefined ? {} : { 'plaza-signature': signature };
    await expect(verifyWebhook(body, headers, { secret, now })).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
  });

  it('checks the detached JWS against a JWKS', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' }] } as never;
    const sign = async (text: string, at = t) => {
      const [h, , s] = (
        await new CompactSign(new TextEncoder().encode(text))
          .setProtectedHeader({ alg: 'ES256', kid: 'k1', t: at })
          .sign(privateKey)
      ).split('.');
      return `${h}..${s}`;
    };
    await expect(
      verifyWebhook(body, { 'plaza-jws': await sign(body) }, { jwks, now }),
    ).resolves.toMatchObject({
      id: 'e1',
    });
    for (const headers of [
      { 'plaza-jws': await sign(`${body} `) },
      { 'plaza-jws': await sign(body, t - 600) },
      {},
    ])
      await expect(verifyWebhook(body, headers, { jwks, now })).rejects.toBeInstanceOf(
        WebhookVerificationError,
      );
  });
});

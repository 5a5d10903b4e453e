import { getSiteIdFromToken } from '@plaza/sdk';
import { describe, expect, it, vi } from 'vitest';
import { readSiteId } from './site-id.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (data: unknown) =>
  `OauthNG.JWS.${b64({ alg: 'HS256' })}.${b64({ data: JSON.stringify(data) })}.sig`;

describe('site id from the access token', () => {
  it('reads instance.metaSiteId', () => {
    const log = vi.fn();
    expect(readSiteId(token({ instance: { metaSiteId: 'site-1' } }), getSiteIdFromToken, log)).toBe('site-1');
    expect(log).not.toHaveBeenCalled();
  });

  it.each([
    ['not a token'],
    [''],
    [undefined],
    [token({ instance: {} })],
  ])('logs and yields null for %j', (bad) => {
    const log = vi.fn();
    expect(readSiteId(bad, getSiteIdFromToken, log)).toBeNull();
    expect(log).toHaveBeenCalledWith('Error getting meta site ID', expect.any(Error));
  });
});

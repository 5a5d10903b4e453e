import { describe, expect, it } from 'vitest';
import { encodeBase64Url } from '../src/core/base64url.ts';
import { getSiteIdFromToken, InvalidTokenError, parseAccessToken } from '../src/index.ts';

const part = (value: unknown) => encodeBase64Url(new TextEncoder().encode(JSON.stringify(value)));
const payload = {
  data: JSON.stringify({ instance: { metaSiteId: 'site-1', siteMemberId: 'm' } }),
  iat: 1,
  exp: 14401,
};
const jws = `${part({ kid: 'k', alg: 'ES256' })}.${part(payload)}.signature`;

describe('parseAccessToken (seed section 5)', () => {
  it('strips the OauthNG.JWS. prefix and decodes the payload', () => {
    expect(parseAccessToken(`OauthNG.JWS.${jws}`)).toEqual(payload);
    expect(parseAccessToken(jws)).toEqual(payload);
  });

  it('refuses anything that is not a string', () => {
    expect(() => parseAccessToken(42)).toThrow(InvalidTokenError);
    expect(() => parseAccessToken(undefined)).toThrow('must be a string');
  });

  it('refuses a payload that is not base64url JSON, or is missing', () => {
    expect(() => parseAccessToken('OauthNG.JWS.header')).toThrow('missing part #2');
    expect(() => parseAccessToken('OauthNG.JWS.a.!!!.c')).toThrow(InvalidTokenError);
    expect(() => parseAccessToken(`a.${encodeBase64Url(new TextEncoder().encode('not json'))}.c`)).toThrow(
      InvalidTokenError,
    );
    expect(() => parseAccessToken(`a.${part([1, 2])}.c`)).toThrow('not a JSON object');
  });
});

describe('getSiteIdFromToken', () => {
  it('reads instance.metaSiteId from the JSON string in payload.data', () => {
    expect(getSiteIdFromToken(`OauthNG.JWS.${jws}`)).toBe('site-1');
  });

  it('refuses a token without a site id', () => {
    expect(() => getSiteIdFromToken(`x.${part({ data: '{"instance":{}}' })}.y`)).toThrow(
      'no instance.metaSiteId',
    );
    expect(() => getSiteIdFromToken(`x.${part({ data: 'nope' })}.y`)).toThrow('payload data is not JSON');
  });
});

import { describe, expect, it } from 'vitest';
import { createCodeChallenge, generateCodeVerifier, generateState, OAuthStrategy } from '../src/index.ts';

describe('PKCE (API map 6.4)', () => {
  it('makes 43-character verifiers of the unreserved alphabet by default', () => {
    for (let round = 0; round < 20; round += 1)
      expect(generateCodeVerifier()).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
  });

  it('accepts lengths 43 to 128 and refuses others', () => {
    expect(generateCodeVerifier(43)).toHaveLength(43);
    expect(generateCodeVerifier(128)).toHaveLength(128);
    for (const length of [42, 129, 0, 50.5]) {
      expect(() => generateCodeVerifier(length)).toThrow('Expected a length between 43 and 128');
    }
  });

  it('makes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes random 43-character base64url states', () => {
    const state = generateState();
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateState()).not.toBe(state);
  });

  it('generateOAuthData ties verifier, challenge and state together', async () => {
    const auth = OAuthStrategy({ clientId: 'c1', baseUrl: 'http://api.test' });
    const data = await auth.generateOAuthData('http://app.test/callback');
    expect(data).toMatchObject({ redirectUri: 'http://app.test/callback', originalUri: '' });
    expect(data.codeVerifier).toHaveLength(43);
    expect(data.codeChallenge).toBe(await createCodeChallenge(data.codeVerifier));
    expect(data.state).toHaveLength(43);
    expect((await auth.generateOAuthData('x://cb', 'http://app.test/cart')).originalUri).toBe(
      'http://app.test/cart',
    );
  });
});

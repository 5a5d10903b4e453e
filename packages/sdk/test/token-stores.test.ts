import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookieTokenStore, memoryTokenStore, type Tokens } from '../src/index.ts';

const member: Tokens = {
  accessToken: { value: 'OauthNG.JWS.a.b.c', expiresAt: 1_700_000_000 },
  refreshToken: { value: 'JWS.r', role: 'member' },
};

/** `document.cookie` semantics: reading gives `name=value; …`, writing sets one cookie. */
function fakeCookieJar() {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  vi.stubGlobal('document', {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(text: string) {
      writes.push(text);
      const [pair = ''] = text.split(';');
      const separator = pair.indexOf('=');
      jar.set(pair.slice(0, separator), pair.slice(separator + 1));
    },
  });
  return { jar, writes };
}

afterEach(() => vi.unstubAllGlobals());

describe('memoryTokenStore', () => {
  it('returns what was set, starting from the initial value', () => {
    const store = memoryTokenStore();
    expect(store.get()).toBeUndefined();
    store.set(member);
    expect(store.get()).toEqual(member);
    expect(memoryTokenStore(member).get()).toBe(member);
  });
});

describe('cookieTokenStore', () => {
  it('writes the tokens as JSON in the cookie "session" and reads them back', () => {
    const { writes } = fakeCookieJar();
    const store = cookieTokenStore();
    store.set(member);
    expect(writes[0]).toMatch(/^session=%7B.*; path=\/; SameSite=Lax$/);
    expect(store.get()).toEqual(member);
  });

  it('uses the given name, lifetime and Secure flag', () => {
    const { writes } = fakeCookieJar();
    cookieTokenStore({ name: 'plaza', maxAgeSeconds: 60, secure: true, sameSite: 'Strict' }).set(member);
    expect(writes[0]).toMatch(/^plaza=.*; path=\/; SameSite=Strict; max-age=60; Secure$/);
  });

  it('reads a cookie written by js-cookie, as the demo app does', () => {
    const { jar } = fakeCookieJar();
    const jsCookieValue = encodeURIComponent(JSON.stringify(member)).replace(
      /%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g,
      decodeURIComponent,
    );
    jar.set('other', 'x');
    jar.set('session', jsCookieValue);
    expect(cookieTokenStore().get()).toEqual(member);
  });

  it('ignores a missing, unreadable or malformed cookie', () => {
    const { jar } = fakeCookieJar();
    expect(cookieTokenStore().get()).toBeUndefined();
    jar.set('session', '%7Bnot-json');
    expect(cookieTokenStore().get()).toBeUndefined();
    jar.set('session', encodeURIComponent('{"accessToken":{"value":1}}'));
    expect(cookieTokenStore().get()).toBeUndefined();
  });

  it('does nothing without a document (server rendering, Node)', () => {
    const store = cookieTokenStore();
    store.set(member);
    expect(store.get()).toBeUndefined();
  });
});

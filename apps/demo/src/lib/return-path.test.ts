import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path.ts';

describe('return path after sign-in', () => {
  const origin = 'http://localhost:3000';
  it('keeps a page of this origin', () => {
    expect(returnPath('http://localhost:3000/store?x=1#cart', origin)).toBe('/store?x=1#cart');
    expect(returnPath('http://localhost:3000/', origin)).toBe('/');
  });
  it('never leaves the origin or returns to the callback', () => {
    expect(returnPath('https://evil.example/store', origin)).toBe('/');
    expect(returnPath('http://localhost:3000/login-callback#code=1', origin)).toBe('/');
    expect(returnPath('', origin)).toBe('/');
    expect(returnPath('http://[bad', origin)).toBe('/');
  });
});

import { describe, expect, it } from 'vitest';
import { isSandboxHost } from './sandbox.ts';

describe('CodeSandbox host pattern', () => {
  it.each(['k3x9qz-3000.csb.app', 'abc123-5173.csb.app', 'ABC123-8080.CSB.APP'])('matches %s', (host) => {
    expect(isSandboxHost(host)).toBe(true);
  });

  it.each([
    'localhost',
    'csb.app',
    'k3x9qz.csb.app', // no port number
    'k3x9qz-abc.csb.app', // not a number
    'k3x9qz-3000.csb.app.example.com',
    'evil.k3x9qz-3000.csb.app',
    'k3x9qz-3000.codesandbox.io',
    'shop.example.com',
  ])('does not match %s', (host) => {
    expect(isSandboxHost(host)).toBe(false);
  });
});

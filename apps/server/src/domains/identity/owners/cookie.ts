/** The dashboard session cookie: its name, how it is set and cleared, and reading it from a Cookie header. */

export const OWNER_COOKIE = 'plaza_owner';
export const CSRF_HEADER = 'x-plaza-csrf';

/** The value of `name` in a `Cookie` request header; the first one when the header repeats it. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return value === '' ? undefined : value;
  }
  return undefined;
}

/**
 * The `Set-Cookie` value: HTTP-only (page scripts never see the token), `SameSite=Strict` (no other site's
 * page sends it), `Secure` behind https. Path `/`: the dashboard calls the same API paths as any client.
 */
export function sessionCookie(token: string, options: { secure: boolean; maxAgeSeconds: number }): string {
  return [
    `${OWNER_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

export const clearedCookie = (secure: boolean) => sessionCookie('', { secure, maxAgeSeconds: 0 });

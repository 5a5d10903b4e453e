/** The cookie the SDK's `cookieTokenStore({ name: 'session' })` keeps the token pair in. */
export const SESSION_COOKIE = 'session';

/** Deletes a cookie set on path `/` (what `cookieTokenStore` uses). */
export function removeCookie(name: string, doc: { cookie: string } = document): void {
  doc.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
}

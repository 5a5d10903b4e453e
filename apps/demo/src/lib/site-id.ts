/**
 * The site id carried by the access token (`instance.metaSiteId`), used in the owner's links.
 * Any failure logs "Error getting meta site ID" and yields null (seed section 8).
 */
export function readSiteId(
  token: unknown,
  decode: (token: unknown) => string,
  log: (message: string, error: unknown) => void = console.error,
): string | null {
  try {
    return decode(token);
  } catch (error) {
    log('Error getting meta site ID', error);
    return null;
  }
}

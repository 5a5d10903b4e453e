import { isNavigableUrl } from '../../lib/delivery.ts';

/** A web page of the store (http or https) to link to, or nothing. */
export const webUrl = (url: string | undefined) =>
  url && /^https?:\/\//i.test(url) && isNavigableUrl(url) ? url : undefined;

/** The store's own thank-you page, told which order it is about (`?orderId=`). */
export function storeThankYouUrl(url: string | undefined, orderId: string): string | undefined {
  const page = webUrl(url);
  if (!page) return undefined;
  try {
    const target = new URL(page);
    target.searchParams.set('orderId', orderId);
    return target.toString();
  } catch {
    return undefined;
  }
}

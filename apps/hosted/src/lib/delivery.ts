/**
 * Handing the result of a flow back to the app that started it (API map 6.4): the server answers
 * `authorizeRedirectSession` / `completeRedirectLogout` with a `redirectUrl` (code and state already
 * in the fragment or query) or with `webMessage` data for `responseMode: web_message`.
 */

export interface FlowResult {
  redirectUrl?: string;
  webMessage?: { targetOrigin: string; data: Record<string, string> };
}

export type Delivery =
  | { kind: 'redirect'; url: string }
  | { kind: 'message'; targetOrigin: string; data: Record<string, string> }
  | { kind: 'none' };

/** Schemes a page must never be sent to, whatever an answer says. */
const UNSAFE_SCHEMES = /^\s*(javascript|data|vbscript|blob|file):/i;

export function isNavigableUrl(url: string): boolean {
  if (UNSAFE_SCHEMES.test(url)) return false;
  // Absolute URLs with a scheme (custom schemes are fine for native-app redirect URIs).
  return /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(url);
}

export function deliveryFor(result: FlowResult): Delivery {
  if (result.webMessage) {
    const { targetOrigin, data } = result.webMessage;
    if (/^https?:\/\/[^/]+$/.test(targetOrigin)) return { kind: 'message', targetOrigin, data };
    return { kind: 'none' };
  }
  if (result.redirectUrl && isNavigableUrl(result.redirectUrl))
    return { kind: 'redirect', url: result.redirectUrl };
  return { kind: 'none' };
}

/** The parts of `window` delivery needs (a fake in unit tests). */
interface MessageTarget {
  postMessage(data: unknown, targetOrigin: string): void;
}

export interface WindowLike extends MessageTarget {
  location: { replace(url: string): void };
  opener: MessageTarget | null;
  /** The window itself when it is not in a frame. */
  parent: MessageTarget;
}

export type Delivered = 'redirected' | 'posted' | 'no-target' | 'nothing';

/** Sends the browser on, or posts `{code, state}` (or the error) to the window that opened this page. */
export function deliver(delivery: Delivery, win: WindowLike): Delivered {
  if (delivery.kind === 'redirect') {
    win.location.replace(delivery.url);
    return 'redirected';
  }
  if (delivery.kind === 'message') {
    const target = win.opener ?? (win.parent !== win ? win.parent : null);
    if (!target) return 'no-target';
    target.postMessage(delivery.data, delivery.targetOrigin);
    return 'posted';
  }
  return 'nothing';
}

import type { BrowserFramePage, BrowserMessageEvent, BrowserMessageTarget } from './browser.ts';

/** How long direct login waits for the hosted page's answer (seed section 9). */
export const OAUTH_FLOW_TIMEOUT_MS = 120_000;

export interface OAuthMessage {
  code: string | undefined;
  state: string;
}

/**
 * Waits for the `postMessage` of the hosted authorize page (`responseMode: 'web_message'`):
 * `{code, state}` with our `state`. Messages with another state are ignored (other frames, other
 * flows); an `{error, error_description}` answer rejects; silence rejects with 'OAuth flow timed
 * out'. No origin check is needed: a forged code is useless without our PKCE verifier.
 */
export function waitForOAuthMessage(
  target: BrowserMessageTarget,
  state: string,
  timeoutMs = OAUTH_FLOW_TIMEOUT_MS,
): Promise<OAuthMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: BrowserMessageEvent) => {
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null || (data as { state?: unknown }).state !== state) return;
      stop();
      const { code, error, error_description: description } = data as Record<string, unknown>;
      if (typeof error === 'string') reject(new Error(typeof description === 'string' ? description : error));
      else resolve({ code: typeof code === 'string' ? code : undefined, state });
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error('OAuth flow timed out'));
    }, timeoutMs);
    const stop = () => {
      clearTimeout(timer);
      target.removeEventListener('message', onMessage);
    };
    target.addEventListener('message', onMessage);
  });
}

/** Loads a URL in an invisible iframe; `remove()` takes it away again. */
export function openHiddenFrame(page: BrowserFramePage, url: string): { remove(): void } {
  const frame = page.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.src = url;
  page.body.appendChild(frame);
  return { remove: () => frame.remove() };
}

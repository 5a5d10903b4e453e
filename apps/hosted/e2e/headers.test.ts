import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  checkoutSession,
  describeCheckout,
  line,
  newPage,
  payButton,
  plaza,
  visitorToken,
} from './checkout-setup.ts';
import { pkce, randomState } from './harness.ts';

/**
 * The pages' security headers as Chromium applies them: the content security policy lets each page
 * work (no violation), the pages load nothing from another host, and framing is refused except for
 * the direct-login page framed by its OAuth client.
 */

interface Watch {
  violations: string[];
  foreign: string[];
}

/** CSP violations and requests to any host but the server's, from now on. */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { violations: [], foreign: [] };
  await page.exposeFunction('reportViolation', (text: string) => seen.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  page.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && new URL(url).origin !== plaza.url) seen.foreign.push(url);
  });
  return seen;
}

async function authSession(responseMode: 'fragment' | 'web_message') {
  const { challenge } = pkce();
  const answer = await plaza.call(
    'POST',
    '/redirect-session/v1/redirect-session',
    {
      auth: {
        authRequest: {
          redirectUri: `${plaza.client.origin}/${responseMode === 'fragment' ? 'callback' : 'frame'}`,
          clientId: plaza.clientId,
          codeChallenge: challenge,
          codeChallengeMethod: 'S256',
          responseMode,
          responseType: 'code',
          state: randomState(),
        },
        prompt: 'login',
      },
    },
    await visitorToken(),
  );
  expect(answer.status, JSON.stringify(answer.data)).toBe(200);
  return answer.data.redirectSession.fullUrl as string;
}

/** Whether `src` rendered inside an iframe of the client app's page. */
async function framed(page: Page, src: string): Promise<boolean> {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Refused to (display|frame)/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(`${plaza.client.origin}/frame?src=${encodeURIComponent(src)}`);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  const rendered = frame
    ? await frame
        .waitForSelector('#root h1', { state: 'attached', timeout: 8000 })
        .then(() => true)
        .catch(() => false)
    : false;
  // A refused frame holds Chromium's error page, not the hosted app.
  return rendered && frame!.url().startsWith(plaza.url) && refused.length === 0;
}

describeCheckout('headers', () => {
  it('the sign-in page works under its policy and loads nothing from elsewhere', async () => {
    const page = await newPage();
    const seen = await watch(page);
    const response = await page.goto(await authSession('fragment'));
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(seen.violations).toEqual([]);
    expect(seen.foreign).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('the checkout page works under its policy', async () => {
    const { fullUrl } = await checkoutSession([line('Ceramic Mug', 1, { Color: 'Sage' })]);
    const page = await newPage();
    const seen = await watch(page);
    const response = await page.goto(fullUrl);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await payButton(page).waitFor();
    expect(seen.violations).toEqual([]);
    expect(seen.foreign).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('the API reference renders under its policy from the install alone', async () => {
    const page = await newPage();
    const seen = await watch(page);
    await page.goto(`${plaza.url}/docs/`);
    await page.getByText('Plaza API', { exact: false }).first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    // Its script probes for eval (`try { new Function('') } catch …`) and does without: that refusal
    // is the policy working, not the page failing.
    const probe = /^script-src eval http:\/\/[^ ]+\/docs\/js\/scalar-[0-9a-f]+\.js:/;
    expect(seen.violations.filter((text) => !probe.test(text))).toEqual([]);
    expect(seen.foreign).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('other origins cannot frame a sign-in page; the client can frame its direct-login page', async () => {
    const page = await newPage();
    expect(await framed(page, await authSession('fragment'))).toBe(false);
    await page.context().close();
    const client = await newPage();
    expect(await framed(client, await authSession('web_message'))).toBe(true);
    await client.context().close();
  }, 60_000);
});

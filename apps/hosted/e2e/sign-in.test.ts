import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './axe.ts';
import {
  BROWSER_SKIP_REASON,
  checkBrowser,
  hasBrowser,
  launchChromium,
  type Plaza,
  pkce,
  randomState,
  screenshots,
  startPlaza,
  VIEWPORTS,
} from './harness.ts';

/**
 * The hosted sign-in pages in a real browser against a real Plaza server: sign up with e-mail
 * verification, wrong password, password reset, silent prompt=none (redirect and web_message),
 * session errors and logout. Screenshots go to PLAZA_HOSTED_SHOTS when it is set.
 */

checkBrowser('sign-in');
const PASSWORD = 'correct-Horse-7';
const { phone: PHONE, smallPhone: SMALL_PHONE, desktop: DESKTOP } = VIEWPORTS;
const shotsDir = process.env.PLAZA_HOSTED_SHOTS;

describe.skipIf(!hasBrowser)(
  `hosted sign-in pages in Chromium${hasBrowser ? '' : ` (${BROWSER_SKIP_REASON})`}`,
  () => {
    let plaza: Plaza;
    let browser: Browser;
    const member = { email: 'ann.lee@example.com', password: PASSWORD };

    beforeAll(async () => {
      plaza = await startPlaza();
      browser = await launchChromium();
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await plaza?.close();
    });

    async function newPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return page;
    }

    /** Phone and desktop screenshots of the page as it is now. */
    const shoot = (page: Page, name: string) => screenshots(page, shotsDir, name);

    async function visitorToken() {
      const answer = await plaza.call('POST', '/oauth2/token', {
        clientId: plaza.clientId,
        grantType: 'anonymous',
      });
      expect(answer.status).toBe(200);
      return answer.data.access_token as string;
    }

    /** An `auth` redirect session with PKCE, created over HTTP as the SDK's getAuthUrl does. */
    async function authSession(
      options: { prompt?: string; responseMode?: string; redirectPath?: string; sessionToken?: string } = {},
    ) {
      const { verifier, challenge } = pkce();
      const state = randomState();
      const redirectUri = `${plaza.client.origin}${options.redirectPath ?? '/callback'}`;
      const answer = await plaza.call(
        'POST',
        '/redirect-session/v1/redirect-session',
        {
          auth: {
            authRequest: {
              redirectUri,
              clientId: plaza.clientId,
              codeChallenge: challenge,
              codeChallengeMethod: 'S256',
              responseMode: options.responseMode ?? 'fragment',
              responseType: 'code',
              scope: 'offline_access',
              state,
              ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}),
            },
            prompt: options.prompt ?? 'login',
          },
        },
        await visitorToken(),
      );
      expect(answer.status, JSON.stringify(answer.data)).toBe(200);
      const fullUrl: string = answer.data.redirectSession.fullUrl;
      expect(fullUrl.startsWith(`${plaza.url}/hosted/auth?session=`)).toBe(true);
      return { fullUrl, verifier, state, redirectUri, id: answer.data.redirectSession.id as string };
    }

    async function exchange(code: string, verifier: string, redirectUri: string) {
      return plaza.call('POST', '/oauth2/token', {
        clientId: plaza.clientId,
        grantType: 'authorization_code',
        redirectUri,
        code,
        codeVerifier: verifier,
      });
    }

    /** Waits for the client's callback page and reads the fragment the hosted page put there. */
    async function callbackParams(page: Page) {
      await page.waitForURL(`${plaza.client.origin}/callback**`);
      return new URLSearchParams(new URL(page.url()).hash.slice(1));
    }

    async function lastMail(to: string) {
      const answer = await plaza.call(
        'POST',
        '/plaza/v1/mailbox/query',
        { to, limit: 1 },
        plaza.site.adminKey,
      );
      expect(answer.status).toBe(200);
      return answer.data.messages[0] as { subject: string; text: string };
    }

    const passwordInput = (page: Page) => page.getByLabel('Password', { exact: true });

    it('signs up, verifies the e-mail and hands the code back in the fragment; the code gives member tokens', async () => {
      const session = await authSession();
      const page = await newPage(PHONE);
      await page.goto(session.fullUrl);
      await page.waitForURL(/\/hosted\/sign-in\?session=/);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.getByText('Corner Shop', { exact: true }).waitFor();
      await page.getByText('to continue to Storefront').waitFor();
      // A way back to the site the visitor came from (its redirect URI's home page).
      const backToSite = page.getByRole('link', { name: 'Back to Corner Shop' });
      expect(await backToSite.getAttribute('href')).toBe(`${plaza.client.origin}/`);
      await shoot(page, 'sign-in');
      await checkA11y(page, 'sign-in');

      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.getByRole('heading', { name: 'Create an account' }).waitFor();
      expect(await backToSite.getAttribute('href')).toBe(`${plaza.client.origin}/`);
      await checkA11y(page, 'sign-up');
      await page.getByLabel('First name').fill('Ann');
      await page.getByLabel('Last name').fill('Lee');
      await page.getByLabel('E-mail').fill(member.email);
      await passwordInput(page).fill('short');
      await page.getByRole('button', { name: 'Create account' }).click();
      // Client-side rules: inline error, focus on the field, no request made.
      await page.getByText('Use at least 8 characters.').waitFor();
      expect(await passwordInput(page).getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(
        'new-password',
      );
      await shoot(page, 'sign-up-error');

      await passwordInput(page).fill(member.password);
      await shoot(page, 'sign-up');
      await passwordInput(page).press('Enter');
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      await page.getByText(member.email).waitFor();
      await shoot(page, 'verify');

      const code = /\b(\d{6})\b/.exec((await lastMail(member.email)).text)![1]!;
      const wrong = code.replace(/.$/, (digit) => String((Number(digit) + 1) % 10));
      await page.getByLabel('Code').fill(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('That code is not right. You have 4 tries left.');
      await shoot(page, 'verify-error');

      await page.getByLabel('Code').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
      await page.getByLabel('Code').press('Enter');
      const params = await callbackParams(page);
      expect(params.get('state')).toBe(session.state);
      const authCode = params.get('code');
      expect(authCode).toBeTruthy();

      const tokens = await exchange(authCode!, session.verifier, session.redirectUri);
      expect(tokens.status, JSON.stringify(tokens.data)).toBe(200);
      const info = await plaza.call('POST', '/oauth2/token-info', { token: tokens.data.access_token });
      expect(info.data).toMatchObject({ active: true, subjectType: 'MEMBER' });

      // The used session now shows a clear error instead of a form.
      await page.goto(session.fullUrl);
      await page.getByRole('heading', { name: 'This sign-in link was already used' }).waitFor();
      await page.context().close();
    }, 60_000);

    it('shows a wrong password as an alert with the field marked, busy while signing in, then signs in', async () => {
      const session = await authSession();
      const page = await newPage(SMALL_PHONE);
      await page.goto(session.fullUrl);
      await page.getByLabel('E-mail').fill(member.email);
      await passwordInput(page).fill('not-the-Password-1');
      await passwordInput(page).press('Enter');
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('The e-mail and password do not match');
      expect(await passwordInput(page).getAttribute('aria-invalid')).toBe('true');
      await page.getByRole('link', { name: 'Reset your password' }).waitFor();
      // Fits a 360 px phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        SMALL_PHONE.width,
      );
      await shoot(page, 'sign-in-error');

      // Slow the login call down to see the loading state.
      await page.route('**/_api/iam/authentication/v2/login', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      await passwordInput(page).fill(member.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const busy = page.getByRole('button', { name: 'Signing in…' });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      const params = await callbackParams(page);
      expect(params.get('state')).toBe(session.state);
      expect((await exchange(params.get('code')!, session.verifier, session.redirectUri)).status).toBe(200);
      await page.context().close();
    }, 60_000);

    it('is keyboard-usable: Tab order follows the form and Enter submits', async () => {
      const session = await authSession();
      const page = await newPage();
      await page.goto(session.fullUrl);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      const order: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        await page.keyboard.press('Tab');
        order.push(
          await page.evaluate(() => {
            const element = document.activeElement as HTMLElement;
            return element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
          }),
        );
      }
      // E-mail and password inputs have no text content: their position is checked by autocomplete.
      // First the way back to the site, then the form.
      expect(order[0]).toBe('← Back to Corner Shop');
      expect(order.slice(3)).toEqual(['Show password', 'Forgot password?', 'Sign in', 'Create an account']);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('email');
      await page.keyboard.type(member.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(member.password);
      await page.keyboard.press('Enter');
      const params = await callbackParams(page);
      expect(params.get('code')).toBeTruthy();
      await page.context().close();
    }, 60_000);

    it('resets a forgotten password from the e-mailed link, then signs in with the new one', async () => {
      const session = await authSession();
      const page = await newPage();
      await page.goto(session.fullUrl);
      await page.getByLabel('E-mail').fill(member.email);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to Corner Shop' }).getAttribute('href')).toBe(
        `${plaza.client.origin}/`,
      );
      await checkA11y(page, 'forgot password');
      expect(await page.getByLabel('E-mail').inputValue()).toBe(member.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('If an account exists for').waitFor();

      const link = /https?:\/\/\S+/.exec((await lastMail(member.email)).text)![0];
      expect(link.startsWith(`${plaza.url}/hosted/reset-password?token=`)).toBe(true);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill('new-Secret-42');
      await page.getByRole('button', { name: 'Save password' }).click();
      await page.getByRole('heading', { name: 'Password saved' }).waitFor();
      member.password = 'new-Secret-42';

      // The link works once.
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('other-Secret-43');
      await page.getByRole('button', { name: 'Save password' }).click();
      await page.getByRole('alert').getByText('This link no longer works').waitFor();

      await page.goto(session.fullUrl);
      await page.getByLabel('E-mail').fill(member.email);
      await passwordInput(page).fill(member.password);
      await passwordInput(page).press('Enter');
      const params = await callbackParams(page);
      expect((await exchange(params.get('code')!, session.verifier, session.redirectUri)).status).toBe(200);
      await page.context().close();
    }, 60_000);

    it('prompt=none without a signed-in member answers error=login_required to the redirect URI', async () => {
      const session = await authSession({ prompt: 'none' });
      const page = await newPage();
      await page.goto(session.fullUrl);
      const params = await callbackParams(page);
      expect(params.get('error')).toBe('login_required');
      expect(params.get('state')).toBe(session.state);
      expect(params.get('code')).toBeNull();
      await page.context().close();
    }, 60_000);

    it('prompt=none with a session token posts {code, state} to the parent frame (web_message)', async () => {
      const login = await plaza.call(
        'POST',
        '/_api/iam/authentication/v2/login',
        { loginId: { email: member.email }, password: member.password },
        await visitorToken(),
      );
      expect(login.data.state).toBe('SUCCESS');
      const session = await authSession({
        prompt: 'none',
        responseMode: 'web_message',
        redirectPath: '/frame',
        sessionToken: login.data.sessionToken,
      });
      const page = await newPage();
      await page.goto(`${plaza.client.origin}/frame?src=${encodeURIComponent(session.fullUrl)}`);
      await page.waitForFunction(() => document.getElementById('messages')?.textContent);
      const [message] = JSON.parse((await page.locator('#messages').textContent())!);
      expect(message.origin).toBe(plaza.url);
      expect(message.data.state).toBe(session.state);
      expect((await exchange(message.data.code, session.verifier, session.redirectUri)).status).toBe(200);
      await page.context().close();
    }, 60_000);

    it('explains unknown and expired sessions', async () => {
      const page = await newPage();
      await page.goto(`${plaza.url}/hosted/auth?session=7d3c6f1e-0000-4000-8000-000000000000`);
      await page.getByRole('heading', { name: 'This sign-in link is not valid' }).waitFor();
      await page.goto(`${plaza.url}/hosted/sign-in`);
      await page.getByRole('heading', { name: 'This sign-in link is incomplete' }).waitFor();

      const session = await authSession();
      await page.clock.setSystemTime(new Date(Date.now() + 2 * 60 * 60_000));
      await page.goto(session.fullUrl);
      await page.getByRole('heading', { name: 'This sign-in link has expired' }).waitFor();
      expect(await page.getByRole('alert').textContent()).toContain('Links like this work for one hour');
      await shoot(page, 'session-expired');
      await page.context().close();
    }, 60_000);

    /** Member tokens over HTTP only: login → session token → silent authorize → code → tokens. */
    async function memberTokens() {
      const login = await plaza.call(
        'POST',
        '/_api/iam/authentication/v2/login',
        { loginId: { email: member.email }, password: member.password },
        await visitorToken(),
      );
      const session = await authSession({ prompt: 'none', sessionToken: login.data.sessionToken });
      const authorized = await plaza.call('POST', `/plaza/v1/redirect-sessions/${session.id}/authorize`, {});
      const code = new URLSearchParams(authorized.data.redirectUrl.split('#')[1]).get('code')!;
      const tokens = await exchange(code, session.verifier, session.redirectUri);
      expect(tokens.status).toBe(200);
      return {
        accessToken: tokens.data.access_token as string,
        refreshToken: tokens.data.refresh_token as string,
      };
    }

    const refresh = (refreshToken: string) =>
      plaza.call('POST', '/oauth2/token', {
        grantType: 'refresh_token',
        refreshToken,
        clientId: plaza.clientId,
      });

    it('logout completes the session (the refresh token stops working) and returns to postFlowUrl', async () => {
      const tokens = await memberTokens();
      expect((await refresh(tokens.refreshToken)).status).toBe(200);
      const postFlowUrl = `${plaza.client.origin}/signed-out`;
      const answer = await plaza.call(
        'POST',
        '/redirect-session/v1/redirect-session',
        { logout: { clientId: plaza.clientId }, callbacks: { postFlowUrl } },
        tokens.accessToken,
      );
      expect(answer.status, JSON.stringify(answer.data)).toBe(200);
      const page = await newPage();
      await page.goto(answer.data.redirectSession.fullUrl);
      await page.waitForURL(postFlowUrl);
      expect((await refresh(tokens.refreshToken)).status).toBe(400);
      // Opening the used logout link again still ends on the post-flow page.
      await page.goto(answer.data.redirectSession.fullUrl);
      await page.waitForURL(postFlowUrl);
      await page.context().close();
    }, 60_000);
  },
);

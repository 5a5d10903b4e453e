import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from '../../hosted/e2e/axe.ts';
import {
  checkBrowser,
  hasBrowser,
  launchChromium,
  type Plaza,
  screenshots,
  signIn,
  startPlaza,
  VIEWPORTS,
} from './harness.ts';

checkBrowser();

async function look(page: Page, name: string) {
  await screenshots(page, name);
  await checkA11y(page, name);
}

/** The owner turns the e-mail code on in Settings; the next sign-in asks for the code from the mailbox. */
describe.skipIf(!hasBrowser)('owner e-mail factor in Chromium', { timeout: 90_000 }, () => {
  let plaza: Plaza;
  let browser: Browser;
  let page: Page;

  /** The newest sign-in e-mail to the owner, read through the API as the site's admin. */
  async function newestCodeMail(): Promise<{ id: string; code: string }> {
    const mailbox = await plaza.call('POST', '/plaza/v1/mailbox/query', {
      to: plaza.demo.owner.email,
      limit: 1,
    });
    expect(mailbox.status, JSON.stringify(mailbox.data)).toBe(200);
    const [mail] = mailbox.data.messages as Array<{ id: string; subject: string }>;
    const code = /^Your dashboard sign-in code: (\d{6})$/.exec(mail?.subject ?? '')?.[1];
    expect(code, mail?.subject).toBeDefined();
    return { id: mail!.id, code: code! };
  }

  const settingsPage = (label: string) =>
    page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name: label, exact: true });

  async function openSignInSettings() {
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Settings', exact: true })
      .click();
    await settingsPage('Sign-in').click();
    await page.getByRole('heading', { name: 'Sign-in', level: 1 }).waitFor();
  }

  const signOut = async () => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in to your dashboard' }).waitFor();
  };

  beforeAll(async () => {
    plaza = await startPlaza();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await signIn(page, plaza.url, plaza.demo.owner.email, plaza.demo.owner.password);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await plaza?.close();
  });

  it('turns the code on in Settings', async () => {
    await openSignInSettings();
    const heading = page.getByRole('heading', { name: /E-mail code at sign-in/ });
    await expect.poll(() => heading.textContent()).toContain('Off');
    await page.getByRole('button', { name: 'Turn the code on' }).click();
    await page.getByRole('status').getByText('The e-mail code is on').waitFor();
    await expect.poll(() => heading.textContent()).toContain('On');
    await look(page, 'settings-sign-in');
  });

  it('asks for the e-mailed code after the password; a wrong code is told beside the field', async () => {
    await signOut();
    await page.goto(`${plaza.url}/dashboard/`);
    await page.getByLabel('E-mail').fill(plaza.demo.owner.email);
    await page.getByLabel('Password').fill(plaza.demo.owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    // No session yet: the dashboard's calls still answer 401.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'plaza_owner')).toBeUndefined();
    await look(page, 'sign-in-code');

    const first = await newestCodeMail();
    const code = page.getByLabel('Code');
    await code.fill(first.code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const error = page.locator('#code-error');
    await error.getByText('This is not the code we sent').waitFor();
    expect(await code.getAttribute('aria-describedby')).toContain('code-error');
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    await look(page, 'sign-in-code-error');

    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByRole('status').getByText('A new code is on its way').waitFor();
    await expect.poll(async () => (await newestCodeMail()).id).not.toBe(first.id);
    const second = await newestCodeMail();
    await code.fill(second.code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    const session = (await page.context().cookies()).find((cookie) => cookie.name === 'plaza_owner');
    expect(session?.httpOnly).toBe(true);
  });

  it('turns the code off only with the password, and the password alone signs in again', async () => {
    await openSignInSettings();
    await page.getByLabel('Your password').fill('not-the-password');
    await page.getByRole('button', { name: 'Turn the code off' }).click();
    await page
      .locator('#factor-password-error')
      .getByText('The password does not match this account.')
      .waitFor();
    await look(page, 'settings-sign-in-error');
    await page.getByLabel('Your password').fill(plaza.demo.owner.password);
    await page.getByRole('button', { name: 'Turn the code off' }).click();
    await page.getByRole('status').getByText('The e-mail code is off').waitFor();
    await page.getByRole('button', { name: 'Turn the code on' }).waitFor();

    await signOut();
    await signIn(page, plaza.url, plaza.demo.owner.email, plaza.demo.owner.password);
  });
});

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

/** Events: publish, clone and cancel; an event's tickets and orders; checking tickets in at the door. */
describe.skipIf(!hasBrowser)('owner events console in Chromium', { timeout: 90_000 }, () => {
  let plaza: Plaza;
  let browser: Browser;
  let page: Page;
  let concertId: string;
  let order: { orderNumber: string; tickets: Array<{ ticketNumber: string }> };

  const heading = (name: string) => page.getByRole('heading', { name, level: 1, exact: true });
  const orderOf = async () =>
    (await plaza.call('GET', `/events/v1/events/${concertId}/orders/${order.orderNumber}`)).data.order;

  beforeAll(async () => {
    plaza = await startPlaza();
    const events = await plaza.call('POST', '/events/v3/events/query', { includeDrafts: true, query: {} });
    concertId = events.data.events.find((e: { title: string }) => e.title === 'Summer Jazz Night').id;
    const door = await plaza.call('POST', '/events/v3/ticket-definitions', {
      ticketDefinition: {
        eventId: concertId,
        name: 'Door list',
        pricingMethod: { fixedPrice: { value: '0' } },
      },
    });
    expect(door.status, JSON.stringify(door.data)).toBe(200);
    const { token } = await plaza.t.platform.identity.tokens.issue({
      siteId: plaza.demo.siteId,
      subjectType: 'visitor',
      subjectId: crypto.randomUUID(),
      clientId: plaza.demo.clientId,
    });
    const reserved = await plaza.call(
      'POST',
      '/events/v1/checkout/reservations',
      {
        eventId: concertId,
        ticketQuantities: [{ ticketDefinitionId: door.data.ticketDefinition.id, quantity: 2 }],
      },
      token,
    );
    expect(reserved.status, JSON.stringify(reserved.data)).toBe(200);
    const checkout = await plaza.call(
      'POST',
      '/events/v1/checkout',
      {
        eventId: concertId,
        reservationId: reserved.data.id,
        buyer: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
      },
      token,
    );
    expect(checkout.status, JSON.stringify(checkout.data)).toBe(200);
    order = checkout.data.order;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await signIn(page, plaza.url, plaza.demo.owner.email, plaza.demo.owner.password);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await plaza?.close();
  });

  it('publishes a draft, clones an event and cancels one after asking', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Events' }).click();
    await heading('Events').waitFor();
    const draft = page.getByTestId('event-Autumn Workshop (draft)');
    await draft.getByText('Draft', { exact: true }).waitFor();
    await look(page, 'events');
    await page.getByRole('button', { name: 'Publish Autumn Workshop (draft)' }).click();
    await draft.getByText('Upcoming', { exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'is published' }).waitFor();

    await page.getByRole('button', { name: 'Clone Makers Meetup' }).click();
    await page.getByRole('status').filter({ hasText: 'A draft copy of “Makers Meetup” was made.' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Makers Meetup', exact: true }).count()).toBe(2);

    await page.getByRole('button', { name: 'Cancel Autumn Workshop (draft)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Autumn Workshop (draft)?' });
    await dialog.getByRole('button', { name: 'Keep event' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await draft.getByText('Upcoming', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel Autumn Workshop (draft)' }).click();
    await dialog.getByRole('button', { name: 'Cancel event' }).click();
    await draft.getByText('Cancelled', { exact: true }).waitFor();
  });

  it('shows the tickets and orders of an event and checks tickets in', async () => {
    await page.getByRole('link', { name: 'Summer Jazz Night' }).click();
    await heading('Summer Jazz Night').waitFor();
    const types = page.getByRole('table', { name: 'Ticket types' });
    await types.getByRole('row').filter({ hasText: 'Door list' }).getByText('Free').waitFor();
    await types.getByRole('row').filter({ hasText: 'Front row' }).getByText('$65.00').waitFor();
    const [first, second] = order.tickets.map((ticket) => ticket.ticketNumber);

    await page.getByLabel('Search a name, order or ticket number').fill('Hopper');
    await page.getByLabel('Search a name, order or ticket number').press('Enter');
    await page.getByRole('row').filter({ hasText: 'grace@example.com' }).waitFor();
    await look(page, 'event');
    await page.getByRole('button', { name: `Check in ${first}` }).click();
    await page.getByRole('button', { name: `Undo check-in of ${first}` }).waitFor();

    await page.getByLabel('Ticket number', { exact: true }).fill(second!);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Checked in: ticket ${second}` })
      .waitFor();
    expect((await orderOf()).fullyCheckedIn).toBe(true);

    // A ticket already in is refused, and the refusal sits beside the field.
    await page.getByLabel('Ticket number', { exact: true }).fill(second!);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect
      .poll(() => page.getByLabel('Ticket number', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    await look(page, 'event-check-in');

    await page.getByLabel('Search a name, order or ticket number').fill('Nobody Here');
    await page.getByLabel('Search a name, order or ticket number').press('Enter');
    await page.getByText('No order matches “Nobody Here”.').waitFor();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkBrowser,
  env,
  hasBrowser,
  newPage,
  PHONE,
  SKIP_REASON,
  settled,
  shoot,
  useDemoBrowser,
} from './harness.ts';

/**
 * The demo's tickets example in real Chromium against a real Plaza (set-up in harness.ts): the
 * seeded events, an event's tickets, reserving two, the hosted "Add your details" page (event,
 * tickets held and the time left, the event's form for the buyer and each ticket's guest, totals,
 * the test card), the thank-you with the tickets by guest and calendar links, what the owner then
 * sees, and a reservation that ran out.
 * Screenshots (phone 390 px and desktop 1280 px) go to PLAZA_DEMO_SHOTS when it is set.
 */

checkBrowser();

const event = (page: Page, title: string) => page.locator(`[data-event="${title}"]`);
const ticket = (page: Page, name: string) => page.locator(`[data-ticket="${name}"]`);

async function openEvent(page: Page, title: string) {
  await page.goto(`${env.main.origin}/tickets`);
  await event(page, title).waitFor();
  await settled(page);
  await event(page, title)
    .getByRole('link', { name: `Get tickets for ${title}` })
    .click();
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  await ticket(page, 'General admission').waitFor();
}

async function reserve(page: Page, name: string, quantity: number) {
  await ticket(page, name).getByLabel(`Quantity of ${name}`).selectOption(String(quantity));
  await page.getByRole('button', { name: 'Reserve' }).click();
  await page.waitForURL(`${env.api}/hosted/checkout?session=*`, { timeout: 20_000 });
  await page.getByRole('heading', { name: 'Add your details', level: 1 }).waitFor();
}

describe.skipIf(!hasBrowser)(`demo tickets in Chromium${hasBrowser ? '' : ` (${SKIP_REASON})`}`, () => {
  useDemoBrowser();

  it('lists the upcoming events (no past event, no draft) and an event’s tickets', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${env.main.origin}/tickets`);
    await event(page, 'Summer Jazz Night').waitFor();
    await settled(page);
    const titles = await page
      .locator('[data-event]')
      .evaluateAll((all) => all.map((card) => card.getAttribute('data-event')));
    expect(titles).toEqual(['Makers Meetup', 'Summer Jazz Night']);
    expect(await event(page, 'Makers Meetup').getByText('Free entry: RSVP on the site.').isVisible()).toBe(
      true,
    );
    expect(await event(page, 'Makers Meetup').getByRole('link').count()).toBe(0);
    await shoot(page, 'tickets-events');

    await event(page, 'Summer Jazz Night')
      .getByRole('link', { name: /Get tickets/ })
      .click();
    await ticket(page, 'Front row').waitFor();
    expect(await ticket(page, 'Front row').locator('[data-price]').textContent()).toBe('$65.00');
    expect(await ticket(page, 'Front row').getByText('Only 4 left').isVisible()).toBe(true);
    expect(await ticket(page, 'General admission').locator('[data-price]').textContent()).toBe('$25.00');
    expect(await page.getByText('Choose how many tickets you want.').isVisible()).toBe(true);
    await ticket(page, 'General admission').getByLabel('Quantity of General admission').selectOption('3');
    await page.getByText('3 tickets · $75.00').waitFor();
    await shoot(page, 'tickets-event');
  }, 60_000);

  it('reserves tickets, adds the buyer’s and guests’ details and pays on the hosted page, shows the tickets; the owner sees the order', async () => {
    const buyer = { first: 'Grace', last: 'Hopper', email: 'grace.tickets@example.com' };
    const friend = { first: 'Alan', last: 'Turing', email: 'alan.tickets@example.com' };
    const page = await newPage();
    await openEvent(page, 'Summer Jazz Night');
    await reserve(page, 'General admission', 2);

    // The event, the tickets held and the time left on them.
    expect(await page.getByRole('heading', { name: 'Summer Jazz Night' }).isVisible()).toBe(true);
    expect(await page.locator('[data-event-date]').textContent()).toMatch(/, 7:00 PM – 10:00 PM$|PM/);
    expect(await page.locator('[data-event-venue]').textContent()).toMatch(/^Plaza Hall/);
    expect(await page.getByText('2 × General admission').isVisible()).toBe(true);
    const left = await page.locator('[data-time-left]').getAttribute('data-time-left');
    expect(left).toMatch(/^(20:00|19:[0-5]\d)$/);
    await page.getByText('Order summary').first().waitFor();
    expect(await page.getByText('$50.00').first().isVisible()).toBe(true);

    // The form is checked before anything is sent.
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('details need another look').waitFor();
    await shoot(page, 'hosted-event-details-errors');

    // A guest per ticket: the first is the buyer's own ("same as buyer"), the second is asked for.
    const guest = (n: number) => page.locator(`[data-guest="${n}"]`);
    expect(
      await guest(1)
        .getByLabel(/^Same as buyer/)
        .isChecked(),
    ).toBe(true);
    expect(await guest(1).getByLabel('First Name').count()).toBe(0);
    expect(await guest(2).getByLabel('First Name').getAttribute('aria-invalid')).toBe('true');
    const details = page.getByRole('region', { name: 'Your details' });
    const fill = async (where: typeof details, person: typeof buyer) => {
      await where.getByLabel('First Name').fill(person.first);
      await where.getByLabel('Last Name').fill(person.last);
      await where.getByLabel('Email', { exact: true }).fill(person.email);
    };
    await fill(details, buyer);
    await fill(guest(2), friend);
    const country = page.getByLabel('Country');
    if (!(await country.inputValue())) await country.selectOption('US');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('Security code').fill('123');
    await shoot(page, 'hosted-event-details');
    await page.getByRole('button', { name: /^Pay / }).click();

    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Your tickets for Summer Jazz Night' }).waitFor();
    const tickets = page.locator('[data-tickets] li');
    expect(await tickets.evaluateAll((all) => all.map((li) => li.getAttribute('data-guest')))).toEqual([
      'Grace Hopper',
      'Alan Turing',
    ]);
    const pdf = await tickets.first().getByRole('link').getAttribute('href');
    expect(pdf).toMatch(/\/ticket\.pdf\?token=/);
    const fetched = await fetch(pdf!);
    expect([fetched.status, fetched.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(await page.getByRole('link', { name: 'Download all tickets (PDF)' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Google Calendar' }).getAttribute('href')).toMatch(
      /^https:\/\/calendar\.google\.com\//,
    );
    expect(await page.getByRole('link', { name: 'Calendar file (.ics)' }).getAttribute('href')).toMatch(
      /^data:text\/calendar/,
    );
    await shoot(page, 'hosted-event-thank-you');

    // Back to the example the buyer came from.
    await page.getByRole('link', { name: 'Continue shopping' }).click();
    await page.waitForURL(`${env.main.origin}/tickets?event=*`);

    // The owner: the paid ticketing order with the buyer the page saved.
    const listed = await env.call('GET', '/events/v1/orders?limit=100', undefined, env.adminKey);
    expect(listed.status, JSON.stringify(listed.data)).toBe(200);
    const orders = listed.data.orders.filter((o: { email?: string }) => o.email === buyer.email);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: 'PAID',
      firstName: buyer.first,
      lastName: buyer.last,
      ticketsQuantity: 2,
    });
    // Each ticket of the order names its guest.
    const { eventId, orderNumber } = orders[0];
    const order = await env.call(
      'GET',
      `/events/v1/events/${eventId}/orders/${orderNumber}`,
      undefined,
      env.adminKey,
    );
    expect(order.status, JSON.stringify(order.data)).toBe(200);
    expect(order.data.order.tickets).toMatchObject([
      { guestFullName: 'Grace Hopper', guestDetails: { email: buyer.email } },
      { guestFullName: 'Alan Turing', guestDetails: { email: friend.email } },
    ]);
  }, 120_000);

  it('a reservation that ran out says so and offers to reserve again', async () => {
    const page = await newPage(PHONE);
    await openEvent(page, 'Summer Jazz Night');
    await reserve(page, 'General admission', 1);
    env.t.clock.advance(21 * 60_000);
    await page.reload();
    await page.getByRole('heading', { name: 'Your reservation expired', level: 1 }).waitFor();
    await shoot(page, 'hosted-event-expired', PHONE);
    await page.getByRole('link', { name: 'Reserve again' }).click();
    await page.waitForURL(`${env.main.origin}/tickets?event=*`);
    await ticket(page, 'General admission').waitFor();
  }, 90_000);
});

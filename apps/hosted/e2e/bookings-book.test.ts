import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { seedBookings } from '../../server/src/seed/bookings.ts';
import { checkA11y } from './axe.ts';
import {
  describeCheckout,
  fillCard,
  newPage,
  plaza,
  shopUrl,
  shotsDir,
  visitorToken,
} from './checkout-setup.ts';
import { screenshots } from './harness.ts';

/**
 * The hosted service page in a real browser (set-up in checkout-setup.ts, with the demo studio of
 * seed/bookings.ts): a `bookingsBook` redirect session opens it on the Haircut; the visitor picks a day
 * and one stylist's slot, books it on the hosted Booking Details page with the test card and reaches the
 * thank-you; a slot taken meanwhile is said so, with the next free ones.
 */

const ZONE = 'America/New_York';
let haircut = '';

async function bookSession() {
  if (!haircut) {
    await seedBookings(plaza.t.platform, plaza.site.id);
    const listed = await plaza.call(
      'POST',
      '/bookings/v2/services/query',
      { query: { filter: { name: 'Haircut' } } },
      plaza.site.adminKey,
    );
    expect(listed.status, JSON.stringify(listed.data)).toBe(200);
    haircut = listed.data.services[0].id;
  }
  const token = await visitorToken();
  const session = await plaza.call(
    'POST',
    '/redirect-session/v1/redirect-session',
    { bookingsBook: { resourceId: haircut }, callbacks: { postFlowUrl: shopUrl } },
    token,
  );
  expect(session.status, JSON.stringify(session.data)).toBe(200);
  const { id, fullUrl } = session.data.redirectSession as { id: string; fullUrl: string };
  expect(fullUrl).toBe(`${plaza.url}/hosted/book?session=${id}`);
  return { id, fullUrl };
}

/** Opens the page in the buyer's zone and picks tomorrow, when both stylists work all day. */
async function openTomorrow(fullUrl: string): Promise<Page> {
  const page = await newPage({ timezoneId: ZONE });
  await page.goto(fullUrl);
  await page.getByRole('heading', { name: 'Haircut', level: 1 }).waitFor();
  await page.getByRole('group', { name: 'Days' }).getByRole('button').nth(1).click();
  await page.getByRole('heading', { name: 'Sam Rivera', level: 4 }).waitFor();
  return page;
}

const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

/** A service whose one staff member works only on the weekday three days from now (the site is UTC). */
async function oneDayService() {
  const day = WEEKDAYS[new Date(Date.now() + 3 * 86_400_000).getUTCDay()]!;
  const staff = await plaza.call(
    'POST',
    '/bookings/v1/staff-members',
    {
      staffMember: {
        name: 'Jo Once',
        workingHours: { periods: [{ openDay: day, openTime: '00:00', closeDay: day, closeTime: '24:00' }] },
      },
    },
    plaza.site.adminKey,
  );
  expect(staff.status, JSON.stringify(staff.data)).toBe(200);
  const service = await plaza.call(
    'POST',
    '/bookings/v2/services',
    {
      service: {
        name: 'Weekly trim',
        type: 'APPOINTMENT',
        staffMemberIds: [staff.data.staffMember.id],
        payment: { rateType: 'FIXED', fixed: { price: { value: '20' } }, options: { online: true } },
        schedule: { availabilityConstraints: { sessionDurations: [60] } },
      },
    },
    plaza.site.adminKey,
  );
  expect(service.status, JSON.stringify(service.data)).toBe(200);
  return service.data.service.id as string;
}

describeCheckout('bookings book', () => {
  it('picks a day and a stylist’s slot, pays on Booking Details and reaches the thank-you', async () => {
    const { fullUrl } = await bookSession();
    const page = await openTomorrow(fullUrl);
    const facts = page.getByRole('list', { name: 'About the service' });
    expect(await facts.textContent()).toMatch(/45 min.*\$45\.00.*Plaza Studio/);
    await page.getByRole('heading', { name: 'Alex Morgan', level: 4 }).waitFor();
    expect(await page.getByRole('group', { name: 'Days' }).getByRole('button').count()).toBe(14);
    expect(await page.getByRole('heading', { level: 3 }).textContent()).toContain('America/New York time');
    await checkA11y(page, 'book a service');
    await screenshots(page, shotsDir, 'bookings-book');

    const sam = page.locator('div', { has: page.getByRole('heading', { name: 'Sam Rivera' }) }).last();
    const slot = sam.getByRole('button').first();
    const words = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
    const time = words(await slot.textContent());
    await slot.click();
    await page.getByRole('heading', { name: 'Booking Details', level: 1 }).waitFor();
    await page.getByText('Order summary').first().waitFor();
    expect(await page.getByText('Haircut').first().isVisible()).toBe(true);
    await page.getByLabel('E-mail').fill('booker@example.com');
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    await screenshots(page, shotsDir, 'bookings-book-thank-you');

    const listed = await plaza.call(
      'POST',
      '/_api/bookings-reader/v2/extended-bookings/query',
      { query: { filter: { 'bookedEntity.slot.serviceId': haircut } } },
      plaza.site.adminKey,
    );
    const booking = listed.data.extendedBookings
      .map((e: any) => e.booking)
      .find((b: any) => b.status === 'CONFIRMED');
    expect(booking).toMatchObject({
      paymentStatus: 'PAID',
      bookedEntity: { slot: { resource: { name: 'Sam Rivera' } } },
    });
    const start = new Date(booking.startDate).toLocaleTimeString('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: ZONE,
    });
    expect(words(start)).toBe(time);
    await page.context().close();
  }, 90_000);

  it('says a slot was taken meanwhile and offers the next free ones', async () => {
    const { fullUrl } = await bookSession();
    const page = await openTomorrow(fullUrl);
    // Another visitor takes the first slot of tomorrow the page shows, through the API.
    const sessionId = new URL(fullUrl).searchParams.get('session')!;
    const shown = await plaza.call(
      'GET',
      `/plaza/v1/redirect-sessions/${sessionId}/bookings/slots?timezone=${encodeURIComponent(ZONE)}`,
    );
    const tomorrow = shown.data.days[1].date as string;
    const day = await plaza.call(
      'GET',
      `/plaza/v1/redirect-sessions/${sessionId}/bookings/slots?timezone=${encodeURIComponent(ZONE)}&date=${tomorrow}`,
    );
    const first = day.data.slots[0];
    const other = await plaza.call(
      'POST',
      '/bookings/v2/bookings',
      {
        booking: {
          bookedEntity: {
            slot: {
              serviceId: haircut,
              startDate: first.startDate,
              timezone: ZONE,
              resource: first.resource,
            },
          },
        },
      },
      await visitorToken(),
    );
    expect(other.status, JSON.stringify(other.data)).toBe(200);

    const group = page
      .locator('div', { has: page.getByRole('heading', { name: first.resource.name }) })
      .last();
    await group.getByRole('button').first().click();
    const alert = page.getByRole('alert');
    await alert.getByText('That time was just taken by someone else.').waitFor();
    expect(await alert.getByRole('button').count()).toBeGreaterThan(0);
    await checkA11y(page, 'slot taken');
    await screenshots(page, shotsDir, 'bookings-book-taken');
    await page.context().close();
  }, 90_000);

  it('opens on the first day with slots; a day without any says so and leads to the next one', async () => {
    const serviceId = await oneDayService();
    const session = await plaza.call(
      'POST',
      '/redirect-session/v1/redirect-session',
      { bookingsBook: { resourceId: serviceId } },
      await visitorToken(),
    );
    expect(session.status, JSON.stringify(session.data)).toBe(200);
    const page = await newPage({ timezoneId: 'UTC' });
    await page.goto(session.data.redirectSession.fullUrl);
    await page.getByRole('heading', { name: 'Weekly trim', level: 1 }).waitFor();
    const days = page.getByRole('group', { name: 'Days' }).getByRole('button');
    await page
      .getByRole('button', { name: /^\d{1,2}:00 AM$/ })
      .first()
      .waitFor();
    expect(await days.nth(3).getAttribute('aria-pressed')).toBe('true');
    const chosen = await page.getByRole('heading', { level: 3 }).textContent();

    await days.first().click();
    await page.getByText('No open times on this day.').waitFor();
    await checkA11y(page, 'a day without slots');
    await screenshots(page, shotsDir, 'bookings-book-empty');
    const next = page.getByRole('button', { name: /^See / });
    expect(chosen).toContain((await next.textContent())!.replace(/^See /, ''));
    await next.click();
    await page
      .getByRole('button', { name: /^\d{1,2}:00 AM$/ })
      .first()
      .waitFor();
    expect(await days.nth(3).getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  }, 90_000);
});

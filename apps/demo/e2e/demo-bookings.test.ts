import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkBrowser,
  env,
  hasBrowser,
  newPage,
  SKIP_REASON,
  settled,
  shoot,
  useDemoBrowser,
} from './harness.ts';

/**
 * The demo's bookings example in real Chromium against a real Plaza (set-up in harness.ts): the
 * seeded services, a service's open slots for the next 24 hours, booking one on the hosted "Booking
 * Details" checkout with the test card, the thank-you, what the owner then sees through the API, and
 * a slot taken while the page showed it. Screenshots go to PLAZA_DEMO_SHOTS when it is set.
 */

checkBrowser();

const service = (page: Page, name: string) => page.locator(`[data-service="${name}"]`);
const slots = (page: Page) => page.locator('[data-slot]');

async function openSlots(page: Page, name: string) {
  await page.goto(`${env.main.origin}/booking`);
  await service(page, name).waitFor();
  await settled(page);
  await service(page, name).getByRole('button', { name: 'See slots' }).click();
  await slots(page).first().waitFor();
}

async function serviceIds(): Promise<Record<string, string>> {
  const listed = await env.call('POST', '/bookings/v2/services/query', { query: {} }, env.adminKey);
  expect(listed.status, JSON.stringify(listed.data)).toBe(200);
  return Object.fromEntries(listed.data.services.map((s: { id: string; name: string }) => [s.name, s.id]));
}

describe.skipIf(!hasBrowser)(`demo bookings in Chromium${hasBrowser ? '' : ` (${SKIP_REASON})`}`, () => {
  useDemoBrowser();

  it('lists the services and a service’s slots, books one on the hosted Booking Details page; the owner sees it', async () => {
    const ids = await serviceIds();
    const page = await newPage();
    await page.goto(`${env.main.origin}/booking`);
    await service(page, 'Haircut').waitFor();
    await settled(page);
    const names = await page
      .locator('[data-service]')
      .evaluateAll((all) => all.map((item) => item.getAttribute('data-service')));
    expect([...names].sort()).toEqual(['Free consultation', 'Haircut', 'Pottery course', 'Yoga Flow']);
    expect(await service(page, 'Haircut').getByText('$45.00', { exact: true }).isVisible()).toBe(true);
    expect(await service(page, 'Free consultation').getByText('Free', { exact: true }).isVisible()).toBe(
      true,
    );
    await shoot(page, 'booking');

    await service(page, 'Haircut').getByRole('button', { name: 'See slots' }).click();
    await slots(page).first().waitFor();
    await settled(page);
    // Every hour of the day has a stylist: slots are open in the next 24 hours, each naming one.
    expect(await slots(page).count()).toBeGreaterThan(3);
    expect(await slots(page).first().textContent()).toMatch(/Alex Morgan|Sam Rivera/);
    await shoot(page, 'booking-slots');

    const picked = await slots(page).first().getAttribute('data-slot');
    await slots(page).first().click();
    await page.waitForURL(`${env.api}/hosted/checkout?session=*`, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Booking Details', level: 1 }).waitFor();
    await page.getByText('Order summary').first().waitFor();
    expect(await page.getByText('Haircut').first().isVisible()).toBe(true);
    await shoot(page, 'hosted-booking-details');

    await page.getByLabel('E-mail').fill('booker@example.com');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    await shoot(page, 'hosted-thank-you-booking');
    await page.getByRole('link', { name: 'Continue shopping' }).click();
    await page.waitForURL(`${env.main.origin}/booking`);
    await service(page, 'Haircut').waitFor();

    // The owner: the confirmed, paid booking of that slot.
    const listed = await env.call(
      'POST',
      '/_api/bookings-reader/v2/extended-bookings/query',
      { query: { filter: { 'bookedEntity.slot.serviceId': ids.Haircut } } },
      env.adminKey,
    );
    expect(listed.status, JSON.stringify(listed.data)).toBe(200);
    const [{ booking }] = listed.data.extendedBookings;
    expect(booking).toMatchObject({
      status: 'CONFIRMED',
      paymentStatus: 'PAID',
      selectedPaymentOption: 'ONLINE',
      bookedEntity: { title: 'Haircut', slot: { serviceId: ids.Haircut, startDate: picked } },
    });
  }, 120_000);

  it('says so when the slot picked was taken meanwhile, and lists the slots again', async () => {
    const page = await newPage();
    await openSlots(page, 'Free consultation');
    const first = slots(page).first();
    const taken = await first.getAttribute('data-slot');
    const listed = await env.call(
      'POST',
      '/_api/availability-calendar/v1/availability/query',
      {
        query: {
          filter: {
            serviceId: [(await serviceIds())['Free consultation']],
            startDate: new Date().toISOString(),
            endDate: new Date(Date.now() + 86_400_000).toISOString(),
          },
        },
        timezone: 'UTC',
      },
      env.adminKey,
    );
    const entry = listed.data.availabilityEntries.find(
      (e: { slot: { startDate: string } }) => e.slot.startDate === taken,
    );
    const made = await env.call(
      'POST',
      '/bookings/v2/bookings',
      { booking: { bookedEntity: { slot: entry.slot } } },
      env.adminKey,
    );
    expect(made.status, JSON.stringify(made.data)).toBe(200);

    await first.click();
    const alert = page.locator('[data-booking-error]');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /was just taken\. Next free: .+ \((Alex Morgan|Sam Rivera)\).* Pick another slot\.$/,
    );
    expect(new URL(page.url()).pathname).toBe('/booking');
    await slots(page).first().waitFor();
    await settled(page);
    await shoot(page, 'booking-slot-taken');
  }, 90_000);
});

import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from '../../hosted/e2e/axe.ts';
import { CARD_OK } from '../../server/test/flows/ecom-fixtures.ts';
import { type DemoSite, serveDemo } from './demo-site.ts';
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

interface Entry {
  slot: { startDate: string; endDate: string; serviceId: string; resource?: { id: string; name?: string } };
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * Bookings: a staff member's working hours change the slots a visitor is offered (through
 * `queryAvailability` as a visitor for days ahead, and on the demo storefront's booking page, built
 * and served against this server, for its next 24 hours); services created, edited and deleted; a
 * service set to manual approval, its booking approved; a booking found on the week calendar, moved
 * and cancelled, its slot offered again.
 */
describe.skipIf(!hasBrowser)('owner bookings console in Chromium', { timeout: 120_000 }, () => {
  let plaza: Plaza;
  let browser: Browser;
  let page: Page;
  let visitor: string;
  // Built while the first tests run; a failed build fails the demo's test only.
  let demo: Promise<DemoSite>;
  const ids: Record<string, string> = {};
  // The week after this one (the site's zone is UTC): far enough ahead for the studio's policy.
  const nextMonday = DateTime.utc().startOf('week').plus({ weeks: 1 });

  const heading = (name: string) => page.getByRole('heading', { name, level: 1, exact: true });

  /** The visitor's bookable slots of a service on one day (UTC). */
  async function slots(serviceId: string, day: DateTime): Promise<Entry[]> {
    const answer = await plaza.call(
      'POST',
      '/_api/availability-calendar/v1/availability/query',
      {
        query: {
          filter: {
            serviceId: [serviceId],
            startDate: day.toISO(),
            endDate: day.plus({ days: 1 }).toISO(),
            bookable: true,
          },
        },
        timezone: 'UTC',
      },
      visitor,
    );
    expect(answer.status, JSON.stringify(answer.data)).toBe(200);
    return answer.data.availabilityEntries;
  }
  const startsOf = (entries: Entry[], staffId: string) =>
    entries.filter((e) => e.slot.resource?.id === staffId).map((e) => e.slot.startDate.slice(11, 16));

  /** Books `entry` as the visitor through the hosted checkout and pays it; answers the booking id. */
  async function book(entry: Entry): Promise<string> {
    const session = await plaza.call(
      'POST',
      '/_api/redirects-api/v1/redirect-session',
      { bookingsCheckout: { slotAvailability: entry, timezone: 'UTC' } },
      visitor,
    );
    expect(session.status, JSON.stringify(session.data)).toBe(200);
    const sessionId = session.data.redirectSession.id;
    const checkout = await plaza.call('PATCH', `/plaza/v1/redirect-sessions/${sessionId}/checkout`, {
      email: 'ada@example.com',
    });
    expect(checkout.status, JSON.stringify(checkout.data)).toBe(200);
    const paid = await plaza.call('POST', `/plaza/v1/redirect-sessions/${sessionId}/checkout/pay`, {
      paymentMethod: 'test',
      card: CARD_OK,
    });
    expect(paid.status, JSON.stringify(paid.data)).toBe(200);
    return checkout.data.checkout.lineItems[0].catalogReference.catalogItemId;
  }
  const statusOf = async (id: string) =>
    (await plaza.call('GET', `/bookings/v2/bookings/${id}`)).data.booking;

  beforeAll(async () => {
    plaza = await startPlaza();
    demo = serveDemo(plaza);
    demo.catch(() => {});
    const services = await plaza.call('POST', '/bookings/v2/services/query', { query: {} });
    for (const s of services.data.services) ids[s.name] = s.id;
    const staff = await plaza.call('POST', '/bookings/v1/staff-members/query', { query: {} });
    for (const s of staff.data.staffMembers) ids[s.name] = s.id;
    ({ token: visitor } = await plaza.t.platform.identity.tokens.issue({
      siteId: plaza.demo.siteId,
      subjectType: 'visitor',
      subjectId: crypto.randomUUID(),
      clientId: plaza.demo.clientId,
    }));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await signIn(page, plaza.url, plaza.demo.owner.email, plaza.demo.owner.password);
  }, 120_000);

  afterAll(async () => {
    await demo?.then((site) => site.close()).catch(() => {});
    await browser?.close();
    await plaza?.close();
  });

  it("changes a staff member's working hours, and the slots a visitor is offered follow", async () => {
    const monday = nextMonday;
    const tuesday = nextMonday.plus({ days: 1 });
    const alex = ids['Alex Morgan']!;
    expect(startsOf(await slots(ids.Haircut!, monday), alex).length).toBeGreaterThan(0);
    expect(startsOf(await slots(ids.Haircut!, tuesday), alex)).toContain('00:00');

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Bookings' }).click();
    await heading('Calendar').waitFor();
    await page.getByRole('navigation', { name: 'Bookings' }).getByRole('link', { name: 'Staff' }).click();
    await heading('Staff').waitFor();
    await page.getByRole('row').filter({ hasText: 'Alex Morgan' }).getByText('7 days, 84 h a week').waitFor();
    await look(page, 'bookings-staff');
    await page.getByRole('link', { name: 'Alex Morgan' }).click();
    await heading('Alex Morgan').waitFor();
    const gives = page.getByRole('group', { name: 'Services they give' });
    await expect.poll(() => gives.getByLabel('Haircut').isChecked()).toBe(true);
    expect(await gives.getByLabel('Yoga Flow').isChecked()).toBe(false);

    // A period that ends before it starts is refused beside its day, and nothing is saved.
    await page.getByLabel('Tuesday period 1 starts').fill('13:00');
    await page.getByRole('button', { name: 'Save working hours' }).click();
    await page.getByText('13:00–12:00 ends before it starts.').waitFor();

    await page.getByRole('button', { name: 'Remove Monday period 1' }).click();
    await page.getByLabel('Tuesday period 1 starts').fill('10:00');
    await page.getByRole('button', { name: 'Save working hours' }).click();
    await page.getByRole('status').filter({ hasText: 'Working hours saved.' }).waitFor();
    await look(page, 'bookings-staff-member');

    const stored = (await plaza.call('GET', `/bookings/v1/staff-members/${alex}`)).data.staffMember;
    expect(stored.workingHours.periods.filter((p: { openDay: string }) => p.openDay === 'MONDAY')).toEqual(
      [],
    );
    expect(stored.workingHours.periods.filter((p: { openDay: string }) => p.openDay === 'TUESDAY')).toEqual([
      { openDay: 'TUESDAY', openTime: '10:00', closeDay: 'TUESDAY', closeTime: '12:00' },
    ]);
    expect(startsOf(await slots(ids.Haircut!, monday), alex)).toEqual([]);
    const tuesdayStarts = startsOf(await slots(ids.Haircut!, tuesday), alex);
    expect(tuesdayStarts).toContain('10:00');
    expect(tuesdayStarts.every((start) => start >= '10:00' && start < '12:00')).toBe(true);
    // Sam's hours did not move.
    expect(startsOf(await slots(ids.Haircut!, monday), ids['Sam Rivera']!)).toContain('12:00');

    // Time off: a Wednesday afternoon away takes Sam's slots of that afternoon.
    await page.goto(`${plaza.url}/dashboard/bookings/staff/${ids['Sam Rivera']}`);
    await heading('Sam Rivera').waitFor();
    const wednesday = nextMonday.plus({ days: 2 });
    await page.getByLabel('From').fill(`${wednesday.toISODate()}T12:00`);
    await page.getByLabel('Until').fill(`${wednesday.toISODate()}T18:00`);
    await page.getByRole('button', { name: 'Add time off' }).click();
    await page.getByRole('listitem').filter({ hasText: '12:00–18:00' }).waitFor();
    expect(
      startsOf(await slots(ids.Haircut!, wednesday), ids['Sam Rivera']!).every((s) => s >= '18:00'),
    ).toBe(true);
    await page.getByRole('button', { name: /^Remove time off/ }).click();
    await page
      .getByRole('dialog', { name: 'Remove this time off?' })
      .getByRole('button', { name: 'Remove time off' })
      .click();
    await page.getByText('No time off planned.').waitFor();
    expect(startsOf(await slots(ids.Haircut!, wednesday), ids['Sam Rivera']!)).toContain('12:00');
  });

  it('sets a service to manual approval and approves the booking that then waits', async () => {
    await page.goto(`${plaza.url}/dashboard/bookings/services`);
    await heading('Services').waitFor();
    await page.getByTestId('service-Haircut').getByText('$45.00').waitFor();
    await page.getByLabel('Type', { exact: true }).selectOption('CLASS');
    await page.getByTestId('service-Haircut').waitFor({ state: 'detached' });
    await page.getByTestId('service-Yoga Flow').waitFor();
    expect(page.url()).toContain('type=CLASS');
    await page.getByLabel('Type', { exact: true }).selectOption('');
    await page.getByTestId('service-Haircut').waitFor();
    await look(page, 'bookings-services');

    // A new appointment service: the API's refusal sits beside the price, then it is made.
    const form = page.getByRole('region', { name: 'New appointment service' });
    await form.getByLabel('Name').fill('Beard trim');
    await form.getByLabel('Duration (minutes)').fill('30');
    await form.getByLabel('Price (USD)').fill('twenty');
    await form.getByRole('checkbox', { name: 'Alex Morgan' }).check();
    await form.getByRole('button', { name: 'Create service' }).click();
    await expect.poll(() => form.getByLabel('Price (USD)').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Price (USD)').fill('20');
    await form.getByRole('button', { name: 'Create service' }).click();
    await page.getByRole('status').filter({ hasText: '“Beard trim” was created.' }).waitFor();
    const trim = page.getByTestId('service-Beard trim');
    await trim.getByText('$20.00').waitFor();
    await trim.getByText('Alex Morgan', { exact: true }).waitFor();
    await page.getByLabel('Name contains').fill('beard');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(page.url()).toContain('q=beard');

    // Deleting asks first.
    await trim.getByRole('link', { name: 'Beard trim' }).click();
    await heading('Beard trim').waitFor();
    await page.getByRole('button', { name: 'Delete service' }).click();
    const asking = page.getByRole('dialog', { name: 'Delete Beard trim?' });
    await asking.getByRole('button', { name: 'Keep service' }).click();
    await asking.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Delete service' }).click();
    await asking.getByRole('button', { name: 'Delete service' }).click();
    await page.getByRole('status').filter({ hasText: '“Beard trim” was deleted.' }).waitFor();
    await page.getByTestId('service-Haircut').waitFor();
    await page.getByTestId('service-Beard trim').waitFor({ state: 'detached' });
    expect(
      (await plaza.call('POST', '/bookings/v2/services/query', { query: {} })).data.services,
    ).toHaveLength(4);

    await page.getByRole('link', { name: 'Free consultation' }).click();
    await heading('Free consultation').waitFor();
    await page.getByLabel('I approve each booking (manual approval)').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'The changes are saved.' }).waitFor();
    await look(page, 'bookings-service');
    const service = (await plaza.call('GET', `/bookings/v2/services/${ids['Free consultation']}`)).data
      .service;
    expect(service.onlineBooking.requireManualApproval).toBe(true);

    const thursday = nextMonday.plus({ days: 3 });
    const [entry, other] = await slots(ids['Free consultation']!, thursday);
    const bookingId = await book(entry!);
    const declinedId = await book(other!);
    expect((await statusOf(bookingId)).status).toBe('PENDING');

    // Home counts them, and leads to them.
    await page.goto(`${plaza.url}/dashboard/`);
    await expect.poll(() => page.getByTestId('pending-bookings').textContent()).toBe('2');
    await page.getByRole('main').getByRole('link', { name: 'Bookings', exact: true }).click();
    await heading('Approvals').waitFor();
    const row = page.getByTestId(`pending-${bookingId}`);
    await row.getByText('Free consultation').waitFor();
    const tab = page.getByRole('navigation', { name: 'Bookings' });
    await tab.getByRole('link', { name: 'Approvals 2 waiting' }).waitFor();
    await look(page, 'bookings-approvals');
    await row.getByRole('button', { name: /^Approve/ }).click();
    await page.getByRole('status').filter({ hasText: 'is approved' }).waitFor();
    expect((await statusOf(bookingId)).status).toBe('CONFIRMED');

    // Declining asks first, and frees the slot.
    const start = other!.slot.startDate.slice(11, 16);
    expect(
      startsOf(await slots(ids['Free consultation']!, thursday), other!.slot.resource!.id),
    ).not.toContain(start);
    await page
      .getByTestId(`pending-${declinedId}`)
      .getByRole('button', { name: /^Decline/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Decline this booking?' });
    await dialog.getByRole('button', { name: 'Keep it waiting' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await statusOf(declinedId)).status).toBe('PENDING');
    await page
      .getByTestId(`pending-${declinedId}`)
      .getByRole('button', { name: /^Decline/ })
      .click();
    await dialog.getByRole('button', { name: 'Decline booking' }).click();
    await page.getByRole('status').filter({ hasText: 'is declined' }).waitFor();
    expect((await statusOf(declinedId)).status).toBe('DECLINED');
    expect(startsOf(await slots(ids['Free consultation']!, thursday), other!.slot.resource!.id)).toContain(
      start,
    );
    await page.getByText('No booking is waiting for your approval.').waitFor();
    await tab.getByRole('link', { name: 'Approvals', exact: true }).waitFor();
  });

  it('finds a booking on the week calendar, moves it to a free slot, and cancels it: the slot is free again', async () => {
    const sam = ids['Sam Rivera']!;
    const wednesday = nextMonday.plus({ days: 2 });
    const thursday = nextMonday.plus({ days: 3 });
    const entry = (await slots(ids.Haircut!, wednesday)).find(
      (e) => e.slot.resource?.id === sam && e.slot.startDate.endsWith('T14:15:00'),
    );
    expect(entry).toBeDefined();
    const bookingId = await book(entry!);
    expect(startsOf(await slots(ids.Haircut!, wednesday), sam)).not.toContain('14:15');

    await page.goto(`${plaza.url}/dashboard/bookings/calendar`);
    await heading('Calendar').waitFor();
    await page.getByRole('button', { name: 'Next week' }).click();
    await page
      .getByText(
        `Week of ${nextMonday.toFormat('d LLL')} – ${nextMonday.plus({ days: 6 }).toFormat('d LLL yyyy')}`,
        {
          exact: true,
        },
      )
      .waitFor();
    const chip = page.getByRole('button', { name: '14:15 Haircut, with Sam Rivera' });
    await chip.waitFor();
    await look(page, 'bookings-calendar-week');
    // The staff filter keeps the week to one staff member, in the URL.
    await page.getByLabel('Staff member').selectOption({ label: 'Alex Morgan' });
    await chip.waitFor({ state: 'hidden' });
    expect(page.url()).toContain(`staff=${ids['Alex Morgan']}`);
    await page.getByLabel('Staff member').selectOption({ label: 'Sam Rivera' });
    await chip.click();
    const details = page.getByTestId('booking-details');
    await details.getByText('ada@example.com').or(details.getByText('A visitor')).first().waitFor();
    await details.getByText('Paid', { exact: true }).waitFor();

    // Move it to Thursday 15:00 with Sam (his slots run every 45 minutes from 12:00).
    await details.getByLabel('Day').fill(thursday.toISODate()!);
    await details.getByRole('radio', { name: '15:00 · Sam Rivera' }).check();
    await look(page, 'bookings-calendar');
    await details.getByRole('button', { name: 'Move booking' }).click();
    await details.getByRole('status').filter({ hasText: 'The booking is moved to Thu' }).waitFor();
    const moved = await statusOf(bookingId);
    expect(moved.startDate).toBe(`${thursday.toISODate()}T15:00:00.000Z`);
    expect(startsOf(await slots(ids.Haircut!, wednesday), sam)).toContain('14:15');
    expect(startsOf(await slots(ids.Haircut!, thursday), sam)).not.toContain('15:00');
    await page.getByRole('button', { name: '15:00 Haircut, with Sam Rivera' }).waitFor();

    await details.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await dialog.getByRole('button', { name: 'Keep booking' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await statusOf(bookingId)).status).toBe('CONFIRMED');
    await details.getByRole('button', { name: 'Cancel booking' }).click();
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await details.getByRole('status').filter({ hasText: 'cancelled and its slot is free again' }).waitFor();
    await page.getByRole('button', { name: '15:00 Haircut, with Sam Rivera' }).waitFor({ state: 'hidden' });
    expect((await statusOf(bookingId)).status).toBe('CANCELED');
    expect(startsOf(await slots(ids.Haircut!, thursday), sam)).toContain('15:00');
  });

  it("the demo's booking page follows a staff member's hours", async () => {
    const site = await demo;
    const alex = ids['Alex Morgan']!;
    // Alex back on the studio's hours (00:00–12:00 every day): some of any next 24 hours are theirs.
    const current = (await plaza.call('GET', `/bookings/v1/staff-members/${alex}`)).data.staffMember;
    const reset = await plaza.call('PATCH', `/bookings/v1/staff-members/${alex}`, {
      staffMember: {
        id: alex,
        revision: current.revision,
        workingHours: {
          periods: DAYS.map((day) => {
            const name = day.toUpperCase();
            return { openDay: name, openTime: '00:00', closeDay: name, closeTime: '12:00' };
          }),
        },
      },
    });
    expect(reset.status, JSON.stringify(reset.data)).toBe(200);

    const shop = await browser.newPage({ viewport: VIEWPORTS.desktop });
    /** Who the demo's Haircut slots of the next 24 hours are with, as a visitor reads them. */
    async function slotsOnDemo() {
      await shop.goto(`${site.origin}/booking`);
      const haircut = shop.locator('[data-service="Haircut"]');
      await haircut.waitFor();
      await shop.waitForFunction(() => !document.querySelector('[data-loading-overlay]'));
      await haircut.getByRole('button', { name: 'See slots' }).click();
      await shop.locator('[data-slot]').first().waitFor();
      return shop.locator('[data-slot]').allInnerTexts();
    }
    expect((await slotsOnDemo()).some((text) => text.includes('Alex Morgan'))).toBe(true);

    // Alex stops working today and tomorrow (UTC, the site's zone).
    const today = DateTime.utc();
    await page.goto(`${plaza.url}/dashboard/bookings/staff/${alex}`);
    await heading('Alex Morgan').waitFor();
    for (const day of [today, today.plus({ days: 1 })])
      await page.getByRole('button', { name: `Remove ${DAYS[day.weekday - 1]} period 1` }).click();
    await page.getByRole('button', { name: 'Save working hours' }).click();
    await page.getByRole('status').filter({ hasText: 'Working hours saved.' }).waitFor();

    const after = await slotsOnDemo();
    expect(after.some((text) => text.includes('Alex Morgan'))).toBe(false);
    expect(after.some((text) => text.includes('Sam Rivera'))).toBe(true);
    await screenshots(shop, 'demo-booking-after-hours');
    await shop.close();
  });

  it('a visitor gets nothing of the owner’s booking calls', async () => {
    const all = await plaza.call(
      'POST',
      '/_api/bookings-reader/v2/extended-bookings/query',
      { query: {} },
      visitor,
    );
    expect(all.status).toBe(403);
    const pending = await plaza.call(
      'POST',
      `/bookings/v2/bookings/${crypto.randomUUID()}/confirm`,
      {},
      visitor,
    );
    expect(pending.status).toBe(403);
    const hours = await plaza.call(
      'PATCH',
      `/bookings/v1/staff-members/${ids['Alex Morgan']}`,
      { staffMember: { id: ids['Alex Morgan'], revision: '1', workingHours: { periods: [] } } },
      visitor,
    );
    expect(hours.status).toBe(403);
  });
});

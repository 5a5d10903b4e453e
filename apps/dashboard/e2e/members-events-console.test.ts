import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from '../../hosted/e2e/axe.ts';
import { CARD_OK } from '../../server/test/flows/ecom-fixtures.ts';
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

/**
 * A member's page with what they bought; making an event with its tickets and publishing it for
 * visitors; editing and deleting a ticket type; adding, staffing and deleting a staff member.
 */
describe.skipIf(!hasBrowser)(
  'owner members, events and staff console in Chromium',
  { timeout: 120_000 },
  () => {
    let plaza: Plaza;
    let browser: Browser;
    let page: Page;
    let memberId: string;
    let memberToken: string;
    let quietId: string;
    let visitor: string;
    const email = 'rosa@example.com';

    const heading = (name: string) => page.getByRole('heading', { name, level: 1, exact: true });
    const tokenOf = async (subjectType: 'visitor' | 'member', subjectId: string) =>
      (
        await plaza.t.platform.identity.tokens.issue({
          siteId: plaza.demo.siteId,
          subjectType,
          subjectId,
          clientId: plaza.demo.clientId,
        })
      ).token;
    const ok = (answer: { status: number; data: unknown }) =>
      expect(answer.status, JSON.stringify(answer.data)).toBe(200);

    /** The member books a haircut through the hosted checkout and pays: a booking and a store order. */
    async function bookHaircut() {
      const services = (await plaza.call('POST', '/bookings/v2/services/query', { query: {} })).data.services;
      const haircut = services.find((s: { name: string }) => s.name === 'Haircut');
      const monday = DateTime.utc().startOf('week').plus({ weeks: 1 });
      const found = await plaza.call(
        'POST',
        '/_api/availability-calendar/v1/availability/query',
        {
          query: {
            filter: {
              serviceId: [haircut.id],
              startDate: monday.toISO(),
              endDate: monday.plus({ days: 5 }).toISO(),
              bookable: true,
            },
          },
          timezone: 'UTC',
        },
        memberToken,
      );
      ok(found);
      const session = await plaza.call(
        'POST',
        '/_api/redirects-api/v1/redirect-session',
        { bookingsCheckout: { slotAvailability: found.data.availabilityEntries[0], timezone: 'UTC' } },
        memberToken,
      );
      ok(session);
      const at = `/plaza/v1/redirect-sessions/${session.data.redirectSession.id}/checkout`;
      ok(await plaza.call('PATCH', at, { email }));
      ok(await plaza.call('POST', `${at}/pay`, { paymentMethod: 'test', card: CARD_OK }));
    }

    /** Two free tickets of the demo's concert, bought by the member. */
    async function buyTickets() {
      const events = await plaza.call('POST', '/events/v3/events/query', { includeDrafts: true, query: {} });
      const concert = events.data.events.find((e: { title: string }) => e.title === 'Summer Jazz Night');
      const guest = await plaza.call('POST', '/events/v3/ticket-definitions', {
        ticketDefinition: {
          eventId: concert.id,
          name: 'Guest list',
          pricingMethod: { fixedPrice: { value: '0' } },
        },
      });
      ok(guest);
      const reserved = await plaza.call(
        'POST',
        '/events/v1/checkout/reservations',
        {
          eventId: concert.id,
          ticketQuantities: [{ ticketDefinitionId: guest.data.ticketDefinition.id, quantity: 2 }],
        },
        memberToken,
      );
      ok(reserved);
      ok(
        await plaza.call(
          'POST',
          '/events/v1/checkout',
          {
            eventId: concert.id,
            reservationId: reserved.data.id,
            buyer: { firstName: 'Rosa', lastName: 'Parks', email },
          },
          memberToken,
        ),
      );
    }

    beforeAll(async () => {
      plaza = await startPlaza();
      visitor = await tokenOf('visitor', crypto.randomUUID());
      const registered = await plaza.call(
        'POST',
        '/_api/iam/authentication/v2/register',
        {
          loginId: { email },
          password: 'a long enough password 1',
          profile: { firstName: 'Rosa', lastName: 'Parks' },
        },
        visitor,
      );
      ok(registered);
      memberId = registered.data.identity.id;
      memberToken = await tokenOf('member', memberId);
      const quiet = await plaza.call(
        'POST',
        '/_api/iam/authentication/v2/register',
        { loginId: { email: 'quiet@example.com' }, password: 'a long enough password 2' },
        visitor,
      );
      ok(quiet);
      quietId = quiet.data.identity.id;
      await bookHaircut();
      await buyTickets();
      const plans = (await plaza.call('GET', '/pricing-plans/v2/plans?limit=100')).data.plans;
      const studio = plans.find((plan: { name: string }) => plan.name === 'Studio Pass');
      ok(
        await plaza.call('POST', '/pricing-plans/v2/checkout/orders/offline', {
          planId: studio.id,
          memberId,
          paid: true,
        }),
      );
      browser = await launchChromium();
      page = await browser.newPage({ viewport: VIEWPORTS.desktop });
      await signIn(page, plaza.url, plaza.demo.owner.email, plaza.demo.owner.password);
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await plaza?.close();
    });

    it('shows a member’s orders, bookings, tickets and plans on their page, and blocks after asking', async () => {
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Members', exact: true })
        .click();
      await heading('Members').waitFor();
      await page.getByRole('link', { name: email }).click();
      await heading('Rosa Parks').waitFor();

      const orders = page.getByRole('table', { name: 'Orders' });
      await orders.getByRole('row').nth(1).getByText('Paid').waitFor();
      const orderLink = orders.getByRole('link').first();
      const orderNumber = (await orderLink.textContent())?.replace('#', '');
      await page
        .getByRole('table', { name: 'Bookings' })
        .getByRole('row')
        .filter({ hasText: 'Haircut' })
        .waitFor();
      const tickets = page
        .getByRole('table', { name: 'Tickets' })
        .getByRole('row')
        .filter({ hasText: 'Summer Jazz Night' });
      await tickets.getByRole('cell', { name: '2', exact: true }).waitFor();
      await page
        .getByRole('table', { name: 'Plans' })
        .getByRole('row')
        .filter({ hasText: 'Studio Pass' })
        .getByText('Active')
        .waitFor();
      await page.getByRole('heading', { name: 'Plan benefits' }).waitFor();
      await look(page, 'member');

      await orderLink.click();
      await page
        .getByRole('heading', { level: 1 })
        .filter({ hasText: orderNumber ?? '' })
        .waitFor();
      await page.goBack();
      await heading('Rosa Parks').waitFor();
      await page.getByRole('button', { name: 'Block', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Block ${email}?` });
      await dialog.getByRole('button', { name: 'Keep member' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Block', exact: true }).click();
      await dialog.getByRole('button', { name: 'Block member' }).click();
      await page.getByRole('button', { name: 'Unblock', exact: true }).waitFor();
      const stored = await plaza.call('GET', `/members/v1/members/${memberId}`);
      expect(stored.data.member.status).toBe('BLOCKED');
      await page.getByRole('button', { name: 'Unblock', exact: true }).click();
      await page.getByRole('button', { name: 'Block', exact: true }).waitFor();
    });

    it('shows a member who bought nothing, and a member of no one', async () => {
      await page.goto(`${plaza.url}/dashboard/members/${quietId}`);
      await heading('quiet').waitFor();
      for (const empty of ['No orders yet.', 'No bookings yet.', 'No tickets yet.', 'No plans yet.'])
        await page.getByText(empty, { exact: true }).waitFor();
      await page.getByText('No valid plan gives them benefits.').waitFor();
      await look(page, 'member-empty');
      await page.goto(`${plaza.url}/dashboard/members/${crypto.randomUUID()}`);
      await heading('Member not found').waitFor();
    });

    it('creates an event with a ticket type, publishes it for visitors, edits and deletes tickets', async () => {
      await page.goto(`${plaza.url}/dashboard/events`);
      await heading('Events').waitFor();
      await page.getByRole('link', { name: 'New event' }).click();
      await heading('New event').waitFor();
      // The API's refusal sits beside the field it names.
      await page.getByRole('button', { name: 'Create draft event' }).click();
      await expect.poll(() => page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel('Title').fill('Harbour Lights Gala');
      await page.getByLabel('Starts').fill('2027-03-10T19:00');
      await page.getByLabel('Ends').fill('2027-03-10T23:00');
      await page.getByLabel('Time zone').selectOption('Europe/Paris');
      await page.getByLabel('Location name').fill('Pier 9');
      await page.getByLabel('Address').fill('9 Quai du Port, Marseille');
      await look(page, 'event-new');
      await page.getByRole('button', { name: 'Create draft event' }).click();
      await heading('Harbour Lights Gala').waitFor();
      await page.getByText('This event sells no tickets yet.').waitFor();
      const url = new URL(page.url());
      const eventId = url.pathname.split('/').at(-1)!;
      const stored = (await plaza.call('GET', `/events/v3/events/${eventId}`)).data.event;
      expect(stored).toMatchObject({ status: 'DRAFT', location: { name: 'Pier 9' } });
      expect(stored.dateAndTimeSettings).toMatchObject({
        startDate: '2027-03-10T18:00:00.000Z',
        timeZoneId: 'Europe/Paris',
      });

      await page.getByLabel('Ticket name').fill('Standard');
      await page.getByLabel(/^Price/).fill('twenty');
      await page.getByRole('button', { name: 'Add ticket' }).click();
      await expect.poll(() => page.getByLabel(/^Price/).getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel(/^Price/).fill('20');
      await page.getByLabel('How many').fill('100');
      await page.getByRole('button', { name: 'Add ticket' }).click();
      const types = page.getByRole('table', { name: 'Ticket types' });
      await types.getByRole('row').filter({ hasText: 'Standard' }).getByText('$20.00').waitFor();
      await page.getByLabel('Ticket name').fill('Spare');
      await page.getByRole('button', { name: 'Add ticket' }).click();
      await types.getByRole('row').filter({ hasText: 'Spare' }).waitFor();

      await page.getByRole('button', { name: 'Edit Standard' }).click();
      const form = page.getByRole('form', { name: 'Edit Standard' });
      await form.getByLabel(/^Price/).fill('25');
      await form.getByLabel('How many').fill('50');
      await form.getByLabel('Sale ends').fill('2027-03-10T18:00');
      await look(page, 'event-tickets');
      await form.getByRole('button', { name: 'Save ticket' }).click();
      await page.getByRole('status').filter({ hasText: 'Ticket “Standard” saved.' }).waitFor();
      const standard = types.getByRole('row').filter({ hasText: 'Standard' });
      await standard.getByText('$25.00').waitFor();
      await standard.getByRole('cell', { name: '50', exact: true }).waitFor();

      await page.getByRole('button', { name: 'Delete Spare' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Spare?' });
      await dialog.getByRole('button', { name: 'Keep ticket' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Delete Spare' }).click();
      await dialog.getByRole('button', { name: 'Delete ticket' }).click();
      await page.getByRole('status').filter({ hasText: 'Ticket “Spare” deleted.' }).waitFor();
      await types.getByRole('row').filter({ hasText: 'Spare' }).waitFor({ state: 'detached' });

      await page.getByRole('link', { name: 'Edit event' }).click();
      await heading('Edit event').waitFor();
      await expect.poll(() => page.getByLabel('Starts').inputValue()).toBe('2027-03-10T19:00');
      await page.getByLabel('Title').fill('Harbour Lights Gala 2027');
      await page.getByRole('button', { name: 'Save event' }).click();
      await heading('Harbour Lights Gala 2027').waitFor();

      // A visitor sees neither the draft nor its tickets until it is published.
      const publicTitles = async () =>
        (
          await plaza.call('POST', '/events/v3/events/query', { query: { paging: { limit: 100 } } }, visitor)
        ).data.events.map((e: { title: string }) => e.title);
      expect(await publicTitles()).not.toContain('Harbour Lights Gala 2027');
      await page.getByRole('link', { name: '← Events' }).click();
      await page.getByRole('button', { name: 'Publish Harbour Lights Gala 2027' }).click();
      await page.getByRole('status').filter({ hasText: 'is published' }).waitFor();
      expect(await publicTitles()).toContain('Harbour Lights Gala 2027');
      const available = await plaza.call(
        'POST',
        '/events/v3/ticket-definitions/available/query',
        { query: { filter: { eventId } } },
        visitor,
      );
      ok(available);
      expect(available.data.ticketDefinitions.map((d: { name: string }) => d.name)).toEqual(['Standard']);
      expect(available.data.ticketDefinitions[0]).toMatchObject({
        pricingMethod: { fixedPrice: { value: '25.00' } },
        initialLimit: 50,
      });
    });

    it('shows an event’s sales summary', async () => {
      await page.goto(`${plaza.url}/dashboard/events`);
      await page.getByRole('link', { name: 'Summer Jazz Night' }).click();
      await heading('Summer Jazz Night').waitFor();
      const sales = page.getByRole('region', { name: 'Sales' });
      await sales.getByText('Tickets sold').waitFor();
      const summary = (
        await plaza.call(
          'GET',
          `/events/v1/orders/summary?eventId=${new URL(page.url()).pathname.split('/').at(-1)}`,
        )
      ).data.sales[0];
      expect(summary.totalTickets).toBeGreaterThanOrEqual(2);
      await sales.getByText(String(summary.totalTickets), { exact: true }).waitFor();
      await look(page, 'event-sales');
    });

    it('adds a staff member with working hours, gives them a service and deletes them after asking', async () => {
      await page.goto(`${plaza.url}/dashboard/bookings/staff`);
      await heading('Staff').waitFor();
      await page.getByRole('button', { name: 'Add staff member' }).click();
      await expect
        .poll(() => page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid'))
        .toBe('true');
      await page.getByLabel('Name', { exact: true }).fill('Jo Park');
      await page.getByLabel('E-mail').fill('jo@example.com');
      await page.getByLabel('Working from').fill('10:00');
      await page.getByLabel('Working until').fill('16:00');
      await page.getByRole('group', { name: 'Working days' }).getByLabel('Friday').uncheck();
      await look(page, 'staff-new');
      await page.getByRole('button', { name: 'Add staff member' }).click();
      await page.getByRole('status').filter({ hasText: 'Jo Park added.' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: 'Jo Park' });
      await row.getByText('4 days, 24 h a week').waitFor();

      await row.getByRole('link', { name: 'Jo Park' }).click();
      await heading('Jo Park').waitFor();
      const staffId = new URL(page.url()).pathname.split('/').at(-1)!;
      await page.getByRole('group', { name: 'Services they give' }).getByLabel('Haircut').check();
      await page.getByRole('button', { name: 'Save services' }).click();
      await page.getByRole('status').filter({ hasText: 'Services saved.' }).waitFor();
      const services = (await plaza.call('POST', '/bookings/v2/services/query', { query: {} })).data.services;
      const haircut = services.find((s: { name: string }) => s.name === 'Haircut');
      expect(haircut.staffMemberIds).toContain(staffId);
      expect(haircut.staffMemberIds).toHaveLength(3);
      await look(page, 'staff-member-services');

      await page.getByRole('button', { name: 'Delete staff member' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Jo Park?' });
      await dialog.getByRole('button', { name: 'Keep staff member' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Delete staff member' }).click();
      await dialog.getByRole('button', { name: 'Delete staff member' }).click();
      await heading('Staff').waitFor();
      await page.getByRole('status').filter({ hasText: 'Jo Park was deleted.' }).waitFor();
      await page.getByRole('row').filter({ hasText: 'Jo Park' }).waitFor({ state: 'detached' });
      expect((await plaza.call('GET', `/bookings/v1/staff-members/${staffId}`)).status).toBe(404);
    });
  },
);

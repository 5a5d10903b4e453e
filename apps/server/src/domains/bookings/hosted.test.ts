import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../../../test/build-test-app.ts';
import { engines } from '../../../test/engines.ts';
import { CARD_OK } from '../../../test/flows/ecom-fixtures.ts';
import { createService, createStaff, haircut, ok, SERVICES } from './bookings.test-helper.ts';
import { bookingCalls, code, studio, violations } from './checkout.test-helper.ts';

const SESSION = '/_api/redirects-api/v1/redirect-session';
const at = (sessionId: string, rest: string) => `/plaza/v1/redirect-sessions/${sessionId}/bookings/${rest}`;

interface Slot {
  startDate: string;
  endDate: string;
  resource?: { id: string; name?: string };
  openSpots: number;
}

/**
 * The `bookingsBook {resourceId}` intent and the hosted service page's calls: the service, the next 14
 * days with their open slots in the buyer's zone, and booking one into the session's hosted checkout.
 */
describe.each(engines)('bookingsBook and the hosted service page (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;
  let services: Record<string, string>;
  let visitor: string;

  const open = (auth: string, value: unknown) =>
    t.call({ method: 'POST', url: SESSION, auth, payload: { bookingsBook: value } });
  async function session(auth: string, serviceId: string) {
    const response = await open(auth, { resourceId: serviceId });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.redirectSession.id as string;
  }
  const slots = (sessionId: string, query: string) =>
    t.call({ method: 'GET', url: `${at(sessionId, 'slots')}?${query}` });
  const book = (sessionId: string, slot: object) =>
    t.call({ method: 'POST', url: at(sessionId, 'book'), payload: { slot } });

  beforeAll(async () => {
    t = await buildTestApp(engine);
    // A Monday, 08:00 UTC (03:00 in New York).
    t.clock.set('2026-03-02T08:00:00.000Z');
    ({ site, services } = await studio(t));
    visitor = await site.token('visitor');
  }, 60_000);
  afterAll(() => t.close());

  it('opens the hosted service page, lists days and slots in the buyer zone, books and pays a slot', async () => {
    const response = await open(visitor, { resourceId: services.Haircut });
    expect(response.statusCode, response.body).toBe(200);
    const sessionId = response.data.redirectSession.id as string;
    expect(response.data.redirectSession.fullUrl).toMatch(/\/hosted\/book\?session=/);

    const page = await t.call({ method: 'GET', url: at(sessionId, 'service') });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.data.service).toMatchObject({
      id: services.Haircut,
      name: 'Haircut',
      type: 'APPOINTMENT',
      durationMinutes: 45,
      price: '$45.00',
      location: { name: 'Plaza Studio', address: '12 Market Street, Springfield' },
    });
    expect(page.data.service.staff.map((s: { name: string }) => s.name).sort()).toEqual([
      'Alex Morgan',
      'Sam Rivera',
    ]);

    const listed = await slots(sessionId, 'timezone=America/New_York');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.data.days).toHaveLength(14);
    expect(listed.data.days[0].date).toBe('2026-03-02');
    expect(listed.data.days[13].date).toBe('2026-03-15');
    expect(listed.data.date).toBe('2026-03-02');
    expect(listed.data.nextDateWithSlots).toBe('2026-03-03');
    const day: Slot[] = listed.data.slots;
    expect(day.length).toBe(listed.data.days[0].openSlots);
    expect(day.every((slot) => slot.startDate.startsWith('2026-03-02T'))).toBe(true);
    // Several staff members give the day's slots: the page groups them per staff member.
    expect(new Set(day.map((slot) => slot.resource?.name))).toEqual(new Set(['Alex Morgan', 'Sam Rivera']));

    const picked = day.find((slot) => slot.startDate === '2026-03-02T10:00:00')!;
    expect(picked).toBeDefined();
    const booked = await book(sessionId, {
      startDate: picked.startDate,
      timezone: 'America/New_York',
      resourceId: picked.resource!.id,
    });
    expect(booked.statusCode, booked.body).toBe(200);

    // The same session now opens the hosted checkout on that booking.
    const checkout = await t.call({
      method: 'GET',
      url: `/plaza/v1/redirect-sessions/${sessionId}/checkout`,
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.data.checkout.id).toBe(booked.data.checkoutId);
    expect(checkout.data.checkout.lineItems[0]).toMatchObject({
      itemType: { preset: 'SERVICE' },
      catalogReference: { catalogItemId: booked.data.bookingId },
      price: { amount: '45.00' },
    });
    const details = await t.call({
      method: 'PATCH',
      url: `/plaza/v1/redirect-sessions/${sessionId}/checkout`,
      payload: { email: 'ada@example.com' },
    });
    expect(details.statusCode, details.body).toBe(200);
    const paid = await t.call({
      method: 'POST',
      url: `/plaza/v1/redirect-sessions/${sessionId}/checkout/pay`,
      payload: { paymentMethod: 'test', card: CARD_OK },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const owned = await bookingCalls(t, () => site).owner(booked.data.bookingId);
    expect(owned).toMatchObject({
      status: 'CONFIRMED',
      paymentStatus: 'PAID',
      startDate: '2026-03-02T15:00:00.000Z',
      createdBy: { anonymousVisitorId: expect.any(String) },
    });

    // Paid: the slot is no longer offered, and the session books nothing more.
    const after = await slots(sessionId, 'timezone=America/New_York&date=2026-03-02');
    expect(after.statusCode).toBe(409);
    expect(code(after)).toBe('REDIRECT_SESSION_USED');
    const again = await book(sessionId, { startDate: '2026-03-02T11:00:00', timezone: 'America/New_York' });
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe('REDIRECT_SESSION_USED');
  });

  it('a slot taken meanwhile answers 409 SLOT_NOT_AVAILABLE with the next free ones', async () => {
    const first = await session(visitor, services.Haircut!);
    const second = await session(await site.token('visitor'), services.Haircut!);
    const listed = await slots(first, 'timezone=UTC&date=2026-03-03');
    const slot: Slot = listed.data.slots[0];
    const picked = { startDate: slot.startDate, timezone: 'UTC', resourceId: slot.resource!.id };
    expect((await book(first, picked)).statusCode).toBe(200);
    const late = await book(second, picked);
    expect(late.statusCode, late.body).toBe(409);
    expect(code(late)).toBe('SLOT_NOT_AVAILABLE');
    const next = late.data.details.applicationError.data.nextSlots as Slot[];
    expect(next.length).toBeGreaterThan(0);
    expect(next.some((s) => s.startDate === slot.startDate && s.resource?.id === slot.resource!.id)).toBe(
      false,
    );
    // The held slot is gone from that staff member's list of the day.
    const now = await slots(second, 'timezone=UTC&date=2026-03-03');
    expect(
      (now.data.slots as Slot[]).some(
        (s) => s.startDate === slot.startDate && s.resource?.id === slot.resource!.id,
      ),
    ).toBe(false);
  });

  it('picking another slot on the same session frees the one picked before', async () => {
    const sessionId = await session(visitor, services.Haircut!);
    const day: Slot[] = (await slots(sessionId, 'timezone=UTC&date=2026-03-04')).data.slots;
    // Far apart: the first slot's time and buffer do not stand in the second's way.
    const first = day[0];
    const second = day.at(-1);
    const pick = (slot: Slot) =>
      book(sessionId, { startDate: slot.startDate, timezone: 'UTC', resourceId: slot.resource!.id });
    const earlier = await pick(first!);
    expect(earlier.statusCode, earlier.body).toBe(200);
    const later = await pick(second!);
    expect(later.statusCode, later.body).toBe(200);
    expect((await bookingCalls(t, () => site).owner(earlier.data.bookingId)).status).toBe('CANCELED');
    const again: Slot[] = (await slots(sessionId, 'timezone=UTC&date=2026-03-04')).data.slots;
    const offered = (slot: Slot) =>
      again.some((s) => s.startDate === slot.startDate && s.resource?.id === slot.resource!.id);
    expect(offered(first!)).toBe(true);
    expect(offered(second!)).toBe(false);
    const checkout = await t.call({
      method: 'GET',
      url: `/plaza/v1/redirect-sessions/${sessionId}/checkout`,
    });
    expect(checkout.data.checkout.id).toBe(later.data.checkoutId);
  });

  it('a day without slots lists none and names the next day that has some', async () => {
    const monday = await createStaff(t, site, 'Mo Day', {
      workingHours: {
        periods: [{ openDay: 'MONDAY', openTime: '09:00', closeDay: 'MONDAY', closeTime: '17:00' }],
      },
    });
    const service = await createService(
      t,
      site,
      haircut({ name: 'Monday trim', staffMemberIds: [monday.id] }),
    );
    const sessionId = await session(visitor, service.id);
    const tuesday = await slots(sessionId, 'timezone=UTC&date=2026-03-03');
    expect(tuesday.statusCode, tuesday.body).toBe(200);
    expect(tuesday.data.slots).toEqual([]);
    expect(tuesday.data.nextDateWithSlots).toBe('2026-03-09');
    const days = tuesday.data.days as { date: string; openSlots: number }[];
    expect(days.filter((d) => d.openSlots > 0).map((d) => d.date)).toEqual(['2026-03-02', '2026-03-09']);
  });

  it('bad input answers 400 with the envelope and field violations', async () => {
    const missing = await open(visitor, {});
    expect(missing.statusCode).toBe(400);
    expect(violations(missing)).toEqual(['bookingsBook.resourceId']);
    const notId = await open(visitor, { resourceId: 'haircut' });
    expect(notId.statusCode).toBe(400);
    expect(violations(notId)).toEqual(['bookingsBook.resourceId']);

    const sessionId = await session(visitor, services.Haircut!);
    const noZone = await slots(sessionId, '');
    expect(noZone.statusCode).toBe(400);
    expect(noZone.data.details.validationError.fieldViolations.length).toBeGreaterThan(0);
    const badZone = await slots(sessionId, 'timezone=Mars/Olympus');
    expect(badZone.statusCode, badZone.body).toBe(400);
    expect(violations(badZone)).toEqual(['timezone']);
    const farDate = await slots(sessionId, 'timezone=UTC&date=2026-04-30');
    expect(farDate.statusCode).toBe(400);
    expect(violations(farDate)).toEqual(['date']);
    const badStart = await book(sessionId, { startDate: 'tomorrow', timezone: 'UTC' });
    expect(badStart.statusCode, badStart.body).toBe(400);
    expect(violations(badStart)).toEqual(['slot.startDate']);
    const noSlot = await t.call({ method: 'POST', url: at(sessionId, 'book'), payload: {} });
    expect(noSlot.statusCode).toBe(400);
  });

  it('refuses an unknown service, a hidden one, a stranger session and a session of another intent', async () => {
    const unknown = await open(visitor, { resourceId: '5a1d7a3e-0000-4000-8000-000000000001' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.data.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'bookingsBook.resourceId',
      ruleName: 'SERVICE_NOT_FOUND',
    });

    const hidden = await createService(t, site, haircut({ name: 'Staff only', hidden: true }));
    for (const auth of [visitor, site.adminKey]) {
      const refused = await open(auth, { resourceId: hidden.id });
      expect(refused.statusCode).toBe(400);
      expect(violations(refused)).toEqual(['bookingsBook.resourceId']);
    }

    // Hidden after the page opened: the page's calls answer it is gone.
    const shown = await createService(t, site, haircut({ name: 'Soon hidden' }));
    const sessionId = await session(visitor, shown.id);
    await ok(t, site, 'PATCH', `${SERVICES}/${shown.id}`, {
      service: { id: shown.id, revision: shown.revision, hidden: true },
    });
    const gone = await t.call({ method: 'GET', url: at(sessionId, 'service') });
    expect(gone.statusCode).toBe(404);
    expect(code(gone)).toBe('SERVICE_NOT_FOUND');

    const stranger = await t.call({
      method: 'GET',
      url: at('6b2e8b4f-0000-4000-8000-000000000002', 'service'),
    });
    expect(stranger.statusCode).toBe(404);
    expect(code(stranger)).toBe('REDIRECT_SESSION_NOT_FOUND');

    const login = await t.call({ method: 'POST', url: SESSION, auth: visitor, payload: { login: {} } });
    const wrong = await t.call({ method: 'GET', url: at(login.data.redirectSession.id, 'service') });
    expect(wrong.statusCode).toBe(400);
    expect(code(wrong)).toBe('WRONG_INTENT');
  });

  it("keeps sites apart: another site's visitor cannot open this site's service", async () => {
    const other = await t.createSite({ timeZone: 'UTC' });
    const outsider = await other.token('visitor');
    const refused = await open(outsider, { resourceId: services.Haircut });
    expect(refused.statusCode).toBe(400);
    expect(violations(refused)).toEqual(['bookingsBook.resourceId']);
  });
});

import { availabilityCalendar, services } from '@wix/bookings';
import { createClient } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { CUSTOM_HOST } from './harness.ts';
import { demoOwnerAuth, demoVisitorAuth, plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/bookings` `availabilityCalendar` (map 7), unchanged, against Plaza's demo site: the query
 * exactly as the demo app sends it (visitor, edge host), schedule availability of the seeded course
 * and multi-slot availability (owner, www host and a custom API host, where both go to bare paths).
 */

const modules = { availabilityCalendar, services };
let visitor: ReturnType<typeof visitorClient>;
let owner: ReturnType<typeof ownerClient>;
let custom: ReturnType<typeof customHostClient>;

const visitorClient = () => createClient({ modules, auth: demoVisitorAuth(), fetch: plaza.fetch });
const ownerClient = () =>
  createClient({
    modules,
    auth: demoOwnerAuth(),
    fetch: plaza.fetch,
  });
const customHostClient = () =>
  createClient({
    modules,
    auth: demoOwnerAuth(),
    host: { apiBaseUrl: CUSTOM_HOST },
    useCDN: false,
    fetch: plaza.fetch,
  } as Parameters<typeof createClient>[0]) as ReturnType<typeof ownerClient>;

usePlazaPerFile(() => {
  visitor = visitorClient();
  owner = ownerClient();
  custom = customHostClient();
});

const lastCall = () => plaza.requests.at(-1)!;

async function serviceNamed(name: string) {
  const listed = await visitor.services.queryServices().eq('name', name).find();
  return listed.items[0]!;
}

describe('availabilityCalendar against Plaza', () => {
  it("queryAvailability as the demo app calls it: the haircut's slots for the coming day", async () => {
    const haircut = await serviceNamed('Haircut');
    const startDate = new Date();
    const endDate = new Date(startDate.getTime() + 24 * 3_600_000);
    const { availabilityEntries = [] } = await visitor.availabilityCalendar.queryAvailability(
      {
        filter: {
          serviceId: [haircut._id],
          startDate: startDate.toISOString(),
          endDate: endDate.toISOString(),
        },
      },
      { timezone: 'UTC' },
    );
    expect(lastCall().pathAndQuery).toBe('/availability-calendar/v1/availability/query');
    expect(availabilityEntries.length).toBeGreaterThan(0);
    const first = availabilityEntries[0]!;
    expect(first).toMatchObject({
      slot: {
        serviceId: haircut._id,
        scheduleId: haircut.schedule!._id,
        timezone: 'UTC',
        location: { locationType: 'OWNER_BUSINESS', name: 'Plaza Studio' },
      },
      isFromV2: false,
    });
    // Local date-time strings reach the caller as strings (map 7), the resource's id as `_id`.
    expect(typeof first.slot!.startDate).toBe('string');
    expect(first.slot!.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(first.slot!.resource?._id).toBeDefined();
    expect(availabilityEntries.some((e) => e.bookable)).toBe(true);

    const limited = await custom.availabilityCalendar.queryAvailability(
      {
        filter: {
          serviceId: [haircut._id],
          startDate: startDate.toISOString(),
          endDate: endDate.toISOString(),
        },
      },
      { timezone: 'America/New_York', slotsPerDay: 1 },
    );
    expect(lastCall().pathAndQuery).toBe('/_api/availability-calendar/v1/availability/query');
    expect(limited.availabilityEntries!.length).toBeLessThanOrEqual(2);
    expect(limited.availabilityEntries![0]?.slot?.timezone).toBe('America/New_York');
  });

  it('getScheduleAvailability: the pottery course as a whole', async () => {
    const course = await serviceNamed('Pottery course');
    for (const client of [owner, custom]) {
      const answer = await client.availabilityCalendar.getScheduleAvailability(course.schedule!._id!);
      expect(answer).toMatchObject({
        availability: { totalSpots: 8, openSpots: 8 },
        bookingPolicySettings: { maxParticipantsPerBooking: 2 },
      });
    }
    expect(lastCall().pathAndQuery).toMatch(
      /^\/_api\/availability-calendar\/v2\/availability\/schedule\/[^/?]+/,
    );
  });

  it('calculateMultiSlotAvailability: a haircut then a consultation, back to back', async () => {
    const haircut = await serviceNamed('Haircut');
    const consultation = await serviceNamed('Free consultation');
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const client of [owner, custom]) {
      const answer = await client.availabilityCalendar.calculateMultiSlotAvailability({
        from: `${day}T09:00:00`,
        to: `${day}T18:00:00`,
        timeZone: 'UTC',
        slots: [{ serviceId: haircut._id! }, { serviceId: consultation._id! }],
        cursorPaging: { limit: 3 },
      });
      expect(answer.cursorPagingMetadata).toMatchObject({ count: 3, hasNext: true });
      const [first] = answer.slots!;
      expect(first!.slot).toMatchObject({
        startDate: `${day}T09:00:00`,
        endDate: `${day}T10:15:00`,
      });
      // The package's SlotAvailability type omits nestedTimeSlots; the wire carries them (map 7).
      const nested = (first as { nestedTimeSlots?: { serviceId: string }[] }).nestedTimeSlots;
      expect(nested?.map((n) => n.serviceId)).toEqual([haircut._id, consultation._id]);
    }
    expect(lastCall().pathAndQuery).toBe('/_api/availability-calendar/v1/availability/multislot');
  });
});

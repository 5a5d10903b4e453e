/**
 * The bookings of the bench, written through the service layer. The demo's query reads the demo site's
 * haircut (seed/bookings.ts, seeded by `seedDemo`). The bench site gets two appointment services on
 * 15-minute slots, each with staff of its own: a month of the first (10 staff, 09:00–17:00 every day)
 * is the large answer; the second (5 staff round the clock) is booked, one slot after another, by the
 * booking scenario — enough slots that no load books one twice.
 */
import { DateTime } from 'luxon';
import type { buildPlatform } from '../apps/server/src/deps.ts';
import { createService, createStaffMember } from '../apps/server/src/domains/bookings/index.ts';
import { createHeldBooking } from '../apps/server/src/domains/bookings/service/bookings.ts';
import type { Caller } from '../apps/server/src/http/access.ts';

type Platform = Awaited<ReturnType<typeof buildPlatform>>;

const DAY = 86_400_000;
const WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

/** The month's service: its staff and their hours. */
export const MONTH_STAFF = 10;
export const MONTH_DAYS = 30;
/** The booked service: its staff (round the clock) and the days of slots the load books in turn. */
export const BOOKING_STAFF = 5;
export const BOOKING_DAYS = 60;
const SLOT_MINUTES = 15;

/** A slot as `createBooking` names it (an availability entry's `slot`). */
export interface BenchSlot {
  serviceId: string;
  startDate: string;
  timezone: string;
  resource: { id: string };
}

export interface BookingsBench {
  /** The demo site's haircut, and the demo's request window: the next 24 hours from the seed. */
  demoServiceId: string;
  dayFrom: string;
  dayTo: string;
  /** The 10-staff service and its month, from the next UTC midnight. */
  monthServiceId: string;
  monthFrom: string;
  monthTo: string;
  /** The slot the capture books, then every other slot of the booked service, soonest first. */
  captureSlot: BenchSlot;
  slots: BenchSlot[];
  /** A booking of that service as stored (its JSON): the document each booking writes. */
  storedBooking: string;
}

const local = (ms: number) => DateTime.fromMillis(ms, { zone: 'utc' }).toFormat("yyyy-MM-dd'T'HH:mm:ss");

async function staffService(platform: Platform, owner: Caller, name: string, staff: number, hours: string[]) {
  const staffIds: string[] = [];
  for (let i = 0; i < staff; i++) {
    const member = await createStaffMember(platform.bookings, owner, {
      name: `${name} staff ${i + 1}`,
      workingHours: {
        periods: WEEK.map((day) => ({
          openDay: day,
          openTime: hours[0],
          closeDay: day,
          closeTime: hours[1],
        })),
      },
    });
    staffIds.push(member.id as string);
  }
  const service = await createService(platform.bookings, owner, {
    name,
    type: 'APPOINTMENT',
    staffMemberIds: staffIds,
    payment: {
      rateType: 'FIXED',
      fixed: { price: { value: '30' } },
      options: { online: true, inPerson: true },
    },
    schedule: { availabilityConstraints: { sessionDurations: [SLOT_MINUTES] } },
  });
  return { serviceId: service.id as string, staffIds };
}

export async function seedBookingsBench(
  platform: Platform,
  owner: Caller,
  visitor: Caller,
  demoSiteId: string,
): Promise<BookingsBench> {
  const now = platform.clock.nowMs();
  const demo = await platform.bookings.store.services.forSite(demoSiteId).query({ paging: { limit: 50 } });
  const haircut = demo.items.map((item) => JSON.parse(item) as { id: string; name: string });
  const demoServiceId = haircut.find((service) => service.name === 'Haircut')?.id;
  if (!demoServiceId) throw new Error('bookings seed: the demo site has no Haircut');

  const month = await staffService(platform, owner, 'Bench month', MONTH_STAFF, ['09:00', '17:00']);
  const booked = await staffService(platform, owner, 'Bench booking', BOOKING_STAFF, ['00:00', '24:00']);

  // Whole UTC days from tomorrow, so that no slot of them is past while the bench runs.
  const midnight = DateTime.fromMillis(now, { zone: 'utc' }).startOf('day').toMillis() + DAY;
  const slots: BenchSlot[] = [];
  for (let t = midnight; t < midnight + BOOKING_DAYS * DAY; t += SLOT_MINUTES * 60_000) {
    for (const id of booked.staffIds) {
      slots.push({ serviceId: booked.serviceId, startDate: local(t), timezone: 'UTC', resource: { id } });
    }
  }
  const [captureSlot, ...rest] = slots;
  // One booking of a slot of its own, for the document the writing twin stores.
  const last = rest.pop()!;
  const booking = await createHeldBooking(platform.bookings, visitor, { slot: last });
  const stored = await platform.bookings.store.bookings.forSite(owner.siteId).get(booking.id);
  return {
    demoServiceId,
    dayFrom: new Date(now).toISOString(),
    dayTo: new Date(now + DAY).toISOString(),
    monthServiceId: month.serviceId,
    monthFrom: new Date(midnight).toISOString(),
    monthTo: new Date(midnight + MONTH_DAYS * DAY).toISOString(),
    captureSlot: captureSlot!,
    slots: rest,
    storedBooking: JSON.stringify(stored),
  };
}

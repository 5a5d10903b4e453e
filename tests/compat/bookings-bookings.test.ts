import { availabilityCalendar, bookings, extendedBookings, services } from '@wix/bookings';
import { createClient } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { CUSTOM_HOST } from './harness.ts';
import { demoOwnerAuth, demoVisitorAuth, plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * `@wix/bookings` `bookings` and `extendedBookings`, unchanged, against Plaza's demo site: a visitor
 * books a slot availability offers (held for the checkout), a second booking of it is refused, the
 * owner lists it with the query builder and cancels it, and calls on a booking in the wrong state
 * come back as the package's errors.
 */

const modules = { availabilityCalendar, bookings, extendedBookings, services };
let visitor: ReturnType<typeof visitorClient>;
let owner: ReturnType<typeof ownerClient>;
let custom: ReturnType<typeof ownerClient>;

const visitorClient = () => createClient({ modules, auth: demoVisitorAuth(), fetch: plaza.fetch });
const ownerClient = () => createClient({ modules, auth: demoOwnerAuth(), fetch: plaza.fetch });

usePlazaPerFile(() => {
  visitor = visitorClient();
  owner = ownerClient();
  custom = createClient({
    modules,
    auth: demoOwnerAuth(),
    host: { apiBaseUrl: CUSTOM_HOST },
    useCDN: false,
    fetch: plaza.fetch,
  } as Parameters<typeof createClient>[0]) as ReturnType<typeof ownerClient>;
});

const lastCall = () => plaza.requests.at(-1)!;

async function openSlots(name: string) {
  const service = (await visitor.services.queryServices().eq('name', name).find()).items[0]!;
  const startDate = new Date();
  const { availabilityEntries = [] } = await visitor.availabilityCalendar.queryAvailability(
    {
      filter: {
        serviceId: [service._id],
        startDate: startDate.toISOString(),
        endDate: new Date(startDate.getTime() + 24 * 3_600_000).toISOString(),
        bookable: true,
      },
    },
    { timezone: 'UTC' },
  );
  return { service, entries: availabilityEntries };
}

describe('bookings against Plaza', () => {
  it('a visitor books an offered slot (CREATED, held); the slot is refused to the next; the owner lists and cancels it', async () => {
    const { service, entries } = await openSlots('Free consultation');
    const entry = entries[0]!;
    // The availability `Slot` and the booking's `BookedSlot` are typed apart; the wire shape is the same.
    const booking = (await visitor.bookings.createBooking({ bookedEntity: { slot: entry.slot as never } }))
      .booking!;
    expect(lastCall().pathAndQuery).toBe('/_api/bookings-service/v2/bookings');
    expect(booking).toMatchObject({
      status: 'CREATED',
      totalParticipants: 1,
      bookedEntity: {
        title: 'Free consultation',
        slot: {
          serviceId: service._id,
          startDate: entry.slot!.startDate,
          resource: { _id: expect.any(String) },
        },
      },
      createdBy: { anonymousVisitorId: expect.any(String) },
    });
    expect(booking._id).toBeDefined();
    expect(booking.startDate).toBeInstanceOf(Date);

    await expect(
      visitor.bookings.createBooking({ bookedEntity: { slot: entry.slot as never } }),
    ).rejects.toMatchObject({
      details: { applicationError: { code: 'SLOT_NOT_AVAILABLE' } },
    });

    const listed = await owner.extendedBookings
      .queryExtendedBookings({ withBookingAllowedActions: true })
      .limit(100)
      .find();
    expect(lastCall().pathAndQuery).toBe('/_api/bookings-reader/v2/extended-bookings/query');
    expect(listed.items.map((item) => item.booking?._id)).toContain(booking._id);

    // A CREATED booking is not the owner's to approve: the package surfaces the refusal.
    await expect(owner.bookings.confirmBooking(booking._id!, booking.revision!)).rejects.toMatchObject({
      details: { applicationError: { code: 'INVALID_BOOKING_STATUS' } },
    });
    await expect(custom.bookings.declineBooking(booking._id!, booking.revision!)).rejects.toMatchObject({
      details: { applicationError: { code: 'INVALID_BOOKING_STATUS' } },
    });
    expect(lastCall().pathAndQuery).toBe(`/_api/bookings-service/v2/bookings/${booking._id}/decline`);
    await expect(
      owner.bookings.rescheduleBooking(booking._id!, entries[1]!.slot as never, {
        revision: booking.revision!,
      }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'INVALID_BOOKING_STATUS' } } });

    const { booking: canceled } = await owner.bookings.cancelBooking(booking._id!, {
      revision: booking.revision!,
    });
    expect(lastCall().pathAndQuery).toBe(`/_api/bookings-service/v2/bookings/${booking._id}/cancel`);
    expect(canceled?.status).toBe('CANCELED');
    // Freed: the slot is offered again.
    const again = await openSlots('Free consultation');
    expect(again.entries.some((e) => e.slot?.startDate === entry.slot!.startDate)).toBe(true);
  });

  it('a visitor may not confirm, nor list bookings', async () => {
    await expect(
      visitor.bookings.confirmBooking('00000000-0000-4000-8000-000000000000', '1'),
    ).rejects.toMatchObject({
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
    await expect(visitor.extendedBookings.queryExtendedBookings().find()).rejects.toMatchObject({
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
  });
});

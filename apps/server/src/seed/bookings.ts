/**
 * Demo bookings: a studio with one business location and a booking policy, two stylists on
 * different hours giving the haircut, a weekly yoga class (members may pay with the demo class plans),
 * a six-week pottery course and a free consultation. The stylists cover every hour between them, so a
 * haircut slot is always open within a day; the class meets every Tuesday, the course on six Saturdays
 * from the next one.
 */
import { DateTime } from 'luxon';
import type { Platform } from '../deps.ts';
import {
  createBookingPolicy,
  createBusinessLocation,
  createCategory,
  createService,
  createStaffMember,
  enablePricingPlans,
} from '../domains/bookings/index.ts';
import type { Caller } from '../http/access.ts';
import { CLASS_PLAN_IDS } from './plans.ts';

/** The first Saturday after `now` (UTC dates) and the one five weeks later: a six-week course. */
function sixSaturdays(now: Date) {
  const today = DateTime.fromJSDate(now, { zone: 'utc' });
  const first = today.plus({ days: (6 - today.weekday + 7) % 7 || 7 });
  return { startDate: first.toISODate()!, endDate: first.plus({ weeks: 5 }).toISODate()! };
}

const weekdays = (days: readonly string[], openTime: string, closeTime: string) =>
  days.map((day) => ({ openDay: day, openTime, closeDay: day, closeTime }));

export async function seedBookings(platform: Platform, siteId: string) {
  const deps = platform.bookings;
  const owner: Caller = {
    siteId,
    kind: 'admin',
    subjectId: 'seed',
    clientId: undefined,
    accessToken: undefined,
  };

  const studio = await createBusinessLocation(deps, owner, {
    name: 'Plaza Studio',
    email: 'studio@plaza.example',
    phone: '+1 555 0100',
    address: { country: 'US', city: 'Springfield', formatted: '12 Market Street, Springfield' },
  });
  const policy = await createBookingPolicy(deps, owner, {
    name: 'Studio policy',
    limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 60 },
    cancellationPolicy: { enabled: true, limitLatestCancellation: true, latestCancellationInMinutes: 720 },
    participantsPolicy: { maxParticipantsPerBooking: 2 },
    waitlistPolicy: { enabled: true, capacity: 5 },
  });
  const hair = await createCategory(deps, owner, { name: 'Hair', sortOrder: 1 });
  const classes = await createCategory(deps, owner, { name: 'Classes', sortOrder: 2 });

  // Between them the stylists cover every hour of every day, so a slot is always open within a day.
  const early = await createStaffMember(deps, owner, {
    name: 'Alex Morgan',
    description: 'Cuts and colour, early shifts.',
    workingHours: {
      periods: weekdays(
        ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
        '00:00',
        '12:00',
      ),
    },
  });
  const late = await createStaffMember(deps, owner, {
    name: 'Sam Rivera',
    description: 'Cuts and styling, late shifts.',
    workingHours: {
      periods: weekdays(
        ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
        '12:00',
        '24:00',
      ),
    },
  });

  const located = {
    locations: [{ type: 'BUSINESS', business: { id: studio.id } }],
    bookingPolicy: { id: policy.id },
  };
  await createService(deps, owner, {
    name: 'Haircut',
    type: 'APPOINTMENT',
    tagLine: 'A cut and a blow-dry',
    category: { id: hair.id },
    staffMemberIds: [early.id, late.id],
    payment: {
      rateType: 'FIXED',
      fixed: { price: { value: '45' } },
      options: { online: true, inPerson: true },
    },
    schedule: { availabilityConstraints: { sessionDurations: [45], timeBetweenSessions: 15 } },
    ...located,
  });
  await createService(deps, owner, {
    name: 'Free consultation',
    type: 'APPOINTMENT',
    tagLine: 'Fifteen minutes to plan your look',
    category: { id: hair.id },
    staffMemberIds: [early.id, late.id],
    payment: { rateType: 'NO_FEE' },
    schedule: { availabilityConstraints: { sessionDurations: [15] } },
    ...located,
  });
  const yoga = await createService(deps, owner, {
    name: 'Yoga Flow',
    type: 'CLASS',
    tagLine: 'Every Tuesday at 18:00',
    category: { id: classes.id },
    defaultCapacity: 12,
    payment: {
      rateType: 'FIXED',
      fixed: { price: { value: '18' } },
      options: { online: true, inPerson: true },
    },
    schedule: {
      weeklySessions: [
        { weekday: 'TUESDAY', startTime: '18:00', durationInMinutes: 60, staffMemberId: late.id },
      ],
    },
    staffMemberIds: [late.id],
    ...located,
  });
  // Members pay for the class with a plan's credits (seed/plans.ts).
  await enablePricingPlans(deps, owner, String(yoga.id), [...CLASS_PLAN_IDS]);
  await createService(deps, owner, {
    name: 'Pottery course',
    type: 'COURSE',
    tagLine: 'Six Saturdays at the wheel',
    category: { id: classes.id },
    defaultCapacity: 8,
    payment: {
      rateType: 'FIXED',
      fixed: { price: { value: '240' } },
      options: { online: true, inPerson: false },
    },
    schedule: {
      weeklySessions: [
        {
          weekday: 'SATURDAY',
          startTime: '10:00',
          durationInMinutes: 120,
          ...sixSaturdays(platform.clock.now()),
        },
      ],
    },
    ...located,
  });
}

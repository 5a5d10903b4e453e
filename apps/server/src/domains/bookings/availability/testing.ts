/** Builders for the engine's tests: a plain service, staff member and request with sensible defaults. */
import type {
  AvailabilityRequest,
  Offer,
  ServiceInput,
  StaffMember,
  Weekday,
  WorkingRange,
} from './types.ts';

export const EVERY_DAY: Weekday[] = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

export function staffMember(id: string, hours: WorkingRange[], days: Weekday[] = EVERY_DAY): StaffMember {
  return { id, name: `Staff ${id}`, workingHours: Object.fromEntries(days.map((d) => [d, hours])) };
}

export function appointment(overrides: Partial<ServiceInput> = {}): ServiceInput {
  return {
    id: 'svc-cut',
    type: 'APPOINTMENT',
    timeZone: 'UTC',
    durationMinutes: 60,
    bufferMinutes: 0,
    staffIds: ['a'],
    policy: { onlineBookingEnabled: true },
    location: { locationType: 'OWNER_BUSINESS', id: 'loc-1', name: 'Salon' },
    ...overrides,
  };
}

export function request(
  from: string,
  to: string,
  overrides: Partial<AvailabilityRequest> = {},
): AvailabilityRequest {
  return { from, to, now: '2024-01-01T00:00:00Z', ...overrides };
}

export const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/** `start` instant, local start string and staff id of each entry, for compact assertions. */
export function summary(offers: Offer[]): string[] {
  return offers.map((o) => `${iso(o.start)} ${o.entry.slot.startDate} ${o.entry.slot.resource?.id ?? '-'}`);
}

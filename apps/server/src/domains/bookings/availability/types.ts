/**
 * Plain inputs and outputs of the availability engine. The service layer fills the inputs from its
 * documents; the outputs are already the wire shapes of map §7 (`SlotAvailability`, `Slot`), so a
 * route only wraps them.
 *
 * Instants are epoch milliseconds, a `Date`, or an ISO string (read as UTC when it has no offset).
 * Local values (working hours, class start times, time-off dates) are wall-clock values in the
 * business time zone.
 */

export type Instant = number | string | Date;

export type ServiceType = 'APPOINTMENT' | 'CLASS' | 'COURSE';

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** `HH:mm` on a 24-hour clock; `24:00` is accepted as the end of a day. */
export type LocalTime = string;
/** `YYYY-MM-DD`. */
export type LocalDate = string;

export interface BookingPolicy {
  onlineBookingEnabled: boolean;
  /** Booking opens this many minutes before the start at the earliest (null: any time ahead). */
  earliestBookingMinutes?: number | null;
  /** Booking closes this many minutes before the start (null or 0: until the start). */
  latestBookingMinutes?: number | null;
  /** A class or course may still be booked once it has started, until it ends. */
  bookAfterStartAllowed?: boolean;
  /** Waiting-list places per session (class) or per course; null or 0: no waiting list. */
  waitlistCapacity?: number | null;
  maxParticipantsPerBooking?: number | null;
}

export type LocationType = 'UNDEFINED' | 'OWNER_BUSINESS' | 'OWNER_CUSTOM' | 'CUSTOM';

export interface SlotLocation {
  id?: string | null;
  name?: string | null;
  formattedAddress?: string | null;
  formattedAddressTranslated?: string | null;
  locationType: LocationType;
}

export interface WorkingRange {
  start: LocalTime;
  end: LocalTime;
}

export type TimeOff =
  | { start: Instant; end: Instant }
  /** Whole local days in the business zone, both ends included. */
  | { startDate: LocalDate; endDate: LocalDate };

export interface StaffMember {
  id: string;
  name: string;
  /** Absent or empty weekday: not working that day. */
  workingHours: Partial<Record<Weekday, WorkingRange[]>>;
  timeOff?: TimeOff[];
}

/** An existing booking or a hold on a staff member's time. An expired hold no longer blocks. */
export interface BusyInterval {
  staffId: string;
  start: Instant;
  end: Instant;
  expiresAt?: Instant | null;
}

/** A weekly rule: one session per matching local weekday between `from` and `to` (both included). */
export interface WeeklySessions {
  weekday: Weekday;
  start: LocalTime;
  durationMinutes: number;
  from: LocalDate;
  /** Required for a course; a class without it repeats until the query's end. */
  to?: LocalDate | null;
  staffId?: string | null;
  /** Overrides the schedule's capacity for these sessions. */
  capacity?: number | null;
  location?: SlotLocation | null;
}

/** Participants on one class session (matched by schedule and start instant) or on a whole course. */
export interface SessionLoad {
  scheduleId: string;
  /** The session's start; absent for a course, which is booked as a whole. */
  start?: Instant;
  booked: number;
  held?: number;
  waitlisted?: number;
}

export interface SessionSchedule {
  scheduleId: string;
  capacity: number;
  rules: WeeklySessions[];
  /** Local dates on which no session takes place (holidays, cancellations). */
  cancelledDates?: LocalDate[];
}

export interface ServiceInput {
  id: string;
  type: ServiceType;
  /** The business time zone, IANA. */
  timeZone: string;
  /** Appointment length. Sessions of classes and courses carry their own. */
  durationMinutes: number;
  /** Kept free around each booking of a staff member giving this service. */
  bufferMinutes?: number;
  /** Staff who give the service, in the order ties are broken. */
  staffIds: string[];
  /** The appointment schedule id; staff ids are used when absent. */
  scheduleId?: string | null;
  policy: BookingPolicy;
  location?: SlotLocation | null;
  /** CLASS and COURSE only. */
  sessions?: SessionSchedule | null;
}

export interface ViolationsFilter {
  tooEarlyToBook?: boolean | null;
  tooLateToBook?: boolean | null;
  bookOnlineDisabled?: boolean | null;
}

export interface AvailabilityRequest {
  from: Instant;
  to: Instant;
  /** The zone in which slot times are written and days are counted; the business zone when absent. */
  timeZone?: string | null;
  now: Instant;
  slotsPerDay?: number | null;
  /** Minutes between candidate starts; the duration when absent. */
  stepMinutes?: number | null;
  bookableOnly?: boolean;
  violations?: ViolationsFilter | null;
  /** Only these staff members (a resources filter). */
  staffIds?: string[] | null;
  location?: Pick<SlotLocation, 'id' | 'locationType'> | null;
}

/** What the engine knows of the world at `now`, beyond the service itself. */
export interface AvailabilityWorld {
  staff: StaffMember[];
  busy?: BusyInterval[];
  /** CLASS: one entry per session that has participants; COURSE: one entry without `start`. */
  loads?: SessionLoad[];
}

// ---- outputs (wire shapes) ----

export interface BookingPolicyViolations {
  tooEarlyToBook: boolean;
  tooLateToBook: boolean;
  bookOnlineDisabled: boolean;
  validSubmissionRequired: boolean;
}

export interface SlotOut {
  sessionId?: string | null;
  eventId?: string | null;
  serviceId: string;
  scheduleId: string;
  /** Local date-time `YYYY-MM-DDTHH:mm:ss` in `timezone`, no offset. */
  startDate: string;
  endDate: string;
  timezone: string;
  resource?: { id: string; name: string };
  location: SlotLocation;
}

export interface NestedTimeSlotOut {
  serviceId: string;
  scheduleId: string;
  start: string;
  end: string;
  resource?: { id: string; name: string };
}

export interface SlotAvailabilityOut {
  slot: SlotOut;
  bookable: boolean;
  totalSpots: number;
  openSpots: number;
  waitingList?: { totalSpots: number; openSpots: number };
  bookingPolicyViolations: BookingPolicyViolations;
  locked: boolean;
  isFromV2: false;
  nestedTimeSlots?: NestedTimeSlotOut[];
}

/**
 * One answer entry and the instants behind its local strings: on a fall-back day two different
 * starts read `01:30:00`, so whoever books a slot must keep `start`, not re-read the string.
 */
export interface Offer {
  start: number;
  end: number;
  /** Orders ties at one start (the staff member's position on the service). */
  rank: number;
  entry: SlotAvailabilityOut;
}

export class AvailabilityInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'AvailabilityInputError';
  }
}

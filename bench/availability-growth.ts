/**
 * How the availability engine's cost grows with days × staff: the pure engine (no server, no database,
 * no HTTP) over an appointment service on 15-minute slots, its staff working 09:00–17:00 every day in
 * New York with one booking each a day, answered in UTC. For 1, 5 and 10 staff members × 7, 30 and 90
 * days, the median (and the fastest) of several runs after a warm-up: on a busy machine the
 * median moves with its other tenants, the fastest run much less. Run with `npm run bench:availability`.
 */
import { DateTime } from 'luxon';
import {
  type AvailabilityWorld,
  type BusyInterval,
  queryAvailability,
  type ServiceInput,
  type StaffMember,
} from '../apps/server/src/domains/bookings/availability.ts';

const STAFF = [1, 5, 10];
const DAYS = [7, 30, 90];
const ZONE = 'America/New_York';
const RUNS = Number(process.env.BENCH_AVAILABILITY_RUNS ?? 31);
const WARMUP = 10;
const DAY = 86_400_000;

const WEEK = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

function world(staffCount: number, from: number, days: number): AvailabilityWorld {
  const staff: StaffMember[] = Array.from({ length: staffCount }, (_, i) => ({
    id: `staff-${i + 1}`,
    name: `Staff ${i + 1}`,
    workingHours: Object.fromEntries(WEEK.map((day) => [day, [{ start: '09:00', end: '17:00' }]])),
  }));
  // One booking a day each, at a different hour per staff member: a slot the engine must leave out.
  const busy: BusyInterval[] = [];
  const first = DateTime.fromMillis(from, { zone: ZONE }).startOf('day');
  for (let d = 0; d < days; d++) {
    staff.forEach((member, i) => {
      const start = first.plus({ days: d }).set({ hour: 9 + (i % 8) });
      busy.push({ staffId: member.id, start: start.toMillis(), end: start.plus({ minutes: 30 }).toMillis() });
    });
  }
  return { staff, busy };
}

function service(staff: StaffMember[]): ServiceInput {
  return {
    id: 'bench-service',
    type: 'APPOINTMENT',
    timeZone: ZONE,
    durationMinutes: 15,
    staffIds: staff.map((member) => member.id),
    policy: { onlineBookingEnabled: true },
    location: { locationType: 'OWNER_BUSINESS', id: 'bench-location', name: 'Bench studio' },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Row {
  staff: number;
  days: number;
  slots: number;
  ms: number;
  /** The fastest run: the engine's cost with the machine out of the way. */
  bestMs: number;
}

/** One configuration: its inputs, built once, and the times of its runs. */
function configuration(staffCount: number, days: number) {
  const now = Date.UTC(2026, 2, 2, 12);
  const given = world(staffCount, now, days);
  const input = service(given.staff);
  const request = { from: now, to: now + days * DAY, now, timeZone: 'UTC' };
  const times: number[] = [];
  let slots = 0;
  const run = () => {
    const started = process.hrtime.bigint();
    slots = queryAvailability(input, given, request).length;
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  return { staffCount, days, run, times, slots: () => slots };
}

const configurations = STAFF.flatMap((staff) => DAYS.map((days) => configuration(staff, days)));
// Warm-up passes over every configuration first, so that none is timed while the engine's code is still
// being optimised. Then each configuration's runs come back to back, after a few more of its own: taking
// turns, each would pay for the collection of the one before it (a 90-day answer of 10 staff is 27,000
// entries), and a small configuration's median would be a large one's garbage.
for (let pass = 0; pass < WARMUP; pass++) for (const each of configurations) each.run();
for (const each of configurations) {
  for (let pass = 0; pass < WARMUP; pass++) each.run();
  for (let pass = 0; pass < RUNS; pass++) each.times.push(each.run());
}
const rows: Row[] = configurations.map((each) => ({
  staff: each.staffCount,
  days: each.days,
  slots: each.slots(),
  ms: median(each.times),
  bestMs: Math.min(...each.times),
}));

const base = rows[0]!;
const pad = (text: string, width: number) => text.padStart(width);
const lines = [
  `availability engine, ${ZONE}, 15-minute slots, 09:00–17:00, median of ${RUNS} runs and the best (Node ${process.version})`,
  `${pad('staff', 5)} ${pad('days', 4)} ${pad('slots', 7)} ${pad('ms', 9)} ${pad('best ms', 8)} ${pad('µs/slot', 8)} ${pad('µs/staff-day', 12)} ${pad('× 1×7', 7)}`,
  ...rows.map((row) =>
    [
      pad(String(row.staff), 5),
      pad(String(row.days), 4),
      pad(String(row.slots), 7),
      pad(row.ms.toFixed(2), 9),
      pad(row.bestMs.toFixed(2), 8),
      pad(((row.ms * 1000) / row.slots).toFixed(2), 8),
      pad(((row.ms * 1000) / (row.staff * row.days)).toFixed(1), 12),
      pad((row.ms / base.ms).toFixed(1), 7),
    ].join(' '),
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);

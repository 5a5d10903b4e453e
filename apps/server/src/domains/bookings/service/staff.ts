/**
 * Staff members: who gives appointments, their weekly working hours (in the site's time zone) and
 * their time off. Services name them in `staffMemberIds` (their `resourceId`, which is their id).
 */
import type { Caller } from '../../../http/access.ts';
import { commonErrors } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { bookingsErrors } from '../errors.ts';
import { type BookingsDeps, defined, isAdmin, isObject, type Json } from './context.ts';

const FIELDS = [
  'name',
  'email',
  'phone',
  'description',
  'mainMedia',
  'serviceProvider',
  'workingHours',
  'timeOff',
];
const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

/** A period's start and end as minutes into the week; a period ending on or before its start wraps. */
function checkPeriods(workingHours: unknown) {
  if (!isObject(workingHours) || !Array.isArray(workingHours.periods)) return;
  for (const [index, item] of workingHours.periods.entries()) {
    const period = item as Json;
    const minutes = (day: unknown, time: unknown) => {
      const [hours, mins] = String(time).split(':').map(Number);
      return DAYS.indexOf(String(day)) * 1440 + hours! * 60 + mins!;
    };
    if (
      period.openDay === period.closeDay &&
      minutes(period.closeDay, period.closeTime) <= minutes(period.openDay, period.openTime)
    ) {
      throw bookingsErrors.invalid(
        `staffMember.workingHours.periods[${index}].closeTime`,
        'must be later than openTime on the same day',
        'INVALID_WORKING_HOURS',
      );
    }
  }
}

function timeOff(value: unknown): Json[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map((item, index) => {
    const period = item as Json;
    if (Date.parse(String(period.endDate)) <= Date.parse(String(period.startDate))) {
      throw bookingsErrors.invalid(
        `staffMember.timeOff[${index}].endDate`,
        'must be later than startDate',
        'INVALID_TIME_OFF',
      );
    }
    return defined({
      id: typeof period.id === 'string' && period.id ? period.id : newId(),
      startDate: new Date(String(period.startDate)).toISOString(),
      endDate: new Date(String(period.endDate)).toISOString(),
      comment: period.comment,
    });
  });
}

function staffFields(input: Json): Json {
  checkPeriods(input.workingHours);
  const fields = defined(Object.fromEntries(FIELDS.map((key) => [key, input[key]])));
  const off = timeOff(input.timeOff);
  return off ? { ...fields, timeOff: off } : fields;
}

/** Contact details are the owner's to see. */
export function staffView(caller: Pick<Caller, 'kind'>, member: Json): Json {
  if (isAdmin(caller)) return member;
  const { email: _email, phone: _phone, ...rest } = member;
  return rest;
}

export async function createStaffMember(deps: BookingsDeps, caller: Caller, input: Json) {
  const id = newId();
  return deps.store.staff
    .forSite(caller.siteId)
    .create(
      { ...staffFields(input), serviceProvider: input.serviceProvider ?? true, resourceId: id },
      { id },
    );
}

export async function getStaffMember(deps: BookingsDeps, caller: Caller, id: string) {
  const member = await deps.store.staff.forSite(caller.siteId).get<Json>(id);
  if (!member) throw bookingsErrors.staffMemberNotFound(id);
  return staffView(caller, member);
}

export async function updateStaffMember(
  deps: BookingsDeps,
  caller: Caller,
  id: string,
  revision: string,
  input: Json,
) {
  const staff = deps.store.staff.forSite(caller.siteId);
  const stored = await staff.get<Json>(id);
  if (!stored) throw bookingsErrors.staffMemberNotFound(id);
  if (stored.revision !== revision)
    throw commonErrors.revisionMismatch('Staff member', id, revision, stored.revision);
  return staff.update<Json>(id, staffFields(input), { expectedRevision: revision });
}

/** Deletes a staff member and takes them off every service that listed them. */
export async function deleteStaffMember(deps: BookingsDeps, caller: Caller, id: string) {
  await deps.store.transaction(async (trx) => {
    if (!(await deps.store.staff.forSite(caller.siteId, trx).delete(id)))
      throw bookingsErrors.staffMemberNotFound(id);
    const services = deps.store.services.forSite(caller.siteId, trx);
    for (;;) {
      const page = await services.query({
        filter: { staffMemberIds: { $hasSome: [id] } },
        paging: { limit: 100 },
      });
      for (const text of page.items) {
        const service = JSON.parse(text) as Json;
        const staffMemberIds = (service.staffMemberIds as string[]).filter((staffId) => staffId !== id);
        await services.update(service.id as string, { staffMemberIds });
      }
      if (page.items.length < 100) break;
    }
  });
}

export async function queryStaffMembers(deps: BookingsDeps, caller: Caller, query: Json | undefined) {
  const page = await deps.store.staff.forSite(caller.siteId).query(query ?? {}, { fieldPrefix: 'query' });
  return {
    staffMembers: page.items.map((text) => staffView(caller, JSON.parse(text) as Json)),
    pagingMetadata: page.metadata,
  };
}

export function countStaffMembers(deps: BookingsDeps, caller: Caller, filter: unknown) {
  return deps.store.staff.forSite(caller.siteId).count(filter ?? {}, 'filter');
}

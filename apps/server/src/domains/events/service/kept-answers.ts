/**
 * The visitors' lists answered from kept bytes (store.ts `answers`): the answer is made once, written
 * by the call's own response serializer (lib/schema-json.ts), and sent again while nothing it was made
 * of has been written (another process's writes: within ANSWER_MS), and not past the first instant at
 * which the clock alone would change it: an event starting or ending, a sale opening or closing, a
 * held ticket coming free. So it says what a fresh read would.
 */
import { RawJson } from '../../../lib/raw-json.ts';
import type { EventsDeps, StoredDefinition, StoredEvent } from './context.ts';

const instant = (date: string | null | undefined) => (date ? Date.parse(date) : Number.NaN);

/** The dates at which `event`'s status, recurrence status or RSVP status may change. */
export function eventChanges(event: StoredEvent, into: number[]) {
  const settings = event.dateAndTimeSettings;
  into.push(instant(settings.startDate), instant(settings.endDate));
  for (const date of settings.recurringEvents?.individualEventDates ?? [])
    into.push(instant(date.startDate), instant(date.endDate));
  const rsvp = event.registration.rsvp;
  into.push(instant(rsvp?.startDate), instant(rsvp?.endDate));
}

/** The dates at which `definition`'s sale status may change. */
export function definitionChanges(definition: StoredDefinition, into: number[]) {
  into.push(instant(definition.salePeriod?.startDate), instant(definition.salePeriod?.endDate));
}

/**
 * The first instant after `now` at which a sale of one of the site's ticket types opens or closes: the
 * tickets on sale may be others from then on.
 */
export async function nextSaleDate(deps: EventsDeps, siteId: string, now: string) {
  const definitions = deps.store.definitions.forSite(siteId);
  const first = async (field: 'startDate' | 'endDate') => {
    const path = `salePeriod.${field}`;
    const page = await definitions.query({
      filter: { [path]: { $gt: now } },
      sort: [{ fieldName: path, order: 'ASC' }],
      paging: { limit: 1 },
    });
    const found = page.items[0] ? (JSON.parse(page.items[0]) as StoredDefinition) : undefined;
    return instant(found?.salePeriod?.[field]);
  };
  return [await first('startDate'), await first('endDate')];
}

/**
 * The answer kept under `key`, or made by `make` (which notes in `changes` the dates its answer depends
 * on) and kept. `key` must name all the answer depends on besides the stored data and the time: the
 * site, whether the caller is an owner, the request.
 */
export async function keptAnswer(
  deps: EventsDeps,
  key: string,
  serialize: (value: unknown) => string,
  make: (changes: number[]) => Promise<unknown>,
): Promise<RawJson> {
  const kept = await deps.store.answers.get(key, async () => {
    const now = deps.clock.nowMs();
    const changes: number[] = [];
    const value = await make(changes);
    let until = Number.POSITIVE_INFINITY;
    for (const at of changes) if (at > now && at < until) until = at;
    return { answer: new RawJson(Buffer.from(serialize(value))), until };
  });
  return kept.answer;
}

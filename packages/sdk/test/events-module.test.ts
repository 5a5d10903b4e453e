import { describe, expect, expectTypeOf, it } from 'vitest';
import { createClient } from '../src/index.ts';
import { events } from '../src/modules/events.ts';
import { recordingFetch } from './support/recording-fetch.ts';

const event = (id: string) => ({ id, title: `Event ${id}`, slug: id, status: 'UPCOMING' });

function setup() {
  const { fetch, requests } = recordingFetch((request) => {
    const { offset, limit } = (request.json as { query: { paging: { offset: number; limit: number } } }).query
      .paging;
    const ids = ['e0', 'e1', 'e2'].slice(offset, offset + limit);
    return {
      body: {
        events: ids.map(event),
        pagingMetadata: { count: ids.length, offset, total: 3, hasNext: offset + limit < 3 },
      },
    };
  });
  const client = createClient({ modules: { events }, apiBaseUrl: 'http://api.test', fetch });
  return { client, requests };
}

describe('events.queryEvents()', () => {
  it('sends the built query beside the options, and pages through the answer', async () => {
    const { client, requests } = setup();
    const page = await client.events
      .queryEvents({ fields: ['DETAILS', 'REGISTRATION'] })
      .in('status', ['UPCOMING', 'STARTED'])
      .ascending('dateAndTimeSettings.startDate')
      .limit(2)
      .find();
    expect(requests[0]).toMatchObject({ method: 'POST', url: 'http://api.test/events/v3/events/query' });
    expect(requests[0]!.json).toEqual({
      fields: ['DETAILS', 'REGISTRATION'],
      query: {
        filter: { status: { $in: ['UPCOMING', 'STARTED'] } },
        sort: [{ fieldName: 'dateAndTimeSettings.startDate', order: 'ASC' }],
        paging: { offset: 0, limit: 2 },
      },
    });
    expect(page.items.map((e) => e.id)).toEqual(['e0', 'e1']);
    expectTypeOf(page.items[0]!.title).toEqualTypeOf<string>();
    expect(page.hasNext()).toBe(true);
    const next = await page.next();
    expect(next.items.map((e) => e.id)).toEqual(['e2']);
    expect((requests[1]!.json as { query: { paging: unknown } }).query.paging).toEqual({
      offset: 2,
      limit: 2,
    });
  });

  it('checks tickets in by event and ticket numbers', async () => {
    const { fetch, requests } = recordingFetch(() => ({ body: { tickets: [] } }));
    const client = createClient({ modules: { events }, apiBaseUrl: 'http://api.test', fetch });
    await client.events.checkInTickets({ eventId: 'e1', ticketNumber: ['ABCD1234EFG01'] });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: 'http://api.test/events/v1/tickets/check-in',
      json: { eventId: 'e1', ticketNumber: ['ABCD1234EFG01'] },
    });
  });
});

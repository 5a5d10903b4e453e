import { describe, expect, it } from 'vitest';
import { priceOf } from './catalog-seed.ts';
import { dataset } from './plaza.ts';
import {
  type BenchContext,
  CAPTURED_ANSWERS,
  capturedPaths,
  priceRanges,
  scenarios,
  VARYING_REQUESTS,
  wireRequest,
} from './scenarios.ts';

const context: BenchContext = {
  siteId: 'site',
  adminKey: 'key',
  visitorToken: 'visitor',
  cartVisitorTokens: ['a', 'b'],
  storedCart: () => Promise.reject(new Error('not here')),
  productIds: Array.from({ length: 100 }, (_, i) => `product-${i}`),
  demoVisitorToken: 'demo-visitor',
  demoOrigin: 'http://localhost:3000',
  events: { eventId: 'event-1', ticketDefinitionId: 'ticket-1', storedReservation: '{}' },
  bookings: {
    demoServiceId: 'haircut',
    dayFrom: '2026-11-27T10:00:00.000Z',
    dayTo: '2026-11-28T10:00:00.000Z',
    monthServiceId: 'month',
    monthFrom: '2026-11-28T00:00:00.000Z',
    monthTo: '2026-12-28T00:00:00.000Z',
    captureSlot: {
      serviceId: 'booked',
      startDate: '2026-11-28T00:00:00',
      timezone: 'UTC',
      resource: { id: 's1' },
    },
    slots: ['s2', 's1'].map((id, i) => ({
      serviceId: 'booked',
      startDate: `2026-11-28T00:${i === 0 ? '00' : '15'}:00`,
      timezone: 'UTC',
      resource: { id },
    })),
    storedBooking: '{}',
  },
};

const decoded = (path: string) =>
  JSON.parse(Buffer.from(new URL(path, 'http://x').searchParams.get('.r')!, 'base64url').toString('utf8'));

describe('the varying product query', () => {
  const varying = scenarios.find((scenario) => scenario.name === 'query-products-varying')!;
  const request = wireRequest(varying, context);

  it('sends another price range on every request of a cycle, the same cycle on every run', () => {
    expect(request.paths).toHaveLength(VARYING_REQUESTS);
    expect(new Set(request.paths).size).toBe(VARYING_REQUESTS);
    expect(request.path).toBe(request.paths![0]);
    expect(wireRequest(varying, context).paths).toEqual(request.paths);
    expect(decoded(request.path)).toEqual({
      query: {
        filter: { 'priceData.price': { $gte: expect.any(Number), $lte: expect.any(Number) } },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        paging: { limit: 50 },
      },
    });
  });

  it('asks only for ranges that fill a page of the bench catalog, so that every answer is as large', () => {
    const prices = Array.from({ length: dataset.products }, (_, i) => priceOf(i)).sort((a, b) => a - b);
    const within = (min: number, max: number) => {
      const first = prices.findIndex((price) => price >= min);
      const after = prices.findIndex((price) => price > max);
      return (after === -1 ? prices.length : after) - first;
    };
    const ranges = priceRanges(VARYING_REQUESTS, 27);
    for (const { min, max } of ranges.slice(0, 500)) expect(within(min, max)).toBeGreaterThanOrEqual(250);
    expect(Math.min(...ranges.map(({ min }) => min))).toBeGreaterThanOrEqual(5);
    expect(Math.max(...ranges.map(({ max }) => max))).toBeLessThanOrEqual(205);
    expect(priceRanges(3, 1)).not.toEqual(priceRanges(3, 2));
  });

  it('has its twin answer a sample of Plaza answers spread over the whole cycle', () => {
    const paths = capturedPaths(request);
    expect(paths).toHaveLength(CAPTURED_ANSWERS);
    expect(paths[0]).toBe(request.paths![0]);
    expect(paths[1]).toBe(request.paths![Math.floor(VARYING_REQUESTS / CAPTURED_ANSWERS)]);
    expect(new Set(paths).size).toBe(CAPTURED_ANSWERS);
  });
});

describe('scenarios', () => {
  it('capture the one answer of a request that does not vary', () => {
    const request = wireRequest(scenarios.find((scenario) => scenario.name === 'get-product')!, context);
    expect(request.paths).toBeUndefined();
    expect(capturedPaths(request)).toEqual([request.path]);
  });

  it('send the demo storefront its own list, from its origin', () => {
    const tail = scenarios.find((scenario) => scenario.name === 'demo-products-tail')!;
    const request = wireRequest(tail, context);
    expect(request.headers).toEqual({ authorization: 'demo-visitor', origin: 'http://localhost:3000' });
    expect(decoded(request.path)).toEqual({ query: { filter: {}, paging: { offset: 0, limit: 50 } } });
    expect(tail.latencyOnly).toBe(true);
  });

  it('book a slot the capture did not take, then each other slot once, in turn', () => {
    const booking = scenarios.find((scenario) => scenario.name === 'create-booking')!;
    const request = wireRequest(booking, context);
    const slotOf = (body: string) => JSON.parse(body).booking.bookedEntity.slot;
    expect(slotOf(request.body!)).toEqual(context.bookings.captureSlot);
    expect(request.bodies!.map(slotOf)).toEqual(context.bookings.slots);
    expect(request.headers['content-type']).toBe('application/json');
  });
});

/** What the bookings tests share: calls as the site's owner, and a few ready-made entities. */
import { expect } from 'vitest';
import type { TestApp, TestSite } from '../../../test/build-test-app.ts';

export const SERVICES = '/bookings/v2/services';

/** A call as the site's admin that must answer 200; its data. */
export async function ok(t: TestApp, site: TestSite, method: string, url: string, payload?: object) {
  const response = await t.call({
    method: method as 'POST',
    url,
    auth: site.adminKey,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.data;
}

export const haircut = (extra: Record<string, unknown> = {}) => ({
  name: 'Haircut',
  type: 'APPOINTMENT',
  description: 'A cut and a blow-dry',
  payment: {
    rateType: 'FIXED',
    fixed: { price: { value: '40' } },
    options: { online: true, inPerson: true },
  },
  schedule: { availabilityConstraints: { sessionDurations: [45], timeBetweenSessions: 15 } },
  ...extra,
});

export async function createService(t: TestApp, site: TestSite, service: Record<string, unknown>) {
  return (await ok(t, site, 'POST', SERVICES, { service })).service;
}

export async function createStaff(
  t: TestApp,
  site: TestSite,
  name: string,
  extra: Record<string, unknown> = {},
) {
  return (await ok(t, site, 'POST', '/bookings/v1/staff-members', { staffMember: { name, ...extra } }))
    .staffMember;
}

export async function createLocation(
  t: TestApp,
  site: TestSite,
  name: string,
  extra: Record<string, unknown> = {},
) {
  return (await ok(t, site, 'POST', '/locations/v1/locations', { location: { name, ...extra } })).location;
}

export async function createCategory(t: TestApp, site: TestSite, name: string, sortOrder = 0) {
  return (await ok(t, site, 'POST', '/bookings/v2/categories', { category: { name, sortOrder } })).category;
}

export async function createPolicy(t: TestApp, site: TestSite, bookingPolicy: Record<string, unknown>) {
  return (await ok(t, site, 'POST', '/bookings/v1/booking-policies', { bookingPolicy })).bookingPolicy;
}

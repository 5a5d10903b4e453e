/**
 * The hosted service page's calls and answers (@plaza/contracts `getHostedBookingService`,
 * `getHostedBookingSlots`, `bookHostedBookingSlot`), keyed by the `bookingsBook` redirect session.
 */
import { api, paths } from '../../api.ts';
import type { HostedSlot } from '../../lib/bookings.ts';

export interface HostedService {
  id: string;
  name: string;
  tagLine?: string;
  type: string;
  durationMinutes: number;
  price?: string;
  location?: { name: string; address?: string };
  staff: { id: string; name: string }[];
}

export interface DaySlots {
  timezone: string;
  days: { date: string; openSlots: number }[];
  date: string;
  slots: HostedSlot[];
  nextDateWithSlots?: string;
}

export const loadService = (sessionId: string) =>
  api<{ service: HostedService; postFlowUrl?: string }>('GET', paths.hostedBookingService(sessionId));

export function loadSlots(sessionId: string, timezone: string, date?: string) {
  const query = new URLSearchParams({ timezone, ...(date ? { date } : {}) });
  return api<DaySlots>('GET', `${paths.hostedBookingSlots(sessionId)}?${query}`);
}

export const bookSlot = (
  sessionId: string,
  slot: { startDate: string; timezone: string; resourceId?: string },
) =>
  api<{ checkoutId: string; bookingId: string }>('POST', paths.bookHostedBookingSlot(sessionId), {
    body: { slot },
  });

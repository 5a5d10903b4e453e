/** What every events use case shares: its dependencies, the stored shapes and the caller's view. */
import type { EventV3 } from '@plaza/contracts';
import type { Static } from '@sinclair/typebox';
import type { SystemFields } from '../../../db/documents.ts';
import type { Caller } from '../../../http/access.ts';
import type { Clock } from '../../../lib/clock.ts';
import { getSite, type SitesDeps } from '../../sites/index.ts';
import type { Lifecycle } from '../status.ts';
import type { EventsStore } from '../store.ts';
import type { EventPlanBenefits } from './plan-benefits.ts';

/**
 * A request object the call's schema has checked, read field by field: its nested parts are as loose
 * as the schema lets them be.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Raw = Record<string, any>;

export interface EventsDeps {
  store: EventsStore;
  sites: SitesDeps;
  clock: Clock;
  /** Where this server answers: links of online sessions and event pages when the site names no URL. */
  publicUrl: string;
  /** Pricing plans' benefits on tickets (`paidPlanBenefit`; set in deps.ts). */
  planBenefits?: EventPlanBenefits;
}

export const isAdmin = (caller: Pick<Caller, 'kind'>) => caller.kind === 'admin' || caller.kind === 'app';

export interface SiteInfo {
  currency: string;
  timeZone: string;
  /** The site's public address: base of event page URLs. */
  siteUrl: string;
}

export async function siteInfo(deps: EventsDeps, siteId: string): Promise<SiteInfo> {
  const site = await getSite(deps.sites, siteId);
  const siteUrl =
    typeof site.settings.siteUrl === 'string' && site.settings.siteUrl ? site.settings.siteUrl : '';
  return { currency: site.currency, timeZone: site.timeZone, siteUrl: siteUrl || deps.publicUrl };
}

export interface Occurrence {
  startDate?: string | null;
  endDate?: string | null;
  timeZoneId?: string | null;
  showTimeZone?: boolean;
}

export interface Money {
  value: string;
  currency: string;
}

/** An event as stored: what the owner set, normalised, plus what the server keeps of it (nothing derived). */
export interface StoredEvent extends SystemFields {
  title: string;
  slug: string;
  lifecycle: Lifecycle;
  publishedDate?: string;
  shortDescription?: string | null;
  detailedDescription?: string | null;
  description?: Record<string, unknown>;
  mainImage?: Record<string, unknown>;
  location: {
    name?: string;
    type: 'VENUE' | 'ONLINE';
    address?: Record<string, unknown>;
    locationTbd?: boolean;
  };
  dateAndTimeSettings: {
    dateAndTimeTbd?: boolean;
    dateAndTimeTbdMessage?: string;
    startDate: string | null;
    endDate: string | null;
    timeZoneId: string;
    hideEndDate?: boolean;
    showTimeZone?: boolean;
    recurringEvents: { individualEventDates: Occurrence[]; categoryId?: string };
  };
  registration: {
    initialType: 'RSVP' | 'TICKETING';
    rsvp: {
      responseType: 'YES_ONLY' | 'YES_AND_NO';
      limit?: number | null;
      waitlistEnabled: boolean;
      startDate?: string | null;
      endDate?: string | null;
    };
    tickets: {
      guestsAssignedSeparately: boolean;
      ticketLimitPerOrder: number;
      currency: string;
      taxSettings?: { type: string; name?: string; rate?: string; appliedToDonations?: boolean };
      reservationDurationInMinutes: number;
    };
    external?: { url?: string | null };
    allowedGuestTypes: 'VISITOR_OR_MEMBER' | 'MEMBER';
    registrationPaused: boolean;
    registrationDisabled: boolean;
  };
  form: NonNullable<Static<typeof EventV3>['form']>;
  guestListSettings: { displayedPublicly: boolean };
  onlineConferencing: {
    enabled: boolean;
    providerId?: string | null;
    type: 'MEETING' | 'WEBINAR';
    session?: { hostLink: string; guestLink: string; sessionCreated: boolean; sessionId: string };
  };
  seoSettings: { slug?: string; advancedSeoData: Record<string, unknown> };
  agendaSettings: { enabled: boolean };
  eventDisplaySettings: Record<string, unknown>;
  categories: Array<{ id: string; name: string; createdDate: string; type: 'MANUAL' | 'RECURRING_EVENT' }>;
  cancellation?: {
    canceledDate: string;
    actorType: 'USER' | 'APP' | 'SYSTEM';
    actorName: string;
    actorEmail: string;
  };
  feedToken: string;
  userId?: string;
}

/** A ticket definition as stored; its sales live in its capacity resource (store.ts). */
export interface StoredDefinition extends SystemFields {
  eventId: string;
  name: string;
  description?: string | null;
  policyText?: string | null;
  hidden: boolean;
  initialLimit: number | null;
  pricingMethod: {
    fixedPrice?: Money;
    guestPrice?: Money;
    pricingOptions?: { optionDetails: Array<{ optionId: string; name: string; price: Money }> };
  };
  feeType: 'FEE_ADDED' | 'FEE_INCLUDED' | 'FEE_ADDED_AT_CHECKOUT' | 'NO_FEE';
  salePeriod?: { startDate?: string | null; endDate?: string | null; displayNotOnSale: boolean };
  limitPerCheckout: number | null;
}

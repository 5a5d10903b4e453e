import { availabilityCalendar, bookings, services } from '@wix/bookings';
import { orders as checkout, wixEventsV2 as events } from '@wix/events';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoVisitorAuth, plaza, usePlazaPerFile } from './plaza-per-file.ts';

/**
 * Plan benefits through the official packages, unchanged: `@wix/bookings` `createBooking` with the
 * payment option MEMBERSHIP (a demo member on the Studio Pass books Yoga Flow with one of its 8
 * credits) and `@wix/events` `getInvoice` / `checkout` with `paidPlanBenefit`.
 */
const EVENTS_APP_ID = '140603ad-af8d-84a5-2c80-a0f60cb47351';
const modules = { availabilityCalendar, bookings, services, checkout, events };
const lastCall = () => plaza.requests.at(-1)!;
const bodyOf = () => JSON.parse(lastCall().body ?? 'null');

const memberClient = (token: string) =>
  createClient({
    modules,
    auth: OAuthStrategy({
      clientId: plaza.demo.clientId,
      tokens: {
        accessToken: { value: token, expiresAt: Math.floor(Date.now() / 1000) + 600 },
        refreshToken: { value: 'unused', role: 'member' as never },
      },
    }),
    fetch: plaza.fetch,
  });
let visitor: ReturnType<typeof visitorClient>;
const visitorClient = () => createClient({ modules, auth: demoVisitorAuth(), fetch: plaza.fetch });

usePlazaPerFile(() => {
  visitor = visitorClient();
});

describe('plan benefits', () => {
  const memberId = crypto.randomUUID();
  let member: ReturnType<typeof memberClient>;
  const admin = (method: string, path: string, body?: unknown) =>
    plaza.call(method, path, { auth: plaza.demo.apiKey, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    const issued = await plaza.platform.identity.tokens.issue({
      siteId: plaza.demo.siteId,
      subjectType: 'member',
      subjectId: memberId,
      clientId: plaza.demo.clientId,
    });
    member = memberClient(issued.token);
  });

  it('createBooking with MEMBERSHIP: the Studio Pass pays for Yoga Flow; a visitor is refused', async () => {
    const { data: listed } = await admin('GET', '/pricing-plans/v2/plans/public');
    const pass = listed.plans.find((plan: { name: string }) => plan.name === 'Studio Pass');
    const ordered = await admin('POST', '/pricing-plans/v2/checkout/orders/offline', {
      planId: pass.id,
      memberId,
      paid: true,
    });
    expect(ordered.status).toBe(200);
    const yoga = (await member.services.queryServices().eq('name', 'Yoga Flow').find()).items[0]!;
    const from = new Date();
    const { availabilityEntries = [] } = await member.availabilityCalendar.queryAvailability(
      {
        filter: {
          serviceId: [yoga._id],
          startDate: from.toISOString(),
          endDate: new Date(from.getTime() + 8 * 86_400_000).toISOString(),
          bookable: true,
        },
      },
      { timezone: 'UTC' },
    );
    const slot = availabilityEntries[0]!.slot as never;
    const { booking } = await member.bookings.createBooking({
      bookedEntity: { slot },
      selectedPaymentOption: 'MEMBERSHIP',
    });
    expect(bodyOf().booking.selectedPaymentOption).toBe('MEMBERSHIP');
    expect(booking).toMatchObject({ status: 'CREATED', selectedPaymentOption: 'MEMBERSHIP' });
    const { data: balances } = await plaza.call('GET', '/pricing-plans/v2/benefit-balances', {
      auth: (
        await plaza.platform.identity.tokens.issue({
          siteId: plaza.demo.siteId,
          subjectType: 'member',
          subjectId: memberId,
          clientId: plaza.demo.clientId,
        })
      ).token,
    });
    expect(balances.balances[0].credits).toEqual({ total: 8, remaining: 7 });

    await expect(
      visitor.bookings.createBooking({ bookedEntity: { slot }, selectedPaymentOption: 'MEMBERSHIP' }),
    ).rejects.toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'booking.selectedPaymentOption' }] } },
    });
  });

  it('getInvoice and checkout with paidPlanBenefit: free tickets for the member; a foreign order is refused', async () => {
    const made = await admin('POST', '/pricing-plans/v2/plans', {
      plan: { name: 'Jazz Club', pricing: { singlePaymentUnlimited: true } },
    });
    const benefits = await admin('PUT', `/pricing-plans/v2/plans/${made.data.plan.id}/benefits`, {
      benefits: [{ appDefId: EVENTS_APP_ID, benefitType: 'UNLIMITED' }],
    });
    const ordered = await admin('POST', '/pricing-plans/v2/checkout/orders/offline', {
      planId: made.data.plan.id,
      memberId,
      paid: true,
    });
    const paidPlanBenefit = { planOrderId: ordered.data.order.id, benefitId: benefits.data.benefits[0].id };
    const concert = (await visitor.events.queryEvents().find()).items.find(
      (event) => event.title === 'Summer Jazz Night',
    )!;
    const defined = await admin('POST', '/events/v3/ticket-definitions', {
      ticketDefinition: {
        eventId: concert._id,
        name: 'Club seat',
        pricingMethod: { fixedPrice: { value: '30.00' } },
        initialLimit: 20,
      },
    });
    expect(defined.status).toBe(200);
    const reservation = await member.checkout.createReservation(concert._id!, {
      ticketQuantities: [{ ticketDefinitionId: defined.data.ticketDefinition.id, quantity: 2 }],
    });
    const invoice = await member.checkout.getInvoice(reservation._id!, concert._id!, { paidPlanBenefit });
    expect(bodyOf().paidPlanBenefit).toEqual(paidPlanBenefit);
    expect(invoice.invoice).toMatchObject({
      subTotal: { amount: '60.00' },
      grandTotal: { amount: '0.00' },
      discount: { discounts: [{ paidPlan: { percentDiscount: { rate: '100', quantityDiscounted: 2 } } }] },
    });
    const placed = await member.checkout.checkout(concert._id!, {
      reservationId: reservation._id!,
      buyer: { firstName: 'Ella', lastName: 'F', email: 'ella@example.com' },
      paidPlanBenefit,
    });
    expect(placed.order).toMatchObject({ status: 'FREE' });

    const other = await visitor.checkout.createReservation(concert._id!, {
      ticketQuantities: [{ ticketDefinitionId: defined.data.ticketDefinition.id, quantity: 1 }],
    });
    await expect(
      visitor.checkout.getInvoice(other._id!, concert._id!, { paidPlanBenefit }),
    ).rejects.toMatchObject({
      // The package names the field after its own argument (`options`); the wire says `paidPlanBenefit.…`.
      details: { validationError: { fieldViolations: [{ field: 'options.paidPlanBenefit.planOrderId' }] } },
    });
  });
});

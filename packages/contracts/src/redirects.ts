import { Type } from '@sinclair/typebox';
import { Id } from './common.ts';
import { defineCall } from './define.ts';

/** Redirect sessions (API map 13): a visitor is sent to a hosted page and back. */

const Open = (description: string) => Type.Object({}, { additionalProperties: true, description });
const Url = Type.String({ maxLength: 2000 });

export const AuthRequest = Type.Object({
  clientId: Type.String({ maxLength: 200 }),
  responseType: Type.Optional(Type.String({ maxLength: 50 })),
  redirectUri: Type.Optional(Url),
  scope: Type.Optional(Type.String({ maxLength: 200 })),
  state: Type.Optional(Type.String({ maxLength: 500 })),
  responseMode: Type.Optional(Type.String({ maxLength: 50 })),
  codeChallenge: Type.Optional(Type.String({ maxLength: 200 })),
  codeChallengeMethod: Type.Optional(Type.String({ maxLength: 20 })),
  sessionToken: Type.Optional(Type.String({ maxLength: 500 })),
  nonce: Type.Optional(Type.String({ maxLength: 500 })),
  prompt: Type.Optional(Type.String({ maxLength: 50 })),
  idp: Type.Optional(Type.String({ maxLength: 200 })),
});

export const RedirectSession = Type.Object({
  id: Id,
  fullUrl: Type.String(),
  urlDetails: Type.Object({
    endpoint: Type.String(),
    searchParams: Type.Record(Type.String(), Type.String()),
  }),
  sessionToken: Type.String(),
  shortUrl: Type.String(),
});

export const createRedirectSession = defineCall({
  name: 'createRedirectSession',
  method: 'POST',
  paths: [
    '/redirect-session/v1/redirect-session',
    '/_api/redirects-api/v1/redirect-session',
    '/headless/v1/redirect-session',
  ],
  access: 'anyone',
  summary:
    'Creates a redirect session for exactly one intent (`auth`, `login`, `logout` today; checkouts come with their domains) and answers the hosted-page URL.',
  request: Type.Object({
    auth: Type.Optional(
      Type.Object({ authRequest: AuthRequest, prompt: Type.Optional(Type.String({ maxLength: 50 })) }),
    ),
    login: Type.Optional(Open('No fields.')),
    logout: Type.Optional(Type.Object({ clientId: Type.Optional(Type.String({ maxLength: 200 })) })),
    bookingsCheckout: Type.Optional(
      Open(
        '`{slotAvailability, timezone}`: the availability entry picked becomes a booking with its slot held, and the hosted checkout page opens on it; a slot taken meanwhile answers 409 SLOT_NOT_AVAILABLE naming it.',
      ),
    ),
    ecomCheckout: Type.Optional(
      Open(
        '`{checkoutId}`: the hosted checkout page for an open checkout of the caller (createCheckoutFromCurrentCart).',
      ),
    ),
    eventsCheckout: Type.Optional(
      Open(
        '`{eventSlug, reservationId}`: the hosted checkout page on the tickets of that reservation (from `createReservation`), for the buyer who made it.',
      ),
    ),
    paidPlansCheckout: Type.Optional(
      Open(
        '`{planId, checkoutData?}`: the hosted checkout page on a checkout of that plan, for a signed-in member (a visitor is refused with MEMBER_SIGN_IN_REQUIRED).',
      ),
    ),
    membersAccount: Type.Optional(
      Open(
        '`{section?}` (`ACCOUNT_INFO` by default, or `BOOKINGS, ORDERS, SUBSCRIPTIONS, EVENTS`): the hosted member account page opened on that section, for a signed-in member (a visitor is refused with MEMBER_SIGN_IN_REQUIRED).',
      ),
    ),
    storesProduct: Type.Optional(Open('Not supported yet.')),
    bookingsBook: Type.Optional(
      Open(
        '`{resourceId}` (a service id): the hosted service page, where the visitor picks a day and an open slot of that service, then books and pays it on the hosted checkout.',
      ),
    ),
    ecomOrderPaymentRequest: Type.Optional(Open('Not supported yet.')),
    callbacks: Type.Optional(
      Type.Object({
        postFlowUrl: Type.Optional(Url),
        thankYouPageUrl: Type.Optional(Url),
        loginUrl: Type.Optional(Url),
        bookingsServiceListUrl: Type.Optional(Url),
        cartPageUrl: Type.Optional(Url),
        planListUrl: Type.Optional(Url),
      }),
    ),
    preferences: Type.Optional(Open('`{useGenericWixPages, maintainIdentity, additionalQueryParameters}`')),
    origin: Type.Optional(Type.String({ maxLength: 200 })),
  }),
  response: Type.Object({ redirectSession: RedirectSession }),
});

export const getRedirectSession = defineCall({
  name: 'getRedirectSession',
  method: 'GET',
  paths: ['/plaza/v1/redirect-sessions/{redirectSessionId}'],
  access: 'public',
  summary: 'For the hosted pages: what a redirect session asks for (intent, client, prompt).',
  request: Type.Object({ redirectSessionId: Id }),
  response: Type.Object({
    redirectSession: Type.Object({
      id: Id,
      siteId: Type.String(),
      intent: Type.String(),
      clientId: Type.Optional(Type.String()),
      clientName: Type.Optional(Type.String()),
      prompt: Type.Optional(Type.String()),
      responseMode: Type.Optional(Type.String()),
      hasSessionToken: Type.Boolean(),
      postFlowUrl: Type.Optional(Type.String()),
      siteUrl: Type.Optional(
        Type.String({
          description:
            'The home page of the site the flow came from (its redirect URI or postFlowUrl, both allowed by its OAuth app): the hosted pages link back to it.',
        }),
      ),
      expiresDate: Type.String(),
      completed: Type.Boolean(),
    }),
  }),
});

const FlowResult = Type.Object({
  redirectUrl: Type.Optional(
    Type.String({ description: 'Where to send the browser (fragment or query mode).' }),
  ),
  webMessage: Type.Optional(
    Type.Object({
      targetOrigin: Type.String(),
      data: Type.Record(Type.String(), Type.String(), { description: '`{code, state}` or `{error, …}`.' }),
    }),
  ),
});

export const authorizeRedirectSession = defineCall({
  name: 'authorizeRedirectSession',
  method: 'POST',
  paths: ['/plaza/v1/redirect-sessions/{redirectSessionId}/authorize'],
  access: 'public',
  summary:
    'For the hosted pages: completes an `auth` session with the session token of a successful login or register, answering where the authorization code goes.',
  request: Type.Object({
    redirectSessionId: Id,
    sessionToken: Type.Optional(Type.String({ maxLength: 500 })),
  }),
  response: FlowResult,
});

export const completeRedirectLogout = defineCall({
  name: 'completeRedirectLogout',
  method: 'POST',
  paths: ['/plaza/v1/redirect-sessions/{redirectSessionId}/logout'],
  access: 'public',
  summary: "For the hosted logout page: ends the creator's session and answers the post-flow URL.",
  request: Type.Object({ redirectSessionId: Id }),
  response: FlowResult,
});

export const redirectsCalls = [
  createRedirectSession,
  getRedirectSession,
  authorizeRedirectSession,
  completeRedirectLogout,
] as const;

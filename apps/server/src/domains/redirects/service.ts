import type { Caller } from '../../http/access.ts';
import { type FieldViolation, ValidationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import {
  allowsPageUrl,
  allowsRedirectUri,
  findClient,
  type IdentityContext,
  type OAuthClient,
  verifyQuietly,
} from '../identity/index.ts';
import type { AccountSources } from './account.ts';
import { redirectsErrors } from './errors.ts';
import type { RedirectsStore, StoredRequest } from './store.ts';

export interface RedirectsDeps {
  identity: IdentityContext;
  store: RedirectsStore;
  /** Intents served by other domains (ecom's `ecomCheckout`), see RedirectIntent. */
  intents?: Readonly<Record<string, RedirectIntent>>;
  /** What the hosted account page shows of a member (account.ts). */
  account?: AccountSources;
  /** Called when a visitor signs in through a session, e.g. so the visitor's cart becomes the member's. */
  onVisitorSignedIn?: (siteId: string, visitorId: string, memberId: string) => Promise<void>;
}

/** A redirect intent another domain serves: it checks the intent object and names the hosted page. */
export interface RedirectIntent {
  page: string;
  /** Throws on a bad request; what it answers is kept with the session (`request.intentData`). */
  check(caller: Caller, value: unknown): Promise<Record<string, unknown>>;
}

export const REDIRECT_SESSION_TTL_MS = 60 * 60_000;

const SUPPORTED = ['auth', 'login', 'logout'] as const;
const NOT_YET = [
  'ecomCheckout',
  'bookingsCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'membersAccount',
  'storesProduct',
  'bookingsBook',
  'ecomOrderPaymentRequest',
] as const;
type Intent = (typeof SUPPORTED)[number];

/** The hosted page of each intent (served by apps/hosted). */
const PAGES: Record<Intent, string> = { auth: 'auth', login: 'login', logout: 'logout' };

export interface CreateInput {
  auth?: { authRequest: Record<string, string | undefined>; prompt?: string };
  login?: object;
  logout?: { clientId?: string };
  callbacks?: { postFlowUrl?: string };
  [intent: string]: unknown;
}

const violation = (
  field: string,
  description: string,
  violatedRule: FieldViolation['violatedRule'] = 'VALIDATION',
) => ({
  field,
  description,
  violatedRule,
  data: {},
});

/** Checks an OAuth authorization request (PKCE S256, exact redirect URI, state) against the caller's client. */
async function checkAuthRequest(
  deps: RedirectsDeps,
  caller: Caller,
  input: NonNullable<CreateInput['auth']>,
) {
  const request = input.authRequest;
  const at = (name: string) => `auth.authRequest.${name}`;
  const problems: FieldViolation[] = [];
  const client = await findClient(deps.identity, request.clientId, caller.siteId);
  if (!client || (caller.clientId && caller.clientId !== client.id))
    problems.push(
      violation(at('clientId'), "must be an OAuth app of the caller's site (the one of the access token)"),
    );
  const redirectUri = request.redirectUri ?? '';
  const responseMode = request.responseMode ?? 'fragment';
  // The official client's direct login (web_message + prompt none) sends no redirect URI: the
  // code is then posted to the client's allowed origin, which must be unambiguous.
  const targetOrigin =
    !redirectUri && responseMode === 'web_message' && client?.allowedOrigins.length === 1
      ? client.allowedOrigins[0]
      : undefined;
  if (!redirectUri && !targetOrigin) {
    const needed =
      responseMode === 'web_message'
        ? 'is required unless the OAuth app has exactly one allowed origin'
        : 'is required';
    problems.push(violation(at('redirectUri'), needed, 'REQUIRED_FIELD'));
  } else if (redirectUri && client && !allowsRedirectUri(client, redirectUri))
    problems.push(violation(at('redirectUri'), 'is not one of the allowed redirect URIs of the OAuth app'));
  if ((request.responseType ?? 'code') !== 'code')
    problems.push(violation(at('responseType'), 'must be code', 'INVALID_ENUM_VALUE'));
  if (request.codeChallengeMethod !== 'S256')
    problems.push(violation(at('codeChallengeMethod'), 'must be S256 (PKCE)', 'INVALID_ENUM_VALUE'));
  if (!request.codeChallenge)
    problems.push(violation(at('codeChallenge'), 'is required (PKCE)', 'REQUIRED_FIELD'));
  else if (!/^[A-Za-z0-9_-]{43}$/.test(request.codeChallenge))
    problems.push(
      violation(at('codeChallenge'), 'must be the base64url SHA-256 of the code verifier', 'FORMAT'),
    );
  if (!request.state) problems.push(violation(at('state'), 'is required', 'REQUIRED_FIELD'));
  if (!['fragment', 'query', 'web_message'].includes(responseMode))
    problems.push(
      violation(at('responseMode'), 'must be one of: fragment, query, web_message', 'INVALID_ENUM_VALUE'),
    );
  if (responseMode === 'web_message' && redirectUri && !/^https?:\/\//.test(redirectUri))
    problems.push(violation(at('redirectUri'), 'must be an http(s) page for web_message'));
  const prompt = input.prompt ?? request.prompt ?? 'login';
  if (!['login', 'none'].includes(prompt))
    problems.push(violation('auth.prompt', 'must be one of: login, none', 'INVALID_ENUM_VALUE'));
  if (problems.length > 0) throw new ValidationError(problems);
  return {
    clientId: client!.id,
    redirectUri,
    state: request.state!,
    responseMode: responseMode as 'fragment' | 'query' | 'web_message',
    codeChallenge: request.codeChallenge!,
    prompt: prompt as 'login' | 'none',
    ...(request.sessionToken ? { sessionToken: request.sessionToken } : {}),
    ...(targetOrigin ? { targetOrigin } : {}),
  };
}

function checkPostFlowUrl(
  client: OAuthClient | undefined,
  url: string | undefined,
  field = 'callbacks.postFlowUrl',
) {
  if (url === undefined) return;
  if (!client || !allowsPageUrl(client, url))
    throw new ValidationError([
      violation(field, "must be a page on the OAuth app's allowed origins or redirect URIs"),
    ]);
}

/** `createRedirectSession`: one intent, validated now; the hosted page completes it later. */
export async function createRedirectSession(deps: RedirectsDeps, caller: Caller, input: CreateInput) {
  const given = [...SUPPORTED, ...NOT_YET].filter(
    (intent) => input[intent] !== undefined && input[intent] !== null,
  );
  if (given.length !== 1)
    throw new ValidationError([
      violation(
        given[1] ?? '',
        `exactly one intent must be given (${[...SUPPORTED, ...NOT_YET].join(', ')})`,
        'ONE_OF_ALIGNMENT',
      ),
    ]);
  const intent = given[0]!;
  const hook = deps.intents?.[intent];
  if (!(SUPPORTED as readonly string[]).includes(intent) && !hook)
    throw redirectsErrors.intentNotSupported(intent, [...SUPPORTED, ...Object.keys(deps.intents ?? {})]);

  const request: StoredRequest = {};
  let clientId: string | undefined = caller.clientId;
  if (intent === 'auth') {
    request.auth = await checkAuthRequest(deps, caller, input.auth!);
    clientId = request.auth.clientId;
  }
  if (intent === 'logout') clientId = input.logout?.clientId ?? caller.clientId;
  const client = await findClient(deps.identity, clientId, caller.siteId);
  if (intent === 'logout' && clientId && !client)
    throw new ValidationError([violation('logout.clientId', "must be an OAuth app of the caller's site")]);
  checkPostFlowUrl(client, input.callbacks?.postFlowUrl);
  if (input.callbacks?.postFlowUrl) request.postFlowUrl = input.callbacks.postFlowUrl;
  if (hook) {
    request.intentData = await hook.check(caller, input[intent]);
    const thankYou = (input.callbacks as { thankYouPageUrl?: string } | undefined)?.thankYouPageUrl;
    checkPostFlowUrl(client, thankYou, 'callbacks.thankYouPageUrl');
    if (thankYou) request.thankYouPageUrl = thankYou;
  }

  const session = caller.accessToken ? await verifyQuietly(deps.identity, caller.accessToken) : undefined;
  const now = deps.identity.clock.now();
  const id = newId();
  await deps.store.insert({
    id,
    siteId: caller.siteId,
    intent,
    clientId: client?.id ?? null,
    callerKind: caller.kind,
    callerId: caller.subjectId,
    callerSessionId: session?.sessionId ?? null,
    request,
    createdDate: now.toISOString(),
    expiresDate: new Date(now.getTime() + REDIRECT_SESSION_TTL_MS).toISOString(),
    completedDate: null,
  });
  const page = hook ? hook.page : PAGES[intent as Intent];
  const endpoint = `${deps.identity.publicUrl.replace(/\/$/, '')}/hosted/${page}`;
  const fullUrl = `${endpoint}?session=${encodeURIComponent(id)}`;
  return {
    redirectSession: {
      id,
      fullUrl,
      urlDetails: { endpoint, searchParams: { session: id } },
      sessionToken: `prs_${id}`,
      shortUrl: fullUrl,
    },
  };
}

/** The home page (origin) of a web address the OAuth app allowed, for the hosted pages' way back. */
function siteUrlOf(url: string | undefined): { siteUrl?: string } {
  if (!url) return {};
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? { siteUrl: `${origin}/` } : {};
  } catch {
    return {};
  }
}

/** What the hosted page needs to render a session. */
export async function getRedirectSession(deps: RedirectsDeps, id: string) {
  const session = await deps.store.get(id);
  if (!session) throw redirectsErrors.notFound(id);
  const client = await findClient(deps.identity, session.clientId ?? undefined, session.siteId);
  const auth = session.request.auth;
  return {
    redirectSession: {
      id: session.id,
      siteId: session.siteId,
      intent: session.intent,
      ...(client ? { clientId: client.id, clientName: client.name } : {}),
      ...(auth ? { prompt: auth.prompt, responseMode: auth.responseMode } : {}),
      hasSessionToken: Boolean(auth?.sessionToken),
      ...(session.request.postFlowUrl ? { postFlowUrl: session.request.postFlowUrl } : {}),
      ...siteUrlOf(auth?.redirectUri ?? session.request.postFlowUrl),
      expiresDate: session.expiresDate,
      completed: session.completedDate !== null,
    },
  };
}

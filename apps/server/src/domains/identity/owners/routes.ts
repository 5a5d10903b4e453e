import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clearedCookie, sessionCookie } from './cookie.ts';
import { confirmCode, sendNewCode, setEmailFactor } from './factor.ts';
import {
  CSRF_HEADER,
  currentSession,
  OWNER_SESSION_TTL_MS,
  type OwnerSessionsDeps,
  type SessionRequest,
  signIn,
  signOut,
  signOutEverywhere,
  switchSite,
} from './service.ts';

export const DASHBOARD_API = '/dashboard/api';

const SignInBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 1000 }),
    siteId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
const StateToken = Type.String({ minLength: 1, maxLength: 200 });
const CodeBody = Type.Object(
  { stateToken: StateToken, code: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);
const ResendBody = Type.Object({ stateToken: StateToken }, { additionalProperties: false });
const FactorBody = Type.Object(
  { enabled: Type.Boolean(), password: Type.Optional(Type.String({ maxLength: 1000 })) },
  { additionalProperties: false },
);
const SwitchBody = Type.Object(
  { siteId: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

const requestOf = (request: FastifyRequest): SessionRequest => {
  const csrf = request.headers[CSRF_HEADER];
  return { cookie: request.headers.cookie, csrf: Array.isArray(csrf) ? csrf[0] : csrf };
};

/**
 * The dashboard's session calls: sign in (sets the cookie, or mails a code when the owner has the e-mail
 * factor), the code (sets the cookie), a new code, who am I, switch site, the e-mail factor on or off,
 * sign out, sign out everywhere. Cookie calls only: an `Authorization` header opens nothing here.
 */
export function installOwnerSessionRoutes(
  app: FastifyInstance,
  deps: OwnerSessionsDeps,
  options: { publicUrl: string },
) {
  const secure = (request: FastifyRequest) =>
    request.protocol === 'https' || options.publicUrl.startsWith('https:');
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const schema = { hide: true };
  const opened = (
    request: FastifyRequest,
    reply: FastifyReply,
    result: { token: string; answer: object },
  ) => {
    noStore(reply).header(
      'set-cookie',
      sessionCookie(result.token, { secure: secure(request), maxAgeSeconds: OWNER_SESSION_TTL_MS / 1000 }),
    );
    return result.answer;
  };

  app.post(
    `${DASHBOARD_API}/session`,
    { schema: { ...schema, body: SignInBody } },
    async (request, reply) => {
      const input = request.body as { email: string; password: string; siteId?: string };
      const result = await signIn(deps, input, request.ip);
      if ('codeSent' in result) return noStore(reply).send(result.codeSent);
      return opened(request, reply, result);
    },
  );

  app.post(
    `${DASHBOARD_API}/session/code`,
    { schema: { ...schema, body: CodeBody } },
    async (request, reply) =>
      opened(
        request,
        reply,
        await confirmCode(deps, request.body as { stateToken: string; code: string }, request.ip),
      ),
  );

  app.post(
    `${DASHBOARD_API}/session/code/resend`,
    { schema: { ...schema, body: ResendBody } },
    async (request, reply) => {
      noStore(reply);
      return sendNewCode(deps, (request.body as { stateToken: string }).stateToken);
    },
  );

  app.put(
    `${DASHBOARD_API}/session/email-factor`,
    { schema: { ...schema, body: FactorBody } },
    async (request, reply) => {
      noStore(reply);
      const input = request.body as { enabled: boolean; password?: string };
      return setEmailFactor(deps, requestOf(request), input, request.ip);
    },
  );

  app.get(`${DASHBOARD_API}/session`, { schema }, async (request, reply) => {
    noStore(reply);
    return currentSession(deps, requestOf(request));
  });

  app.put(
    `${DASHBOARD_API}/session/site`,
    { schema: { ...schema, body: SwitchBody } },
    async (request, reply) => {
      noStore(reply);
      return switchSite(deps, requestOf(request), (request.body as { siteId: string }).siteId);
    },
  );

  app.delete(`${DASHBOARD_API}/session`, { schema }, async (request, reply) => {
    await signOut(deps, requestOf(request));
    noStore(reply).header('set-cookie', clearedCookie(secure(request)));
    return {};
  });

  app.delete(`${DASHBOARD_API}/sessions`, { schema }, async (request, reply) => {
    const ended = await signOutEverywhere(deps, requestOf(request));
    noStore(reply).header('set-cookie', clearedCookie(secure(request)));
    return { ended };
  });
}

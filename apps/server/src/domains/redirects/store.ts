import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';

export interface RedirectSessionRecord {
  id: string;
  siteId: string;
  intent: string;
  clientId: string | null;
  callerKind: string;
  callerId: string;
  callerSessionId: string | null;
  request: StoredRequest;
  createdDate: string;
  expiresDate: string;
  completedDate: string | null;
}

/** What the session keeps of its request, already validated. */
export interface StoredRequest {
  auth?: {
    clientId: string;
    redirectUri: string;
    state: string;
    responseMode: 'fragment' | 'query' | 'web_message';
    codeChallenge: string;
    prompt: 'login' | 'none';
    sessionToken?: string;
    /** web_message without a redirect URI: the origin the result is posted to (the client's only allowed origin). */
    targetOrigin?: string;
  };
  postFlowUrl?: string;
  /** What an intent hook of another domain kept (RedirectIntent), e.g. `{checkoutId}`. */
  intentData?: Record<string, unknown>;
  thankYouPageUrl?: string;
}

export function redirectsStore(db: Kysely<Schema>) {
  return {
    async insert(record: RedirectSessionRecord): Promise<void> {
      await db
        .insertInto('redirect_sessions')
        .values({
          id: record.id,
          site_id: record.siteId,
          intent: record.intent,
          client_id: record.clientId,
          caller_kind: record.callerKind,
          caller_id: record.callerId,
          caller_session_id: record.callerSessionId,
          request: JSON.stringify(record.request),
          created_date: record.createdDate,
          expires_date: record.expiresDate,
          completed_date: null,
        })
        .execute();
    },

    async get(id: string): Promise<RedirectSessionRecord | undefined> {
      const row = await db
        .selectFrom('redirect_sessions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        siteId: row.site_id,
        intent: row.intent,
        clientId: row.client_id,
        callerKind: row.caller_kind,
        callerId: row.caller_id,
        callerSessionId: row.caller_session_id,
        request: JSON.parse(row.request) as StoredRequest,
        createdDate: row.created_date,
        expiresDate: row.expires_date,
        completedDate: row.completed_date,
      };
    },

    /**
     * Replaces what the intent keeps (a page that opens a checkout later, e.g. `bookingsBook`, names it
     * here); false when the session is gone or completed.
     */
    async setIntentData(id: string, intentData: Record<string, unknown>): Promise<boolean> {
      const session = await this.get(id);
      if (!session || session.completedDate !== null) return false;
      const result = await db
        .updateTable('redirect_sessions')
        .set({ request: JSON.stringify({ ...session.request, intentData }) })
        .where('id', '=', id)
        .where('completed_date', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** True when this call completed the session (only once). */
    async complete(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('redirect_sessions')
        .set({ completed_date: now })
        .where('id', '=', id)
        .where('completed_date', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type RedirectsStore = ReturnType<typeof redirectsStore>;

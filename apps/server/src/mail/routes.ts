import { mailboxCalls } from '@plaza/contracts';
import { callModule } from '../http/calls.ts';
import type { Mailer } from './mailer.ts';

export function mailboxRoutes(mail: Mailer) {
  return callModule('mailbox', mailboxCalls, {
    queryMailbox: async ({ to, limit }, { caller }) => ({
      messages: await mail.list(caller.siteId, { ...(to ? { to } : {}), ...(limit ? { limit } : {}) }),
    }),
  });
}

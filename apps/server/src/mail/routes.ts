import { mailboxCalls } from '@plaza/contracts';
import { callModule } from '../http/calls.ts';
import type { Mailer } from './mailer.ts';

export function mailboxRoutes(mail: Mailer) {
  return callModule('mailbox', mailboxCalls, {
    queryMailbox: async ({ to, limit, cursor }, { caller }) => {
      const { messages, next } = await mail.page(caller.siteId, {
        ...(to ? { to } : {}),
        ...(limit ? { limit } : {}),
        ...(cursor === undefined ? {} : { before: Number(cursor) }),
      });
      return {
        messages,
        pagingMetadata: { count: messages.length, cursors: { next }, hasNext: next !== null },
      };
    },
  });
}

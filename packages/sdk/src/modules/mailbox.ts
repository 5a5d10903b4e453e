import type { queryMailbox } from '@plaza/contracts';
import { call } from '../core/calls.ts';
import { mailboxCalls } from '../generated/calls.ts';

/** The development mailbox: every e-mail the site sent (codes, reset links), for tests and demos. */
export const mailbox = {
  /**
   * The site's outgoing e-mail, newest first. Admin.
   * @example
   * const { messages } = await admin.mailbox.queryMailbox({ to: 'ana@example.com', limit: 1 });
   * const code = messages[0]?.text.match(/\d{6}/)?.[0];
   */
  queryMailbox: call<typeof queryMailbox>(mailboxCalls, 'queryMailbox'),
};

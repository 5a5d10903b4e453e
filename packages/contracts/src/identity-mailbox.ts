/**
 * The dev mailbox: the site's outgoing e-mail, read back in development and tests. It is its own
 * domain (`mailboxCalls`), kept beside identity because identity is what sends the mail.
 */
import { Type } from '@sinclair/typebox';
import { PagingMetadata } from './common.ts';
import { defineCall } from './define.ts';
import { MailMessage } from './identity-schemas.ts';

export const queryMailbox = defineCall({
  name: 'queryMailbox',
  method: 'POST',
  paths: ['/plaza/v1/mailbox/query'],
  access: 'admin',
  summary:
    "The site's outgoing e-mail (newest first): verification codes, reset links. For development and tests. Page on with `cursor` = the answer's `pagingMetadata.cursors.next`.",
  request: Type.Object({
    to: Type.Optional(Type.String({ maxLength: 320 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,19}$', description: 'Opaque.' })),
  }),
  response: Type.Object({ messages: Type.Array(MailMessage), pagingMetadata: PagingMetadata }),
});

export const mailboxCalls = [queryMailbox] as const;

import nodemailer from 'nodemailer';
import type { Database } from '../db/connect.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';

export interface OutgoingMail {
  siteId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface StoredMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  createdDate: string;
}

export interface SmtpSettings {
  /** `smtp://user:pass@host:587` or `smtps://…` */
  url: string;
  /** The From header, e.g. `Plaza <no-reply@example.com>`. */
  from: string;
  /** Told about messages the SMTP server refused; they stay in the mailbox. */
  onError?: (error: unknown, mail: OutgoingMail) => void;
}

/**
 * Outgoing e-mail. Every message is kept in `mail_messages` (the dev mailbox, readable by the site
 * admin) and, when SMTP is configured, sent through it. A refused send does not fail the call that
 * sent it: the message is kept and can be sent again (e.g. "resend code").
 */
export function mailer(database: Database, clock: Clock, smtp?: SmtpSettings) {
  const db = database.db;
  const transport = smtp ? nodemailer.createTransport(smtp.url) : undefined;
  /**
   * Newest first, `limit` at a time; `before` is the previous page's `next`. Paged by sequence, not
   * offset, so mail sent meanwhile neither repeats nor skips a message.
   */
  async function page(
    siteId: string,
    options: { to?: string; limit?: number; before?: number } = {},
  ): Promise<{ messages: StoredMail[]; next: string | null }> {
    const limit = options.limit ?? 20;
    let query = db.selectFrom('mail_messages').selectAll().where('site_id', '=', siteId);
    if (options.to) query = query.where('to_address', '=', options.to.toLowerCase());
    if (options.before !== undefined) query = query.where('seq', '<', options.before);
    const rows = await query
      .orderBy('seq', 'desc')
      .limit(limit + 1)
      .execute();
    const shown = rows.slice(0, limit);
    return {
      messages: shown.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        ...(row.html === null ? {} : { html: row.html }),
        createdDate: row.created_date,
      })),
      next: rows.length > limit ? String(shown.at(-1)!.seq) : null,
    };
  }

  return {
    async send(mail: OutgoingMail): Promise<string> {
      const id = newId();
      await db
        .insertInto('mail_messages')
        .values({
          id,
          site_id: mail.siteId,
          to_address: mail.to.toLowerCase(),
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          created_date: clock.now().toISOString(),
        })
        .execute();
      if (transport && smtp) {
        try {
          await transport.sendMail({
            from: smtp.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            ...(mail.html ? { html: mail.html } : {}),
          });
        } catch (error) {
          smtp.onError?.(error, mail);
        }
      }
      return id;
    },

    /** Newest first. */
    async list(siteId: string, options: { to?: string; limit?: number } = {}): Promise<StoredMail[]> {
      return (await page(siteId, options)).messages;
    },

    page,
  };
}

export type Mailer = ReturnType<typeof mailer>;

import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import { manualClock } from '../lib/clock.ts';
import { mailer } from './mailer.ts';

/** Mail goes to a real SMTP server started here, and into the dev mailbox either way. */
describe.each(engines)('mailer (%s)', (engine) => {
  let database: TestDatabase;
  let server: SMTPServer;
  let port: number;
  const received: Array<{ to: string[]; raw: string }> = [];

  beforeAll(async () => {
    database = await freshDatabase(engine);
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString();
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.dispose();
  });

  it('sends through SMTP when configured and keeps the message in the mailbox', async () => {
    const mail = mailer(database, manualClock(), {
      url: `smtp://127.0.0.1:${port}`,
      from: 'Plaza <no-reply@plaza.test>',
    });
    await mail.send({ siteId: 'site-1', to: 'Ann@Example.com', subject: 'Your code', text: 'Code: 123456' });
    expect(received.at(-1)?.to.map((address) => address.toLowerCase())).toEqual(['ann@example.com']);
    expect(received.at(-1)?.raw).toContain('Subject: Your code');
    expect(received.at(-1)?.raw).toContain('Code: 123456');
    const [stored] = await mail.list('site-1', { to: 'ann@example.com' });
    expect(stored).toMatchObject({ subject: 'Your code', text: 'Code: 123456' });
  });

  it('keeps the message and reports the failure when the SMTP server is unreachable', async () => {
    const failures: unknown[] = [];
    const mail = mailer(database, manualClock(), {
      url: 'smtp://127.0.0.1:1',
      from: 'Plaza <no-reply@plaza.test>',
      onError: (error) => failures.push(error),
    });
    await mail.send({ siteId: 'site-2', to: 'bob@example.com', subject: 'Reset', text: 'Link' });
    expect(failures).toHaveLength(1);
    expect(await mail.list('site-2')).toHaveLength(1);
  });
});

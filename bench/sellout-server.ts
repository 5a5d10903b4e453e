// Plaza for `npm run bench:sellout`, run as a child process of sellout.ts (compiled as `npm start` runs the
// server): a fresh SQLite database, one site with one ticketed event whose one ticket type has `tickets`
// tickets, and a visitor token. Tells its parent the URL and the request; answers `count` with what the
// ticket type's capacity counter and its holds say.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { availability } from '../apps/server/src/db/capacity.ts';
import { buildPlatform } from '../apps/server/src/deps.ts';
import { createEvent, createTicketDefinition } from '../apps/server/src/domains/events/index.ts';
import { ticketResource } from '../apps/server/src/domains/events/store.ts';
import { createSite } from '../apps/server/src/domains/sites/index.ts';
import type { Caller } from '../apps/server/src/http/access.ts';
import { newId } from '../apps/server/src/lib/ids.ts';

export type SelloutServerMessage =
  | { ready: true; url: string; path: string; body: string; headers: Record<string, string> }
  | { ready: false; error: string }
  | { counted: { held: number; confirmed: number; holds: number; capacity: number } };

const send = (message: SelloutServerMessage) => process.send?.(message);
if (!process.send) throw new Error('sellout-server runs as a child process (fork) of bench/sellout.ts');

const tickets = Number(process.argv[2] ?? 1000);
const dataDir = mkdtempSync(join(tmpdir(), `plaza-sellout-${process.pid}-`));
try {
  const platform = await buildPlatform(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  const app = await buildApp(platform, { logger: false });
  const site = await createSite(platform.sites, { name: 'Sell-out site' });
  const owner: Caller = {
    siteId: site.id,
    kind: 'admin',
    subjectId: 'bench',
    clientId: undefined,
    accessToken: undefined,
  };
  const start = new Date(platform.clock.nowMs() + 7 * 24 * 3600_000);
  const { event } = await createEvent(platform.events, owner, {
    event: {
      title: 'The sell-out concert',
      location: { type: 'VENUE', name: 'Bench Hall', address: { country: 'US', city: 'New York' } },
      dateAndTimeSettings: {
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 3 * 3600_000).toISOString(),
        timeZoneId: 'America/New_York',
      },
      registration: { initialType: 'TICKETING' },
    },
  });
  const { ticketDefinition } = await createTicketDefinition(platform.events, owner, {
    eventId: event.id,
    name: 'General admission',
    pricingMethod: { fixedPrice: { value: '40.00' } },
    initialLimit: tickets,
  });
  const { token: visitor } = await platform.identity.tokens.issue({
    siteId: site.id,
    subjectType: 'visitor',
    subjectId: newId(),
    clientId: undefined,
  });
  await platform.identity.tokens.verify(visitor);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  const stop = () =>
    void Promise.allSettled([app.close(), platform.close()]).finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  // The IPC channel closes when the parent exits or dies: never outlive it.
  process.on('disconnect', stop);
  process.once('SIGTERM', stop);
  process.on('message', (message: unknown) => {
    if (message !== 'count') return;
    const resource = ticketResource(ticketDefinition.id);
    Promise.all([
      availability(platform.database.db, site.id, resource, platform.clock.now()),
      platform.database.db
        .selectFrom('capacity_holds')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('site_id', '=', site.id)
        .where('resource_key', '=', resource)
        .where('state', '=', 'HELD')
        .executeTakeFirstOrThrow(),
    ]).then(
      ([found, holds]) =>
        send({
          counted: {
            held: found?.held ?? 0,
            confirmed: found?.confirmed ?? 0,
            capacity: found?.capacity ?? 0,
            holds: Number(holds.n),
          },
        }),
      (error: unknown) => send({ ready: false, error: String(error) }),
    );
  });
  send({
    ready: true,
    url: `http://127.0.0.1:${port}`,
    path: '/events/v1/checkout/reservations',
    body: JSON.stringify({
      eventId: event.id,
      ticketQuantities: [{ ticketDefinitionId: ticketDefinition.id, quantity: 1 }],
    }),
    headers: { authorization: visitor, 'content-type': 'application/json' },
  });
} catch (error) {
  rmSync(dataDir, { recursive: true, force: true });
  send({ ready: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}

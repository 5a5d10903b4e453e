import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildPlatform } from '../apps/server/src/deps.ts';
import { addToCurrentCart } from '../apps/server/src/domains/ecom/cart/service.ts';
import { ownerKeyOf } from '../apps/server/src/domains/ecom/context.ts';
import { updateEcomSettings } from '../apps/server/src/domains/ecom/settings.ts';
import { createOAuthApp, createSite } from '../apps/server/src/domains/sites/index.ts';
import { STORES_APP_IDS } from '../apps/server/src/domains/stores/index.ts';
import type { Caller } from '../apps/server/src/http/access.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { DEMO_CLIENT_ID, DEMO_SITE_ID, seedDemo } from '../apps/server/src/seed/demo.ts';
import { BOOKING_DAYS, BOOKING_STAFF, MONTH_DAYS, MONTH_STAFF, seedBookingsBench } from './bookings-seed.ts';
import { seedCatalog } from './catalog-seed.ts';
import { seedEvents } from './events-seed.ts';
import type { BenchContext } from './scenarios.ts';

/** The bench data set; every scenario reads from it. */
export const dataset = {
  oAuthApps: 200,
  /** Each with 2 options (Size × Color), 6 variants, one image; catalog-seed.ts. */
  products: 10_000,
  /** Lines in the cart of `visitorToken` (estimate-totals). */
  cartLines: 3,
  /**
   * Visitors the add-to-cart scenario cycles through: each line's quantity grows by one per cycle, and
   * a line takes at most 1000, so the scenario stays valid for 500 × 999 requests to Plaza.
   */
  cartVisitors: 500,
  /** Products of the demo site of `npm start` (seed/demo.ts), seeded beside the bench site. */
  demoProducts: 12,
  /** The bookings scenarios' services (bookings-seed.ts): a month of 10 staff, and the booked one's slots. */
  bookings: {
    monthStaff: MONTH_STAFF,
    monthDays: MONTH_DAYS,
    bookingStaff: BOOKING_STAFF,
    bookingDays: BOOKING_DAYS,
    slotMinutes: 15,
  },
};

/** Where `npm start` serves the demo storefront: the origin its requests come from. */
const DEMO_ORIGIN = 'http://localhost:3000';

export interface RunningPlaza {
  url: string;
  context: BenchContext;
  close(): Promise<void>;
}

/** The real app on a fresh SQLite database in a temp dir, listening on an ephemeral loopback port. */
export async function startPlaza(): Promise<RunningPlaza> {
  removeOrphanedDataDirs();
  const dataDir = mkdtempSync(join(tmpdir(), `plaza-bench-${process.pid}-`));
  const steps: Array<() => Promise<void> | void> = [() => rmSync(dataDir, { recursive: true, force: true })];
  const close = async () => {
    for (const step of steps.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('bench: cleanup step failed', error);
      }
    }
  };

  try {
    // PORT is left out: the config refuses 0 (minimum 1) and buildApp never reads it; listen() picks the port.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const platform = await buildPlatform(config);
    steps.push(() => platform.close());
    const app = await buildApp(platform, { logger: false });
    steps.push(() => app.close());

    const context = await seed(platform);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, context, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Data dirs of bench runs that were killed outright (SIGKILL: no cleanup ran), told by their dead pid. */
function removeOrphanedDataDirs() {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^plaza-bench-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type Platform = Awaited<ReturnType<typeof buildPlatform>>;

/** A site with an admin API key, a visitor token and the data set, written through the service layer. */
async function seed(platform: Platform): Promise<BenchContext> {
  const started = Date.now();
  const site = await createSite(platform.sites, { name: 'Bench site' });
  const { key } = await platform.identity.apiKeys.create(site.id, 'bench admin key');
  for (let i = 0; i < dataset.oAuthApps; i++) {
    const origin = `https://client-${i}.bench.example`;
    await createOAuthApp(platform.sites, site.id, {
      name: `Bench client ${i}`,
      description: `OAuth client number ${i} of the bench data set, with a few redirect URIs and origins.`,
      allowedRedirectUris: [`${origin}/callback`, `${origin}/login-callback`, `${origin}/`],
      allowedOrigins: [origin, `https://www.client-${i}.bench.example`],
    });
  }
  const { productIds } = await seedCatalog(platform.stores, site.id, dataset.products);

  const owner: Caller = {
    siteId: site.id,
    kind: 'admin',
    subjectId: 'bench',
    clientId: undefined,
    accessToken: undefined,
  };
  await updateEcomSettings(platform.ecom, owner, {
    taxRates: [
      { country: 'US', rate: 6.25, name: 'State tax' },
      { country: 'US', subdivision: 'CA', rate: 8.25, name: 'CA sales tax' },
    ],
    shippingOptions: [
      {
        code: 'standard',
        title: 'Standard',
        type: 'FLAT_RATE',
        price: '5.00',
        freeOver: '100.00',
        deliveryTime: '3-5 business days',
        regions: [{ country: 'US', price: '5.00' }],
      },
      { code: 'express', title: 'Express', type: 'FLAT_RATE', price: '15.00', deliveryTime: '1-2 days' },
      { code: 'pickup', title: 'Pick up in store', type: 'STORE_PICKUP', price: '0' },
    ],
    payments: { test: true, offline: true },
  });

  const visitor = async () => {
    const subjectId = newId();
    const { token } = await platform.identity.tokens.issue({
      siteId: site.id,
      subjectType: 'visitor',
      subjectId,
      clientId: undefined,
    });
    return { token, subjectId };
  };
  const shopper = await visitor();
  await addToCurrentCart(
    platform.ecom,
    {
      siteId: site.id,
      kind: 'visitor',
      subjectId: shopper.subjectId,
      clientId: undefined,
      accessToken: shopper.token,
    },
    {
      lineItems: [
        { id: 100, options: { Size: 'S', Color: 'Red' }, quantity: 2 },
        { id: 2001, options: { Size: 'L', Color: 'Blue' }, quantity: 1 },
        { id: 7777, options: { Size: 'M', Color: 'Red' }, quantity: 1 },
      ]
        .slice(0, dataset.cartLines)
        .map(({ id, options, quantity }) => ({
          catalogReference: {
            appId: STORES_APP_IDS[0],
            catalogItemId: productIds[id]!,
            options: { options },
          },
          quantity,
        })),
    },
  );
  const cartVisitors = new Map<string, string>();
  for (let i = 0; i < dataset.cartVisitors; i++) {
    const { token, subjectId } = await visitor();
    cartVisitors.set(token, subjectId);
  }
  const cartVisitorTokens = [...cartVisitors.keys()];
  const events = await seedEvents(platform, owner, shopper.token);

  await seedDemo(platform, { demoOrigin: DEMO_ORIGIN });
  const bookings = await seedBookingsBench(
    platform,
    owner,
    {
      siteId: site.id,
      kind: 'visitor',
      subjectId: shopper.subjectId,
      clientId: undefined,
      accessToken: shopper.token,
    },
    DEMO_SITE_ID,
  );
  // As the demo storefront's anonymous grant issues it.
  const { token: demoVisitorToken } = await platform.identity.tokens.issue({
    siteId: DEMO_SITE_ID,
    subjectType: 'visitor',
    subjectId: newId(),
    clientId: DEMO_CLIENT_ID,
  });
  // A visitor's token is verified on its first call and remembered until it expires; verify them here
  // so that the measured runs see visitors that are already browsing, whatever the warm-up reached.
  for (const token of [shopper.token, demoVisitorToken, ...cartVisitorTokens]) {
    await platform.identity.tokens.verify(token);
  }

  // The import went through the write-ahead log (~250 MB for the catalog): fold it into the database, as
  // SQLite does on its own when writes pause, so that the first scenario does not pay for the import.
  if (platform.database.engine === 'sqlite') {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(platform.database.db);
  }

  process.stderr.write(`bench: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  const storedCart = async (token: string) => {
    const subjectId = cartVisitors.get(token);
    const stored =
      subjectId && (await platform.ecom.store.cartOf(site.id, ownerKeyOf({ kind: 'visitor', subjectId })));
    if (!stored) throw new Error('storedCart: that visitor of cartVisitorTokens has no cart yet');
    return stored;
  };
  return {
    siteId: site.id,
    adminKey: key,
    visitorToken: shopper.token,
    cartVisitorTokens,
    storedCart,
    productIds,
    demoVisitorToken,
    demoOrigin: DEMO_ORIGIN,
    events,
    bookings,
  };
}

import type { Platform } from '../deps.ts';
import { createOAuthApp, createSite } from '../domains/sites/index.ts';
import { newId } from '../lib/ids.ts';
import { hashPassword } from '../lib/passwords.ts';
import { seedBookings } from './bookings.ts';
import { seedEcom } from './ecom.ts';
import { seedEvents } from './events.ts';
import { seedPlans } from './plans.ts';
import { seedStores } from './stores.ts';

/** Fixed ids so the demo storefront and the SDK examples work without configuration. */
export const DEMO_SITE_ID = '5b3c9a62-0f4e-4d1a-9a57-6f3f1c2d8e01';
export const DEMO_CLIENT_ID = '8f2d4c1a-6b7e-4e3f-a9d0-3c5b7e9f1a24';
export const DEMO_OWNER = { email: 'owner@plaza.local', password: 'plaza-demo' };

export interface DemoCredentials {
  siteId: string;
  clientId: string;
  owner: typeof DEMO_OWNER;
  apiKey: string;
}

export interface SeedOptions {
  demoOrigin: string;
  progress?: (step: string) => void;
}

/** Creates the demo site with its owner, OAuth client, admin API key and each domain's demo data. */
export async function seedDemo(platform: Platform, options: SeedOptions): Promise<DemoCredentials> {
  const progress = options.progress ?? (() => {});
  progress('site');
  await createSite(platform.sites, {
    id: DEMO_SITE_ID,
    name: 'Plaza Demo',
    currency: 'USD',
    timeZone: 'UTC',
    installedApps: ['stores', 'bookings', 'events', 'pricing-plans'],
  });

  progress('owner account');
  await platform.database.db
    .insertInto('site_owners')
    .values({
      id: newId(),
      site_id: DEMO_SITE_ID,
      email: DEMO_OWNER.email,
      password_hash: await hashPassword(DEMO_OWNER.password),
      created_date: platform.clock.now().toISOString(),
    })
    .execute();

  progress('OAuth client');
  await createOAuthApp(
    platform.sites,
    DEMO_SITE_ID,
    {
      name: 'Demo storefront',
      description: 'The examples site started by npm start.',
      allowedRedirectUris: [`${options.demoOrigin}/login-callback`, `${options.demoOrigin}/`],
      allowedOrigins: [options.demoOrigin],
    },
    DEMO_CLIENT_ID,
  );

  await seedStores(platform, DEMO_SITE_ID);
  await seedEcom(platform, DEMO_SITE_ID);
  await seedPlans(platform, DEMO_SITE_ID);
  await seedEvents(platform, DEMO_SITE_ID);
  await seedBookings(platform, DEMO_SITE_ID);
  progress('admin API key');
  const { key } = await platform.identity.apiKeys.create(DEMO_SITE_ID, 'Demo admin key');
  return { siteId: DEMO_SITE_ID, clientId: DEMO_CLIENT_ID, owner: DEMO_OWNER, apiKey: key };
}

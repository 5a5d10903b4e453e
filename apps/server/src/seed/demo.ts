import type { Platform } from '../deps.ts';
import { seedBookings } from './bookings.ts';
import { seedEcom } from './ecom.ts';
import { seedEvents } from './events.ts';
import { seedPlans } from './plans.ts';
import { provisionSite } from './site.ts';
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
  const { apiKey } = await provisionSite(
    platform,
    {
      id: DEMO_SITE_ID,
      name: 'Plaza Demo',
      currency: 'USD',
      timeZone: 'UTC',
      installedApps: ['stores', 'bookings', 'events', 'pricing-plans'],
      owner: DEMO_OWNER,
      client: {
        id: DEMO_CLIENT_ID,
        name: 'Demo storefront',
        description: 'The examples site started by npm start.',
        allowedRedirectUris: [`${options.demoOrigin}/login-callback`, `${options.demoOrigin}/`],
        allowedOrigins: [options.demoOrigin],
      },
      apiKeyName: 'Demo admin key',
    },
    options.progress,
  );
  await seedStores(platform, DEMO_SITE_ID);
  await seedEcom(platform, DEMO_SITE_ID);
  await seedPlans(platform, DEMO_SITE_ID);
  await seedEvents(platform, DEMO_SITE_ID);
  await seedBookings(platform, DEMO_SITE_ID);
  return { siteId: DEMO_SITE_ID, clientId: DEMO_CLIENT_ID, owner: DEMO_OWNER, apiKey };
}

import { APP_NAMES, AppCode } from './apps.ts';

/** An app as the site's `installedApps` names it, with what people read about it. */
export interface InstallableApp {
  /** The name in `installedApps` and in `examples.json`'s `installLink`. */
  code: string;
  app: AppCode;
  name: string;
  what: string;
}

const APPS: readonly InstallableApp[] = [
  {
    code: 'stores',
    app: AppCode.store,
    name: APP_NAMES[AppCode.store],
    what: 'sells products from a catalog',
  },
  {
    code: 'bookings',
    app: AppCode.bookings,
    name: APP_NAMES[AppCode.bookings],
    what: 'takes bookings of services',
  },
  { code: 'events', app: AppCode.events, name: APP_NAMES[AppCode.events], what: 'sells tickets to events' },
  {
    code: 'pricing-plans',
    app: AppCode.subscriptions,
    name: APP_NAMES[AppCode.subscriptions],
    what: 'sells membership plans',
  },
];

/** The app an install link names (`stores`, `pricing-plans` …), or undefined. */
export const installableApp = (code: string): InstallableApp | undefined => APPS.find((a) => a.code === code);

/** The demo's page that explains how to install the app an example needs. */
export const installPath = (installLink: string) => `/install/${encodeURIComponent(installLink)}`;

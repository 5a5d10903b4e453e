/** The seed's installed-app codes (section 9): an example maps to an app by its orderId minus 1. */
export const AppCode = { bookings: 0, store: 1, events: 2, subscriptions: 3 } as const;
export type AppCode = (typeof AppCode)[keyof typeof AppCode];

export const APP_CODES: readonly AppCode[] = [0, 1, 2, 3];

/** Names shown to people (not-installed pages, install links). */
export const APP_NAMES: Record<AppCode, string> = {
  0: 'Bookings',
  1: 'Stores',
  2: 'Events',
  3: 'Pricing Plans',
};

export const isAppCode = (value: number): value is AppCode => (APP_CODES as number[]).includes(value);

/** Which apps answered the detection; every code is present. */
export type InstalledApps = Record<AppCode, boolean>;

export const noAppsInstalled = (): InstalledApps => ({ 0: false, 1: false, 2: false, 3: false });

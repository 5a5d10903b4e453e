import { describe, expect, it } from 'vitest';
import { AppCode } from './apps.ts';
import { installableApp, installPath } from './install.ts';

describe('install links', () => {
  it("names each app by the site's installedApps code", () => {
    expect(installableApp('stores')).toMatchObject({ app: AppCode.store, name: 'Stores' });
    expect(installableApp('pricing-plans')).toMatchObject({
      app: AppCode.subscriptions,
      name: 'Pricing Plans',
    });
    expect(installableApp('Stores')).toBeUndefined();
    expect(installableApp('')).toBeUndefined();
  });

  it('points at the demo page that explains the install', () => {
    expect(installPath('stores')).toBe('/install/stores');
    expect(installPath('a b/c')).toBe('/install/a%20b%2Fc');
  });
});

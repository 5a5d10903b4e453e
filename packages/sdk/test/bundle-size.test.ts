import { describe, expect, it } from 'vitest';
import {
  describeSize,
  measureBundle,
  STOREFRONT_BUDGET_BYTES,
  STOREFRONT_MODULES,
} from '../scripts/bundle-size.ts';

describe('browser bundle (esbuild, minified, gzipped)', () => {
  it('builds core + one module and reports its size', async () => {
    const bundle = await measureBundle(['sites']);
    console.log(describeSize(bundle));
    expect(bundle.gzippedBytes).toBeGreaterThan(0);
    expect(bundle.gzippedBytes).toBeLessThan(bundle.minifiedBytes);
  });

  it(`keeps core + stores + ecom within ${STOREFRONT_BUDGET_BYTES} bytes gzipped`, async () => {
    const bundle = await measureBundle(STOREFRONT_MODULES);
    console.log(describeSize(bundle));
    expect(bundle.inputs.filter((path) => path.includes('/modules/')).sort()).toEqual([
      'src/modules/ecom.ts',
      'src/modules/stores.ts',
    ]);
    expect(bundle.gzippedBytes).toBeLessThanOrEqual(STOREFRONT_BUDGET_BYTES);
  });

  it('ships no schema: nothing of @plaza/contracts or TypeBox is bundled', async () => {
    const { inputs } = await measureBundle([
      'sites',
      'identity',
      'redirects',
      'mailbox',
      'platform',
      'stores',
      'ecom',
    ]);
    expect(inputs.filter((path) => /contracts|typebox/.test(path))).toEqual([]);
  });

  it('is tree-shakable: a page with one module carries no other module', async () => {
    const { inputs, code } = await measureBundle(['platform']);
    expect(inputs.filter((path) => path.includes('/modules/'))).toEqual(['src/modules/platform.ts']);
    expect(inputs.some((path) => path.includes('/query/'))).toBe(false);
    expect(code).not.toContain('/oauth-app/v1/oauth-apps');
    expect(code).not.toContain('/plaza/v1/api-keys');
    expect(code).not.toContain('/stores-reader/v1');
    expect(code).not.toContain('/ecom/v1');
  });

  it('keeps the call tables apart: stores carries no ecom path and ecom no stores path', async () => {
    const catalogOnly = await measureBundle(['stores']);
    expect(catalogOnly.code).toContain('/stores-reader/v1/products/query-platformized');
    expect(catalogOnly.code).not.toContain('/ecom/v1');
    const cartOnly = await measureBundle(['ecom']);
    expect(cartOnly.code).toContain('/ecom/v1/carts/current');
    expect(cartOnly.code).not.toContain('/stores');
  });
});

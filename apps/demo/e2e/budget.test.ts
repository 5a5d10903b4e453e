import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUDGET_BYTES, measure } from '../scripts/bundle-size.ts';
import { demoRoot, viteBuild } from './build.ts';

/** The home and store pages' JavaScript stays within 150 KB gzipped (a production build). */
describe('bundle budget', () => {
  const out = mkdtempSync(join(tmpdir(), 'plaza-demo-budget-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('home + store JavaScript ≤ 150 KB gzipped', async () => {
    await viteBuild(demoRoot, out);
    const size = measure(out);
    console.info(
      `apps/demo bundle: home ${(size.home / 1024).toFixed(1)} KB + store ${(size.storeExtra / 1024).toFixed(1)} KB = ${(size.total / 1024).toFixed(1)} KB gzipped`,
    );
    expect(size.storeExtra).toBeGreaterThan(0);
    expect(size.total).toBeLessThanOrEqual(BUDGET_BYTES);
  }, 60_000);
});

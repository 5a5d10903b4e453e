import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstLoadBytes, viteBuild } from './build.ts';

const BUDGET_BYTES = 250 * 1024;

/** The dashboard's first load (sign-in, shell and home) stays within 250 KB of JavaScript gzipped. */
describe('dashboard bundle budget', () => {
  const out = mkdtempSync(join(tmpdir(), 'plaza-dashboard-budget-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('first load ≤ 250 KB of JavaScript gzipped; the other sections load on demand', async () => {
    await viteBuild(out);
    const { files, gzipped } = firstLoadBytes(out);
    console.info(
      `apps/dashboard first load: ${files.length} file(s), ${(gzipped / 1024).toFixed(1)} KB gzipped`,
    );
    expect(files.length).toBeGreaterThan(0);
    expect(
      files.some((file) => /orders|products|plans|members|memberships|settings|webhook/.test(file)),
    ).toBe(false);
    expect(gzipped).toBeLessThanOrEqual(BUDGET_BYTES);
  }, 120_000);
});

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import root from '../../../vitest.config.ts';

/**
 * Only the browser tests: `npx vitest run --config apps/hosted/e2e/vitest.config.ts`. The root run
 * picks them up as well once the root `include` lists the e2e folders of the apps.
 */
export default defineConfig({
  ...root,
  test: {
    ...root.test,
    root: fileURLToPath(new URL('../../..', import.meta.url)),
    include: ['apps/hosted/e2e/**/*.test.ts'],
  },
});

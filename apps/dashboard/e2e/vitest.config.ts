import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import root from '../../../vitest.config.ts';

/** Only the dashboard's browser and budget tests: `npx vitest run --config apps/dashboard/e2e/vitest.config.ts`. */
export default defineConfig({
  ...root,
  test: {
    ...root.test,
    root: fileURLToPath(new URL('../../..', import.meta.url)),
    include: ['apps/dashboard/e2e/**/*.test.ts'],
  },
});

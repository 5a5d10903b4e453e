import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import root from '../../vitest.config.ts';

/**
 * The compatibility suite: the official `@wix/*` packages against a real Plaza server.
 * Run from the repository root: `npx vitest run --config tests/compat/vitest.config.ts`.
 * Extends the root config and only narrows `include` (arrays would be concatenated by mergeConfig).
 */
export default defineConfig({
  ...root,
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    ...root.test,
    include: ['tests/compat/**/*.test.ts'],
    testTimeout: 30_000,
  },
});

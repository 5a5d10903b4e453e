import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/*/src/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'apps/*/e2e/**/*.test.ts',
      'tests/*/**/*.test.ts',
      'bench/*.test.ts',
    ],
    env: { TZ: 'UTC' },
    testTimeout: 20_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});

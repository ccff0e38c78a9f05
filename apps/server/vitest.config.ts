import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file gets its own database; a few at a time keeps 2 cores responsive.
    maxWorkers: 2,
    sequence: { groupOrder: 2 },
  },
});

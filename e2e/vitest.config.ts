import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['setup/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One browser at a time on a 2-core machine.
    fileParallelism: false,
    sequence: { groupOrder: 3 },
  },
});

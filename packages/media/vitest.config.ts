import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'media', sequence: { groupOrder: 0 },
    include: ['test/**/*.test.ts'],
    testTimeout: 60000,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Pure functions and schemas: with the other unit suites, before the server and the browser.
    name: 'contracts',
    sequence: { groupOrder: 0 },
    include: ['test/**/*.test.ts'],
  },
});

import { defineConfig } from 'vitest/config';

// Each workspace owns its test setup; the root only lists them so `vitest run` runs everything.
export default defineConfig({
  test: {
    // Two files at a time for the unit projects (jsdom, ffmpeg): Vitest's default on 2 cores is one.
    maxWorkers: 2,
    projects: ['packages/*', 'apps/*', 'e2e', { test: { name: 'lint', include: ['scripts/test/**/*.test.mjs'], testTimeout: 60_000 } }],
  },
});
